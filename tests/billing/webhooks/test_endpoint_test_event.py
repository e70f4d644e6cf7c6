"""The dashboard's test event: one event of a type no endpoint can subscribe to, one pending
delivery to the endpoint asked for only, and the senders woken when it commits."""

import asyncio
from datetime import UTC, datetime

import pytest

from billing.core.errors import Conflict, Invalid, NotFound
from billing.event_log import event_types
from billing.event_log.models import DeliveryStatus, Event, WebhookDelivery
from billing.event_log.recording import CHANNEL
from billing.webhooks import endpoints
from billing.webhooks.endpoint_test_event import TEST_TYPE, send_test_event
from tests.support.billing.listening import listening

NOW = datetime(2031, 3, 4, 5, 6, 7, tzinfo=UTC)


async def an_endpoint(merchant_id: str, url: str = "http://localhost/hooks"):
    endpoint, _ = await endpoints.create_endpoint(merchant_id, url=url)
    return endpoint


async def test_one_event_and_one_pending_delivery_to_that_endpoint(database_url, merchant):
    endpoint = await an_endpoint(merchant.id, "http://localhost/one")
    other = await an_endpoint(merchant.id, "http://localhost/all")  # wants every type
    async with listening(database_url, CHANNEL) as heard:
        event, delivery = await send_test_event(merchant.id, endpoint.id, now=NOW)
        assert await asyncio.wait_for(heard.get(), timeout=10) == NOW.isoformat()
    stored = await Event.get(id=event.id)
    assert stored.type == TEST_TYPE and stored.object_id == endpoint.id
    assert stored.created_at == NOW and stored.merchant_id == merchant.id
    assert stored.data == {
        "id": endpoint.id,
        "url": "http://localhost/one",
        "message": "A test event from Tally",
    }
    [only] = await WebhookDelivery.filter(event_id=event.id)
    assert only.id == delivery.id and only.endpoint_id == endpoint.id
    assert only.status == DeliveryStatus.PENDING and only.next_attempt_at == NOW
    assert not await WebhookDelivery.filter(endpoint_id=other.id).exists()


async def test_no_endpoint_can_subscribe_to_it(merchant):
    assert TEST_TYPE not in event_types.TYPES
    with pytest.raises(Invalid):
        await endpoints.create_endpoint(merchant.id, url="http://localhost/x", events=[TEST_TYPE])


async def test_a_disabled_or_anothers_endpoint_gets_none(merchant, make_merchant):
    endpoint = await an_endpoint(merchant.id)
    await endpoints.update_endpoint(merchant.id, endpoint.id, status="disabled")
    with pytest.raises(Conflict):
        await send_test_event(merchant.id, endpoint.id)
    other = await make_merchant("Other Co")
    theirs = await an_endpoint(other.id)
    with pytest.raises(NotFound):
        await send_test_event(merchant.id, theirs.id)
    assert not await Event.filter(type=TEST_TYPE, merchant_id__in=[merchant.id, other.id]).exists()
