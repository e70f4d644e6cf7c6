"""customer.created|updated|deleted: written by the real changes (the API's create, update and
delete), once each, at the clock the customer's row carries, with the customer as the API's
GET answers it; a refused change writes none, and a checkout's pending customer is told only
when it becomes a customer of the merchant's."""

from datetime import UTC, datetime

from tortoise.transactions import in_transaction

from api.customers import customer_json
from billing.catalog.models import Price
from billing.customers import customers
from billing.customers.models import Customer
from billing.event_log.models import Event
from billing.payments.checkout import checkout_claims
from billing.subscriptions import checkout_states
from billing.subscriptions.subscriptions import create_subscription
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import subscribe

AT = datetime(2030, 5, 4, 3, 2, 1, tzinfo=UTC)


async def events(merchant_id: str, type_: str) -> list[Event]:
    return await Event.filter(merchant_id=merchant_id, type=type_).order_by("created_at", "id")


async def create(client, merchant, **body) -> tuple[int, dict]:
    response = await client.post("/v1/customers", json=body, headers=merchant.headers)
    return response.status_code, await response.get_json()


async def read(client, merchant, customer_id: str) -> dict:
    response = await client.get(f"/v1/customers/{customer_id}", headers=merchant.headers)
    assert response.status_code == 200
    return (await response.get_json())["customer"]


async def test_creating_a_customer_writes_customer_created_with_the_customer(client, merchant):
    status, body = await create(client, merchant, email="ada@example.com", name="Ada")
    assert status == 201
    customer = body["customer"]

    [event] = await events(merchant.id, "customer.created")
    stored = await Customer.get(id=customer["id"])
    assert event.id.startswith("evt_") and event.object_id == customer["id"]
    assert event.created_at == stored.created_at
    assert event.data == await read(client, merchant, customer["id"]) == customer


async def test_a_duplicate_email_refused_with_409_writes_no_event(client, merchant):
    await create(client, merchant, email="bo@example.com")
    status, _ = await create(client, merchant, email="BO@example.com")
    assert status == 409
    assert len(await events(merchant.id, "customer.created")) == 1


async def test_updating_a_customer_writes_customer_updated_at_its_updated_at(client, merchant):
    _, body = await create(client, merchant, email="cy@example.com", name="Cy")
    customer_id = body["customer"]["id"]
    response = await client.post(
        f"/v1/customers/{customer_id}",
        json={"name": "Cyrus", "billingCity": "Leeds"},
        headers=merchant.headers,
    )
    assert response.status_code == 200

    [event] = await events(merchant.id, "customer.updated")
    stored = await Customer.get(id=customer_id)
    assert (event.object_id, event.created_at) == (customer_id, stored.updated_at)
    assert event.data == await read(client, merchant, customer_id)
    assert (event.data["name"], event.data["billingCity"]) == ("Cyrus", "Leeds")


async def test_an_update_refused_for_a_taken_email_writes_no_event(client, merchant):
    await create(client, merchant, email="di@example.com")
    _, body = await create(client, merchant, email="ed@example.com")
    response = await client.post(
        f"/v1/customers/{body['customer']['id']}",
        json={"email": "di@example.com"},
        headers=merchant.headers,
    )
    assert response.status_code == 409
    assert await events(merchant.id, "customer.updated") == []


async def test_deleting_a_customer_writes_customer_deleted_with_its_deleted_at(client, merchant):
    _, body = await create(client, merchant, email="fy@example.com")
    customer_id = body["customer"]["id"]
    response = await client.delete(f"/v1/customers/{customer_id}", headers=merchant.headers)
    assert response.status_code == 200

    [event] = await events(merchant.id, "customer.deleted")
    stored = await Customer.get(id=customer_id)
    assert (event.object_id, event.created_at) == (customer_id, stored.deleted_at)
    assert event.data == customer_json(stored)  # as GET answered it, with its deletedAt
    assert event.data["deletedAt"] is not None


async def test_a_delete_refused_for_a_live_subscription_writes_no_event(client, merchant):
    live = await subscribe(merchant.id)
    response = await client.delete(f"/v1/customers/{live.customer_id}", headers=merchant.headers)
    assert response.status_code == 409
    assert await events(merchant.id, "customer.deleted") == []


async def _pending_checkout(merchant_id: str, monthly_cents: int = 2900):
    """A checkout's pending customer (its email was another's) and incomplete subscription."""
    await customers.create_customer(merchant_id, email="owner@example.com")
    pending = await customers.create_checkout_pending(merchant_id, email="owner@example.com")
    plan = await make_plan(merchant_id, name="Pro", monthly_cents=monthly_cents)
    price = await Price.get(plan_id=plan.id)
    live = await create_subscription(
        merchant_id,
        customer_id=pending.id,
        plan_id=plan.id,
        effective_price_id=price.id,
        status=checkout_states.INCOMPLETE,
    )
    return pending, live


async def test_a_pending_customer_is_told_once_when_its_paid_checkout_makes_it_real(merchant):
    pending, live = await _pending_checkout(merchant.id)
    told = {event.object_id for event in await events(merchant.id, "customer.created")}
    assert pending.id not in told  # only the owner, whose email the checkout typed

    async with in_transaction():  # what a succeeded payment does (payment_outcomes)
        assert await checkout_claims.settle(merchant.id, live.stable_subscription_id, AT)
        await checkout_states.activate(merchant.id, live.stable_subscription_id, AT)

    mine = [e for e in await events(merchant.id, "customer.created") if e.object_id == pending.id]
    assert [event.created_at for event in mine] == [AT]
    assert mine[0].data["email"] == "owner@example.com"


async def test_a_pending_customer_whose_checkout_owes_nothing_is_told_when_it_starts(merchant):
    pending, live = await _pending_checkout(merchant.id, monthly_cents=0)
    async with in_transaction():  # a free checkout starts its subscription at once
        await checkout_states.activate(merchant.id, live.stable_subscription_id, AT)
    mine = [e for e in await events(merchant.id, "customer.created") if e.object_id == pending.id]
    assert [event.created_at for event in mine] == [AT]
