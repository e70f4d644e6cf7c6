"""Sending an event again: a new delivery with the same event id (``webhook-id``), due now.

Without an endpoint it goes to every enabled endpoint that wants the event's type today; with
one, to that endpoint even if it did not want the type (the merchant asked for it by name).

Design decisions where the issue is silent:
- A disabled endpoint named is a 409 (enable it first); no enabled endpoint wanting the type
  is a 409 too, so a 202 always means something will be sent.
"""

from datetime import datetime

from tortoise.transactions import in_transaction

from billing.core.errors import Conflict
from billing.core.models import utcnow
from billing.event_log import event_types
from billing.event_log.models import EndpointStatus, WebhookDelivery, WebhookEndpoint
from billing.event_log.recording import wake_senders
from billing.webhooks import endpoints
from billing.webhooks.event_reads import find_event

ENDPOINT_DISABLED = "Webhook endpoint is disabled; enable it before resending"
NO_ENDPOINT = "No enabled webhook endpoint receives this event type"


async def resend(
    merchant_id: str,
    event_id: object,
    *,
    endpoint_id: object = None,
    now: datetime | None = None,
) -> list[WebhookDelivery]:
    """The new deliveries (one per endpoint), due at ``now`` (default: the present)."""
    now = now or utcnow()
    event = await find_event(merchant_id, event_id)
    if endpoint_id is not None:
        endpoint = await endpoints.get_endpoint(merchant_id, endpoint_id)
        if endpoint.status != EndpointStatus.ENABLED:
            raise Conflict(ENDPOINT_DISABLED, code="webhook_endpoint_disabled", field="endpointId")
        targets = [endpoint]
    else:
        enabled = await WebhookEndpoint.scoped(merchant_id).filter(status=EndpointStatus.ENABLED)
        targets = [e for e in enabled if event_types.wants(e.events, event.type)]
        if not targets:
            raise Conflict(NO_ENDPOINT, code="webhook_no_endpoint")
    async with in_transaction():
        made = [
            await WebhookDelivery.create(
                merchant_id=merchant_id,
                event_id=event.id,
                endpoint_id=target.id,
                next_attempt_at=now,
                resend=True,
                created_at=now,
            )
            for target in targets
        ]
        await wake_senders(now)
    return made
