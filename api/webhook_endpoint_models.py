"""Request and response models of /v1/webhook-endpoints (see api/webhook_endpoints.py).

Bodies are strict (a number is not a URL); the values themselves are checked by
``billing.webhooks.endpoints``, so its messages ("url must be an http or https URL",
"Unknown event types: ...") come from one place. The documented schemas state what that
service accepts: an http(s) URL of at most 2000 characters, known event type names (or
``*``), a description of at most 500 characters, a status ``enabled`` or ``disabled``.
"""

from typing import Annotated

from pydantic import BaseModel

from api.common import Body
from api.schema_rules import documented, http_url, one_of, text
from billing.event_log import event_types
from billing.event_log.models import EndpointStatus, WebhookEndpoint
from billing.webhooks.endpoints import MAX_DESCRIPTION

EVENT_NAMES = documented(
    {
        "type": "array",
        "items": {"type": "string", "enum": [event_types.ALL, *event_types.TYPES]},
    },
    optional=True,
)
DESCRIPTION = text(MAX_DESCRIPTION, blank=True, optional=True)
# ``url_guard`` refuses longer URLs; the column is as long.
URL = http_url(WebhookEndpoint._meta.fields_map["url"].max_length, optional=False)


class CreateWebhookEndpoint(Body):
    """``url`` is required; ``events`` omitted, null or empty means every type (``["*"]``,
    types added later included)."""

    required_fields = ("url",)
    url: Annotated[str | None, URL] = None
    events: Annotated[list[str] | None, EVENT_NAMES] = None
    description: Annotated[str | None, DESCRIPTION] = None


class UpdateWebhookEndpoint(Body):
    """Any of the fields; only those sent change. ``events`` null or empty means every type;
    ``description`` null clears it. ``status`` ``enabled`` also clears a failure streak and
    the reason an endpoint was disabled."""

    url: Annotated[str | None, URL] = None
    events: Annotated[list[str] | None, EVENT_NAMES] = None
    description: Annotated[str | None, DESCRIPTION] = None
    status: Annotated[str | None, one_of(EndpointStatus.ENABLED, EndpointStatus.DISABLED)] = None


class WebhookEndpointOut(BaseModel):
    id: str
    url: str
    description: str
    events: list[str]
    status: str
    disabledReason: str | None
    createdAt: str
    updatedAt: str


class WebhookEndpointWithSecretOut(WebhookEndpointOut):
    """The endpoint and its signing secret (``whsec_``...): answered only on creation and
    rotation."""

    secret: str


class WebhookEndpointEnvelope(BaseModel):
    """One endpoint (never its secret)."""

    webhookEndpoint: WebhookEndpointOut


class WebhookEndpointSecretEnvelope(BaseModel):
    """One endpoint with its current signing secret; keep it, it is not shown again."""

    webhookEndpoint: WebhookEndpointWithSecretOut


class WebhookEndpointListEnvelope(BaseModel):
    """Every endpoint of the key's mode, newest first (no secrets)."""

    webhookEndpoints: list[WebhookEndpointOut]


class WebhookEndpointDeletedOut(BaseModel):
    """The endpoint is deleted: nothing more is sent to it, its id answers 404 from now on,
    and its past attempts stay readable on the events."""

    deleted: bool
    id: str
