"""Helpers for the tests of the Developers → Webhooks pages (HTTP and browser).

Events are written the way a real change writes them (``recording.record`` in a
transaction, which also fans them out to the merchant's endpoints); endpoints through the
endpoints service, as the page and the API make them.
"""

from datetime import datetime
from urllib.parse import urlencode

from tortoise.transactions import in_transaction

from billing.event_log.models import Event, WebhookAttempt, WebhookDelivery
from billing.event_log.recording import record
from billing.webhooks import endpoints
from tests.support.factories.subscriptions import make_customer

HTMX = {"HX-Request": "true"}


async def customer_created(merchant_id: str, *, name: str = "Ada") -> Event:
    """A customer and its ``customer.created`` event, written in one transaction."""
    async with in_transaction():
        customer = await make_customer(merchant_id, name=name)
        await record(merchant_id, "customer.created", customer.id)
    return await Event.get(merchant_id=merchant_id, object_id=customer.id)


async def an_endpoint(merchant_id: str, url: str = "http://localhost/hooks", **kwargs):
    endpoint, _ = await endpoints.create_endpoint(merchant_id, url=url, **kwargs)
    return endpoint


async def failed_attempt(
    delivery: WebhookDelivery, *, at: datetime, retry_at: datetime | None, status: int = 500
) -> WebhookAttempt:
    """An attempt as the sender records one that the receiver answered with ``status``."""
    return await WebhookAttempt.create(
        merchant_id=delivery.merchant_id,
        delivery_id=delivery.id,
        event_id=delivery.event_id,
        endpoint_id=delivery.endpoint_id,
        attempt=1,
        attempted_at=at,
        response_status=status,
        duration_ms=42,
        response_body="upstream broke",
        next_attempt_at=retry_at,
    )


async def post(client, path: str, form: dict, headers: dict | None = None):
    """A form post; a list value is sent as the field repeated, as a browser sends ticked
    checkboxes."""
    body = urlencode(form, doseq=True)
    sent = {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}
    return await client.post(path, data=body, headers=sent)


async def text(response) -> str:
    return await response.get_data(as_text=True)
