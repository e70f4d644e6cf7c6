"""billing.subscriptions.subscriptions without HTTP: creation rules, details, features, events."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from billing.catalog.models import Plan, PlanFeature, Price
from billing.core.errors import Conflict, Invalid, NotFound
from billing.subscriptions import (
    subscription_lifecycle,
    subscription_reads,
    subscription_versions,
    subscriptions,
)
from billing.subscriptions.models import (
    Subscription,
    SubscriptionDetail,
    SubscriptionEvent,
    SubscriptionFeature,
)
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import make_customer, subscribe

JAN_31 = datetime(2023, 1, 31, 9, 30, tzinfo=UTC)


async def test_version_one_with_features_details_and_event(merchant):
    sub = await subscribe(merchant.id, features=[("API access", True), ("Seats", 5)])
    assert (sub.version_number, sub.stable_subscription_id, sub.status) == (1, sub.id, "active")
    features = await SubscriptionFeature.filter(subscription_id=sub.id).prefetch_related("feature")
    assert sorted((f.feature.slug, f.feature_value, f.source) for f in features) == [
        ("api-access", True, "plan"),
        ("seats", 5, "plan"),
    ]
    details = await SubscriptionDetail.filter(subscription_id=sub.id)
    assert [(d.component_id, d.recurrence_rule, d.cycles_billed) for d in details] == [
        ("fixed-1", "FREQ=MONTHLY;INTERVAL=1", 0)
    ]
    assert details[0].previous_billing_date is None
    # A fixed fee bills in advance: first at the start of the period it opens.
    assert details[0].next_billing_date == sub.current_period_start == sub.start_timestamp
    event = await SubscriptionEvent.get(stable_subscription_id=sub.id)
    assert (event.kind, event.status_after, event.mrr_cents) == ("created", "active", 2900)


async def test_feature_without_plan_value_takes_the_default(merchant):
    sub = await subscribe(merchant.id, features=[("Theme", "dark")])
    feature_row = await SubscriptionFeature.get(subscription_id=sub.id).prefetch_related("feature")
    feature = feature_row.feature
    feature.default_value = "light"
    await feature.save()
    plan = await Plan.get(id=sub.plan_id)
    await PlanFeature.filter(plan_id=plan.id).update(feature_value=None)
    again = await subscribe(merchant.id, features=[])
    copied = await subscriptions.copy_plan_features(merchant.id, again, plan)
    assert [row.feature_value for row in copied] == ["light"]


async def test_jan_31_backdated_start_renews_on_the_clamped_anniversary(merchant):
    sub = await subscribe(merchant.id, start=JAN_31)
    detail = await SubscriptionDetail.get(subscription_id=sub.id)
    now = datetime.now(UTC)
    assert detail.subscription_start_date == JAN_31
    assert sub.current_period_start <= now < sub.current_period_end
    # It pays the period it is in (not the missed ones), then renews on the anniversary.
    assert detail.next_billing_date == sub.current_period_start
    last_day = (sub.current_period_end.replace(day=28) + timedelta(days=4)).replace(day=1)
    last_day -= timedelta(days=1)
    assert sub.current_period_end.day == min(31, last_day.day)
    assert sub.current_period_end.time() == JAN_31.time()


async def test_future_start_periods_from_the_start(merchant):
    start = datetime(2199, 1, 31, tzinfo=UTC)
    sub = await subscribe(merchant.id, start=start)
    assert (sub.current_period_start, sub.current_period_end) == (
        start,
        datetime(2199, 2, 28, tzinfo=UTC),
    )


async def test_trial_end(merchant):
    plan = await make_plan(merchant.id, name="Trial", monthly_cents=100, trial_days=14)
    price = await Price.get(plan_id=plan.id)
    customer = await make_customer(merchant.id)
    sub = await subscriptions.create_subscription(
        merchant.id,
        customer_id=customer.id,
        plan_id=plan.id,
        effective_price_id=price.id,
        start_timestamp=JAN_31,
    )
    assert sub.trial_end_date == JAN_31 + timedelta(days=14)


async def test_one_open_subscription_per_customer(merchant):
    first = await subscribe(merchant.id)
    customer = await first.customer
    with pytest.raises(Conflict) as refused:
        await subscribe(merchant.id, customer=customer)
    assert refused.value.extra == {"existingSubscriptionId": first.id}
    for status in ("paused", "unpaid"):
        await Subscription.filter(id=first.id).update(status=status)
        with pytest.raises(Conflict):
            await subscribe(merchant.id, customer=customer)
    await Subscription.filter(id=first.id).update(end_timestamp=datetime.now(UTC))
    assert (await subscribe(merchant.id, customer=customer)).id != first.id


async def test_concurrent_creates_make_one(merchant):
    customer = await make_customer(merchant.id)
    plan = await make_plan(merchant.id, name="Race", monthly_cents=100)
    price = await Price.get(plan_id=plan.id)

    async def attempt():
        return await subscriptions.create_subscription(
            merchant.id, customer_id=customer.id, plan_id=plan.id, effective_price_id=price.id
        )

    results = await asyncio.gather(*(attempt() for _ in range(4)), return_exceptions=True)
    assert sum(isinstance(r, Subscription) for r in results) == 1
    assert sum(isinstance(r, Conflict) for r in results) == 3
    assert await Subscription.filter(customer_id=customer.id).count() == 1


async def test_price_of_another_plan_is_invalid(merchant):
    plan = await make_plan(merchant.id, name="A", monthly_cents=100)
    other = await make_plan(merchant.id, name="B", monthly_cents=200)
    price = await Price.get(plan_id=other.id)
    customer = await make_customer(merchant.id)
    with pytest.raises(Invalid):
        await subscriptions.create_subscription(
            merchant.id, customer_id=customer.id, plan_id=plan.id, effective_price_id=price.id
        )
    assert await Subscription.filter(customer_id=customer.id).count() == 0


async def test_get_live_by_stable_or_version_id_only_in_tenant(merchant, make_merchant):
    sub = await subscribe(merchant.id)
    assert (await subscriptions.get_live(merchant.id, sub.id)).id == sub.id
    other = await make_merchant()
    for merchant_id, wanted in ((other.id, sub.id), (merchant.id, "sub_x"), (merchant.id, 5)):
        with pytest.raises(NotFound, match="Subscription not found or access denied"):
            await subscriptions.get_live(merchant_id, wanted)
    await sub.soft_delete()
    with pytest.raises(NotFound):
        await subscriptions.get_live(merchant.id, sub.id)
    assert (await subscriptions.find_latest(merchant.id, sub.id)).id == sub.id


async def test_list_filters_by_status_and_counts_each_status(make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    active = await subscribe(merchant.id)
    paused = await subscribe(merchant.id)
    await subscription_lifecycle.pause(merchant.id, paused.stable_subscription_id)
    await subscribe(other.id)

    shown = await subscription_reads.list_subscriptions(merchant.id, status="paused")
    assert [s.stable_subscription_id for s in shown] == [paused.stable_subscription_id]
    shown = await subscription_reads.list_subscriptions(merchant.id, status="active")
    assert [s.stable_subscription_id for s in shown] == [active.stable_subscription_id]
    assert await subscription_reads.status_counts(merchant.id) == {"active": 1, "paused": 1}


async def test_history_has_every_version_their_features_and_events(make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    first = await subscribe(merchant.id, features=[("API access", True)])
    extra = await make_plan(merchant.id, name="Extra", features=[("Exports", True)])
    [link] = await extra.plan_features.all()
    await subscription_versions.override_features(
        merchant.id, first.stable_subscription_id, feature_ids=[link.feature_id]
    )
    await subscription_lifecycle.pause(merchant.id, first.stable_subscription_id)

    versions, features, events = await subscription_reads.load_history(
        merchant.id, first.stable_subscription_id
    )
    assert [v.version_number for v in versions] == [1, 2]
    assert [row.source for row in features[versions[0].id]] == ["plan"]
    assert [row.feature_id for row in features[versions[1].id]] == [link.feature_id]
    assert [e.kind for e in events] == ["created", "feature_override", "paused"]
    assert await subscription_reads.load_history(other.id, first.stable_subscription_id) == (
        [],
        {},
        [],
    )
