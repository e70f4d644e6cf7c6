"""subscription.created|updated|canceled|trial_will_end: written by the real changes (the API's
create, pause, resume, price override and cancel; the due pass's period roll-over, cancel at
period end and trial end; a checkout's subscription starting), once each, at the change's clock
(a pass's ``now``), with the subscription as the API's GET answers it. A refused change and a
checkout nobody finished write none."""

from datetime import UTC, datetime, timedelta

from tortoise.transactions import in_transaction

from billing.catalog.models import Price
from billing.core.models import utcnow
from billing.due_work import run_due
from billing.event_log.models import Event
from billing.subscriptions import checkout_states, subscription_lifecycle
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscription_versions import override_price
from billing.subscriptions.subscriptions import create_subscription
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import make_customer, subscribe

START = datetime(2030, 3, 1, tzinfo=UTC)
TRIAL_END = START + timedelta(days=14)
NOTICES = "trial notices"


async def events(merchant_id: str, type_: str) -> list[Event]:
    return await Event.filter(merchant_id=merchant_id, type=type_).order_by("created_at", "id")


async def read(client, merchant, stable_id: str) -> dict:
    response = await client.get(f"/v1/subscriptions/{stable_id}", headers=merchant.headers)
    assert response.status_code == 200
    return await response.get_json()


async def _trial(merchant_id: str) -> Subscription:
    plan = await make_plan(merchant_id, name="Team", monthly_cents=2900, trial_days=14)
    price = await Price.get(plan_id=plan.id)
    customer = await make_customer(merchant_id)
    return await create_subscription(
        merchant_id,
        customer_id=customer.id,
        plan_id=plan.id,
        effective_price_id=price.id,
        start_timestamp=START,
    )


async def test_creating_a_subscription_writes_subscription_created(client, merchant):
    plan = await make_plan(merchant.id, name="Pro", monthly_cents=2900)
    price = await Price.get(plan_id=plan.id)
    customer = await make_customer(merchant.id)
    body = {"customerId": customer.id, "planId": plan.id, "effectivePriceId": price.id}
    response = await client.post("/v1/subscriptions", json=body, headers=merchant.headers)
    assert response.status_code == 201
    created = (await response.get_json())["subscription"]

    [event] = await events(merchant.id, "subscription.created")
    stored = await Subscription.get(id=created["id"])
    assert (event.object_id, event.created_at) == (created["id"], stored.created_at)
    assert event.data == await read(client, merchant, created["stableSubscriptionId"])

    again = await client.post("/v1/subscriptions", json=body, headers=merchant.headers)
    assert again.status_code == 409  # already subscribed: nothing told
    assert len(await events(merchant.id, "subscription.created")) == 1


async def test_pause_and_resume_each_write_subscription_updated(client, merchant):
    live = await subscribe(merchant.id)
    stable_id = live.stable_subscription_id
    statuses = []
    for action in ("pause", "resume"):
        before = utcnow()
        response = await client.post(
            f"/v1/subscriptions/{stable_id}/{action}", headers=merchant.headers
        )
        assert response.status_code == 200
        event = (await events(merchant.id, "subscription.updated"))[-1]
        assert before <= event.created_at <= utcnow()
        assert event.data == await read(client, merchant, stable_id)
        statuses.append(event.data["status"])
    assert statuses == ["paused", "active"]
    assert len(await events(merchant.id, "subscription.updated")) == 2

    refused = await client.post(f"/v1/subscriptions/{stable_id}/resume", headers=merchant.headers)
    assert refused.status_code == 409
    assert len(await events(merchant.id, "subscription.updated")) == 2


async def test_a_price_override_is_told_with_the_new_version(client, merchant):
    live = await subscribe(merchant.id)
    other = await make_plan(merchant.id, name="Bigger", monthly_cents=4900)
    price = await Price.get(plan_id=other.id)
    response = await client.post(
        f"/v1/subscriptions/price-override/{live.stable_subscription_id}",
        json={"priceId": price.id},
        headers=merchant.headers,
    )
    assert response.status_code == 200
    [event] = await events(merchant.id, "subscription.updated")
    current = await read(client, merchant, live.stable_subscription_id)
    assert (event.object_id, event.data) == (current["id"], current)
    assert (current["versionNumber"], current["effectivePriceId"]) == (2, price.id)


async def test_cancelling_writes_subscription_canceled_at_its_end(client, merchant):
    live = await subscribe(merchant.id)
    stable_id = live.stable_subscription_id
    response = await client.delete(f"/v1/subscriptions/{stable_id}", headers=merchant.headers)
    assert response.status_code == 200

    [event] = await events(merchant.id, "subscription.canceled")
    ended = await Subscription.get(id=live.id)
    assert (event.object_id, event.created_at) == (live.id, ended.end_timestamp)
    assert (event.data["status"], event.data["stableSubscriptionId"]) == ("ended", stable_id)
    assert await events(merchant.id, "subscription.updated") == []


async def test_a_period_roll_over_is_told_at_the_passs_now(client, merchant):
    live = await subscribe(merchant.id, start=START)
    now = datetime(2030, 4, 1, 6, tzinfo=UTC)
    await run_due(now, merchant_id=merchant.id)

    [event] = await events(merchant.id, "subscription.updated")
    assert (event.object_id, event.created_at) == (live.id, now)
    assert event.data["currentPeriodStart"] == "2030-04-01T00:00:00Z"
    assert event.data == await read(client, merchant, live.stable_subscription_id)
    await run_due(now, merchant_id=merchant.id)  # nothing more is due
    assert len(await events(merchant.id, "subscription.updated")) == 1


async def test_cancel_at_period_end_is_updated_then_canceled_by_the_pass(merchant):
    live = await subscribe(merchant.id, start=START)
    await subscription_lifecycle.cancel_at_period_end(merchant.id, live.stable_subscription_id)
    [flagged] = await events(merchant.id, "subscription.updated")
    assert flagged.data["cancelAtPeriodEnd"] is True

    now = datetime(2030, 4, 1, 6, tzinfo=UTC)
    await run_due(now, merchant_id=merchant.id)
    [event] = await events(merchant.id, "subscription.canceled")
    assert (event.object_id, event.created_at, event.data["status"]) == (live.id, now, "ended")
    assert len(await events(merchant.id, "subscription.updated")) == 1  # not rolled as well


async def test_a_trials_end_is_told_at_the_passs_now(client, merchant):
    live = await _trial(merchant.id)
    now = TRIAL_END + timedelta(minutes=5)
    await run_due(now, merchant_id=merchant.id)
    [event] = await events(merchant.id, "subscription.updated")
    assert (event.object_id, event.created_at, event.data["status"]) == (live.id, now, "active")
    assert event.data == await read(client, merchant, live.stable_subscription_id)


async def test_trial_will_end_is_told_once_three_days_before(client, merchant):
    live = await _trial(merchant.id)
    await run_due(TRIAL_END - timedelta(days=4), merchant_id=merchant.id)
    assert await events(merchant.id, "subscription.trial_will_end") == []

    now = TRIAL_END - timedelta(days=3)
    first = await run_due(now, merchant_id=merchant.id)
    again = await run_due(now, merchant_id=merchant.id)
    assert (first.count(NOTICES, "notice sent"), again.count(NOTICES, "notice sent")) == (1, 0)
    assert (await Subscription.get(id=live.id)).trial_end_told_for == TRIAL_END
    await run_due(TRIAL_END - timedelta(days=1), merchant_id=merchant.id)
    [event] = await events(merchant.id, "subscription.trial_will_end")
    assert (event.object_id, event.created_at) == (live.id, now)
    assert event.data == await read(client, merchant, live.stable_subscription_id)
    assert event.data["trialEndDate"] == "2030-03-15T00:00:00Z"


async def test_trial_will_end_is_not_told_again_for_a_new_version(merchant):
    live = await _trial(merchant.id)
    await run_due(TRIAL_END - timedelta(days=2), merchant_id=merchant.id)
    other = await make_plan(merchant.id, name="Bigger", monthly_cents=4900)
    price = await Price.get(plan_id=other.id)
    await override_price(merchant.id, live.stable_subscription_id, price_id=price.id)
    await run_due(TRIAL_END - timedelta(days=1), merchant_id=merchant.id)
    [event] = await events(merchant.id, "subscription.trial_will_end")
    assert event.object_id == live.id


async def test_trial_will_end_of_one_merchant_leaves_another_alone(merchant, make_merchant):
    other = await make_merchant("Other Ltd")
    await _trial(merchant.id)
    await _trial(other.id)
    await run_due(TRIAL_END - timedelta(days=3), merchant_id=merchant.id)
    assert len(await events(merchant.id, "subscription.trial_will_end")) == 1
    assert await events(other.id, "subscription.trial_will_end") == []


async def test_a_checkouts_subscription_is_told_created_only_when_it_starts(merchant):
    plan = await make_plan(merchant.id, name="Pro", monthly_cents=2900)
    price = await Price.get(plan_id=plan.id)
    made = []
    for _ in range(2):
        customer = await make_customer(merchant.id)
        made.append(
            await create_subscription(
                merchant.id,
                customer_id=customer.id,
                plan_id=plan.id,
                effective_price_id=price.id,
                status=checkout_states.INCOMPLETE,
            )
        )
    paid, abandoned = made
    told = Event.filter(merchant_id=merchant.id, type__startswith="subscription.")
    assert await told.count() == 0

    at = datetime(2030, 1, 2, tzinfo=UTC)
    async with in_transaction():
        await checkout_states.activate(merchant.id, paid.stable_subscription_id, at)
        await checkout_states.end_abandoned(abandoned, at)
    [event] = await told
    assert (event.type, event.object_id, event.created_at) == ("subscription.created", paid.id, at)
    assert event.data["status"] == "active"
