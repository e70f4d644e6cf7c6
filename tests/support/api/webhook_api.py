"""Helpers for the tests of /v1/webhook-endpoints and /v1/webhook-events.

Events are written the way a service writes them: ``recording.record`` inside the change's
transaction, about a real customer (made as a row, so that no other event comes with it).
"""

from datetime import UTC, datetime

from tortoise.transactions import in_transaction

from billing.event_log.models import Event
from billing.event_log.recording import record
from tests.support.factories.subscriptions import make_customer

# Loopback: the tests allow private addresses (nothing listens on the discard port).
RECEIVER = "http://127.0.0.1:9/hooks/tally"
MADE_UP_ENDPOINT = "we_" + "A" * 22
MADE_UP_EVENT = "evt_" + "A" * 22
ENDPOINT_NOT_FOUND = {"error": "Webhook endpoint not found or access denied"}
EVENT_NOT_FOUND = {"error": "Event not found or access denied"}
JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)


async def create_endpoint(client, account, **body) -> dict:
    """A new endpoint of ``account`` (``url`` defaults to ``RECEIVER``), as answered."""
    response = await client.post(
        "/v1/webhook-endpoints", json={"url": RECEIVER, **body}, headers=account.headers
    )
    assert response.status_code == 201, await response.get_data()
    return (await response.get_json())["webhookEndpoint"]


async def logged_event(
    merchant_id: str,
    type: str = "customer.created",
    *,
    at: datetime = JAN_1,
    customer_id: str | None = None,
) -> Event:
    """An event of ``type`` about a customer (a new one unless ``customer_id``), at ``at``."""
    if customer_id is None:
        customer_id = (await make_customer(merchant_id)).id
    async with in_transaction():
        await record(merchant_id, type, customer_id, at=at)
    found = Event.filter(merchant_id=merchant_id, object_id=customer_id, type=type)
    return await found.order_by("-created_at", "-id").first()
