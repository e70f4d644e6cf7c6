"""billing.event_log.recording: events written in the change's transaction, with the object
as the API answers it, fanned out to the endpoints that want their type."""

from datetime import UTC, datetime

import pytest
from tortoise.transactions import in_transaction

from billing.customers import customers
from billing.event_log import recording
from billing.event_log.models import DeliveryStatus, Event, WebhookDelivery
from billing.webhooks import endpoints

CLOCK = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)


async def test_an_event_carries_the_object_as_the_api_answers_it_at_the_changes_clock(
    app, merchant
):
    customer = await customers.create_customer(merchant.id, email="ada@example.com", name="Ada")
    async with in_transaction():
        await recording.record(merchant.id, "customer.updated", customer.id, at=CLOCK)
    event = await Event.get(merchant_id=merchant.id, object_id=customer.id, type="customer.updated")
    api = await app.test_client().get(
        f"/v1/customers/{customer.id}", headers={"Authorization": f"Bearer {merchant.secret_key}"}
    )
    assert event.id.startswith("evt_") and event.type == "customer.updated"
    assert event.created_at == CLOCK
    assert event.data == (await api.get_json())["customer"]


async def test_a_rolled_back_change_leaves_no_event_and_no_delivery(merchant):
    customer = await customers.create_customer(merchant.id, email="bo@example.com")
    await endpoints.create_endpoint(merchant.id, url="http://127.0.0.1:9/hooks")
    with pytest.raises(RuntimeError):
        async with in_transaction():
            await recording.record(merchant.id, "customer.updated", customer.id)
            raise RuntimeError("the change failed")
    assert not await Event.filter(merchant_id=merchant.id, type="customer.updated").exists()
    assert not await WebhookDelivery.filter(merchant_id=merchant.id).exists()


async def test_each_endpoint_that_wants_the_type_gets_one_pending_delivery_due_at_the_clock(
    make_merchant,
):
    merchant, other = await make_merchant(), await make_merchant("Other Ltd")
    customer = await customers.create_customer(merchant.id, email="cy@example.com")
    everything, _ = await endpoints.create_endpoint(merchant.id, url="http://127.0.0.1:9/a")
    wanted, _ = await endpoints.create_endpoint(
        merchant.id, url="http://127.0.0.1:9/b", events=["customer.updated"]
    )
    await endpoints.create_endpoint(
        merchant.id, url="http://127.0.0.1:9/c", events=["invoice.paid"]
    )
    await endpoints.create_endpoint(other.id, url="http://127.0.0.1:9/d")
    async with in_transaction():
        await recording.record(merchant.id, "customer.updated", customer.id, at=CLOCK)
    event = await Event.get(merchant_id=merchant.id, type="customer.updated")
    deliveries = await WebhookDelivery.filter(event_id=event.id)
    assert sorted(d.endpoint_id for d in deliveries) == sorted([everything.id, wanted.id])
    assert {(d.status, d.attempts, d.next_attempt_at) for d in deliveries} == {
        (DeliveryStatus.PENDING, 0, CLOCK)
    }


async def test_a_keyed_event_is_written_once(merchant):
    customer = await customers.create_customer(merchant.id, email="di@example.com")
    for _ in range(2):
        async with in_transaction():
            await recording.record(
                merchant.id, "customer.updated", customer.id, key=f"once:{customer.id}"
            )
    assert await Event.filter(merchant_id=merchant.id, type="customer.updated").count() == 1


async def test_an_unknown_type_is_a_programming_error(merchant):
    customer = await customers.create_customer(merchant.id, email="ed@example.com")
    with pytest.raises(ValueError, match="unknown event type"):
        await recording.record(merchant.id, "customer.exploded", customer.id)
