"""A merchant's webhook endpoints: create, list, read, update, delete, rotate the secret.

Each belongs to one merchant row, so to one mode: test events never reach a live endpoint.
The signing secret is Standard Webhooks' ``whsec_`` + base64 of 32 random bytes, sealed at
rest (``payments.setup.seal``) and answered only when created and when rotated (and on the
dashboard, revealed on click). After a rotation deliveries carry a signature with each of the
two secrets for ``ROTATION_OVERLAP`` (24 hours), so a receiver can switch at its own pace.

Design decisions where the issue is silent:
- ``events`` omitted or empty means every type, stored as ``["*"]`` (later types included);
  an unknown type is a 400 naming it. ``description`` is at most 500 characters.
- Enabling a disabled endpoint clears its failure streak and reason; its failed deliveries
  stay failed (resend them from the event log).
- Deleting an endpoint is a soft delete: its pending deliveries are not attempted again and
  its delivery history stays readable on the events.
"""

import base64
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from tortoise.transactions import in_transaction

from billing.core.errors import Invalid
from billing.core.lookup import find_scoped
from billing.core.models import utcnow
from billing.core.validation import has_unstorable_characters
from billing.event_log import event_types
from billing.event_log.models import EndpointStatus, WebhookEndpoint
from billing.payments import setup
from billing.webhooks import url_guard

ENDPOINT_NOT_FOUND = "Webhook endpoint not found or access denied"
UNKNOWN_TYPES = "Unknown event types: {names}"
BAD_EVENTS = "events must be a list of event type names"
BAD_DESCRIPTION = "description must be text of at most 500 characters"
CONTROL_DESCRIPTION = "description must not contain control characters"
BAD_STATUS = "status must be enabled or disabled"
ROTATION_OVERLAP = timedelta(hours=24)
MAX_DESCRIPTION = 500  # the column's length


@dataclass
class Secrets:
    """The secrets a delivery is signed with now: the current one, and the previous one
    during the 24 hours after a rotation."""

    current: str
    previous: str | None


def new_secret() -> str:
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


def _events(names: object) -> list[str]:
    if names is None:
        return [event_types.ALL]
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise Invalid(BAD_EVENTS, code="webhook_events_invalid", field="events")
    unknown = event_types.unknown(names)
    if unknown:
        raise Invalid(
            UNKNOWN_TYPES.format(names=", ".join(unknown)),
            code="webhook_events_unknown",
            field="events",
            params={"names": unknown},
        )
    return list(dict.fromkeys(names)) or [event_types.ALL]


def _description(text: object) -> str:
    if text is None:
        return ""
    if not isinstance(text, str) or len(text) > MAX_DESCRIPTION:
        raise Invalid(BAD_DESCRIPTION, code="webhook_description_invalid", field="description")
    if has_unstorable_characters(text):  # NUL and lone surrogates cannot be stored
        raise Invalid(
            CONTROL_DESCRIPTION, code="webhook_description_unstorable", field="description"
        )
    return text.strip()


async def _check_url(url: object) -> None:
    """``url_guard``'s rules, after refusing characters no URL has and PostgreSQL cannot
    store (a NUL or a lone surrogate in the path would otherwise fail the insert)."""
    if isinstance(url, str) and has_unstorable_characters(url):
        raise Invalid(url_guard.BAD_URL, code="webhook_url_invalid", field="url")
    await url_guard.resolve(url)


async def create_endpoint(
    merchant_id: str, *, url: object, events: object = None, description: object = None
) -> tuple[WebhookEndpoint, str]:
    """A new enabled endpoint and its secret (the only time it is answered but rotation)."""
    await _check_url(url)
    secret = new_secret()
    endpoint = await WebhookEndpoint.create(
        merchant_id=merchant_id,
        url=url,
        events=_events(events),
        description=_description(description),
        secret=setup.seal(secret),
    )
    return endpoint, secret


async def list_endpoints(merchant_id: str) -> list[WebhookEndpoint]:
    return await WebhookEndpoint.scoped(merchant_id).order_by("-created_at", "-id")


async def get_endpoint(merchant_id: str, endpoint_id: object) -> WebhookEndpoint:
    return await find_scoped(WebhookEndpoint, merchant_id, endpoint_id, ENDPOINT_NOT_FOUND)


async def update_endpoint(
    merchant_id: str, endpoint_id: object, **changes: object
) -> WebhookEndpoint:
    """Change any of ``url``, ``events``, ``description`` and ``status`` (keys present in
    ``changes``); all are checked before anything is written."""
    values: dict[str, object] = {}
    if "url" in changes:
        await _check_url(changes["url"])
        values["url"] = changes["url"]
    if "events" in changes:
        values["events"] = _events(changes["events"])
    if "description" in changes:
        values["description"] = _description(changes["description"])
    if "status" in changes:
        if changes["status"] not in (EndpointStatus.ENABLED, EndpointStatus.DISABLED):
            raise Invalid(BAD_STATUS, code="webhook_status_invalid", field="status")
        values["status"] = EndpointStatus(changes["status"])
    async with in_transaction():
        endpoint = await find_scoped(
            WebhookEndpoint, merchant_id, endpoint_id, ENDPOINT_NOT_FOUND, lock=True
        )
        if values.get("status") == EndpointStatus.ENABLED:
            endpoint.failing_since = None
            endpoint.disabled_reason = None
        elif values.get("status") == EndpointStatus.DISABLED:
            endpoint.disabled_reason = None  # by the merchant: no reason to give
        for name, value in values.items():
            setattr(endpoint, name, value)
        await endpoint.save()
    return endpoint


async def delete_endpoint(merchant_id: str, endpoint_id: object) -> None:
    endpoint = await get_endpoint(merchant_id, endpoint_id)
    await endpoint.soft_delete()


async def rotate_secret(
    merchant_id: str, endpoint_id: object, *, now: datetime | None = None
) -> tuple[WebhookEndpoint, str]:
    """A new secret; the one it replaces keeps signing for ``ROTATION_OVERLAP``."""
    now = now or utcnow()
    secret = new_secret()
    async with in_transaction():
        endpoint = await find_scoped(
            WebhookEndpoint, merchant_id, endpoint_id, ENDPOINT_NOT_FOUND, lock=True
        )
        endpoint.previous_secret = endpoint.secret
        endpoint.previous_secret_expires_at = now + ROTATION_OVERLAP
        endpoint.secret = setup.seal(secret)
        await endpoint.save()
    return endpoint, secret


def secret_of(endpoint: WebhookEndpoint) -> str:
    """The endpoint's current secret, for the dashboard's reveal."""
    return setup.unseal(endpoint.secret)


def signing_secrets(endpoint: WebhookEndpoint, now: datetime) -> Secrets:
    """The secrets a delivery made at ``now`` is signed with."""
    previous = None
    expires = endpoint.previous_secret_expires_at
    if endpoint.previous_secret and expires is not None and now < expires:
        previous = setup.unseal(endpoint.previous_secret)
    return Secrets(setup.unseal(endpoint.secret), previous)
