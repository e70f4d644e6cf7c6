"""Query, request and response models of /v1/webhook-events (see api/webhook_events.py)."""

from typing import Annotated

from pydantic import BaseModel, Field

from api.common import Body, Query
from api.schema_rules import documented, integer, pattern, record_id
from billing.event_log import event_types
from billing.webhooks.event_reads import MAX_LIMIT


class WebhookEventListQuery(Query):
    type: Annotated[
        str | None,
        documented({"type": "string", "enum": ["", *event_types.TYPES]}),
        Field(description="Only events of this type"),
    ] = None
    limit: Annotated[str | None, integer(1, MAX_LIMIT), Field(description="Default 20")] = None
    startingAfter: Annotated[
        str | None,
        pattern("^(evt_[0-9A-Za-z]{22})?$"),
        Field(description="The last event id of the previous page: the page holds older ones"),
    ] = None


class ResendWebhookEvent(Body):
    """``endpointId`` names one enabled endpoint (it receives the event even if it does not
    subscribe to its type); without it, every enabled endpoint that subscribes to the type."""

    endpointId: Annotated[str | None, record_id("we", optional=True)] = None


class WebhookEventDataOut(BaseModel):
    object: dict = Field(description="The object as the API answered it when the event happened")


class WebhookEventOut(BaseModel):
    """An event exactly as its deliveries carry it in their body."""

    id: str
    type: str
    createdAt: str
    data: WebhookEventDataOut


class WebhookEventListEnvelope(BaseModel):
    """A page of events, newest first; ``hasMore`` says older ones follow (pass the last id
    as ``startingAfter``)."""

    events: list[WebhookEventOut]
    hasMore: bool


class WebhookAttemptOut(BaseModel):
    """One POST made to deliver the event, and what came back."""

    id: str
    deliveryId: str
    endpointId: str
    attempt: int = Field(description="1 for a delivery's first attempt, then 2, 3...")
    responseStatus: int | None = Field(description="Null when no answer came (see error)")
    durationMs: int
    attemptedAt: str
    nextAttemptAt: str | None = Field(description="The retry's time; null when none follows")
    responseBody: str = Field(description="The first 1 KB of the answer")
    error: str | None = Field(description="Why no answer came: timeout, refused, ...")


class WebhookEventEnvelope(BaseModel):
    """One event and every attempt made to deliver it (retries and resends), oldest first."""

    event: WebhookEventOut
    deliveries: list[WebhookAttemptOut]


class ResentDeliveryOut(BaseModel):
    id: str
    endpointId: str
    status: str
    nextAttemptAt: str


class ResendOut(BaseModel):
    """The new deliveries, one per endpoint, pending and due now; each is sent with the
    event's own id (``webhook-id``) and shows its attempts on the event."""

    deliveries: list[ResentDeliveryOut]
