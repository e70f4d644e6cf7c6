"""A test event: the dashboard's "Send test event" button, so a merchant can see a delivery
reach their server (and check its signature) without changing anything real.

It writes an ``Event`` of type ``webhook_endpoint.test`` and one pending ``WebhookDelivery``
to the one endpoint asked for, due at ``now``, then ``pg_notify(CHANNEL)`` in the same
transaction, so the sender goes out within moments of the commit, as for any event. The
sender signs and retries it like every other delivery, and it shows in the event log.

Design decisions where the issue is silent:
- ``webhook_endpoint.test`` is not in ``event_types.TYPES``: no endpoint can subscribe to
  it and the fan-out never sends it anywhere; only this button makes one, for one endpoint.
- ``Event.data`` holds the object, as ``recording`` stores every event's: ``{"id": the
  endpoint's id, "url": its URL, "message": "A test event from Tally"}``, delivered as
  ``data.object``.
- A disabled endpoint is a 409 (enable it first), as resending to it is: a test that could
  not be delivered would say nothing.
"""

from datetime import datetime

from tortoise.transactions import in_transaction

from billing.core.errors import Conflict
from billing.core.models import utcnow
from billing.event_log.models import EndpointStatus, Event, WebhookDelivery
from billing.event_log.recording import wake_senders
from billing.webhooks import endpoints

TEST_TYPE = "webhook_endpoint.test"
MESSAGE = "A test event from Tally"
ENDPOINT_DISABLED = "Webhook endpoint is disabled; enable it before sending a test event"


async def send_test_event(
    merchant_id: str, endpoint_id: object, *, now: datetime | None = None
) -> tuple[Event, WebhookDelivery]:
    """The test event and its pending delivery to ``endpoint_id``, due at ``now``."""
    now = now or utcnow()
    endpoint = await endpoints.get_endpoint(merchant_id, endpoint_id)
    if endpoint.status != EndpointStatus.ENABLED:
        raise Conflict(ENDPOINT_DISABLED, code="webhook_test_endpoint_disabled", field="endpointId")
    async with in_transaction():
        event = await Event.create(
            merchant_id=merchant_id,
            type=TEST_TYPE,
            object_id=endpoint.id,
            data={"id": endpoint.id, "url": endpoint.url, "message": MESSAGE},
            created_at=now,
            updated_at=now,
        )
        delivery = await WebhookDelivery.create(
            merchant_id=merchant_id,
            event_id=event.id,
            endpoint_id=endpoint.id,
            next_attempt_at=now,
            created_at=now,
        )
        await wake_senders(now)
    return event, delivery
