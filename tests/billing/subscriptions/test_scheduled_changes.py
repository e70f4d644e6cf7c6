"""Scheduled changes and period roll-over through the due-work pass, without HTTP."""

from datetime import UTC, datetime, timedelta

from billing.catalog.models import Plan, Price
from billing.core.models import utcnow
from billing.due_work import run_due
from billing.subscriptions.models import (
    ScheduledChange,
    Subscription,
    SubscriptionDetail,
    SubscriptionEvent,
    SubscriptionFeature,
)
from billing.subscriptions.subscription_lifecycle import cancel
from tests.support.billing.subscriptions.scheduled_changes import migration_target, schedule
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import subscribe


async def test_due_change_makes_the_next_version(merchant):
    sub = await subscribe(merchant.id, features=[("SSO", True)])
    plan, price = await migration_target(sub)
    change = await schedule(sub, plan, price, utcnow() - timedelta(minutes=1))
    later = await schedule(await subscribe(merchant.id), plan, price, utcnow() + timedelta(days=3))
    assert (await run_due(merchant_id=merchant.id)).count("scheduled changes", "applied") >= 1
    change = await ScheduledChange.get(id=change.id)
    assert (change.status, change.error) == ("applied", None)
    assert change.applied_at is not None
    live = await Subscription.get(id=change.result_subscription_id)
    assert (live.stable_subscription_id, live.version_number, live.deleted_at) == (sub.id, 2, None)
    assert (live.plan_id, live.effective_price_id) == (plan.id, price.id)
    assert (await Subscription.get(id=sub.id)).deleted_at is not None
    features = await SubscriptionFeature.scoped(merchant.id).filter(subscription_id=live.id)
    assert [(f.source, f.feature_value) for f in features] == [("plan", True)]
    assert await SubscriptionDetail.scoped(merchant.id).filter(subscription_id=live.id).count() == 1
    assert (await ScheduledChange.get(id=later.id)).status == "pending"
    event = await SubscriptionEvent.get(stable_subscription_id=sub.id, kind="migrated")
    assert event.subscription_id == live.id
    # idempotent: a second run finds nothing to do
    assert (await run_due(merchant_id=merchant.id)).count("scheduled changes", "applied") == 0
    assert await Subscription.filter(stable_subscription_id=sub.id).count() == 2


async def test_run_due_with_a_given_now(merchant):
    sub = await subscribe(merchant.id)
    plan, price = await migration_target(sub)
    change = await schedule(sub, plan, price, sub.current_period_end)
    await run_due(now=sub.current_period_end - timedelta(seconds=1), merchant_id=merchant.id)
    assert (await ScheduledChange.get(id=change.id)).status == "pending"
    await run_due(now=sub.current_period_end, merchant_id=merchant.id)
    assert (await ScheduledChange.get(id=change.id)).status == "applied"


async def test_change_of_an_ended_subscription_is_cancelled(merchant):
    sub = await subscribe(merchant.id)
    plan, price = await migration_target(sub)
    change = await schedule(sub, plan, price, utcnow() - timedelta(minutes=1))
    await cancel(merchant.id, sub.id)  # cancels pending changes itself ...
    assert (await ScheduledChange.get(id=change.id)).status == "cancelled"
    await ScheduledChange.filter(id=change.id).update(status="pending")  # ... force one through
    await run_due(merchant_id=merchant.id)
    change = await ScheduledChange.get(id=change.id)
    assert (change.status, change.error) == ("cancelled", "Subscription ended")
    assert await Subscription.filter(stable_subscription_id=sub.id).count() == 1


async def test_change_to_a_deleted_price_fails_and_changes_nothing(merchant):
    sub = await subscribe(merchant.id)
    plan, price = await migration_target(sub)
    await Price.filter(id=price.id).delete()
    change = await schedule(sub, plan, price, utcnow() - timedelta(minutes=1))
    await run_due(merchant_id=merchant.id)
    change = await ScheduledChange.get(id=change.id)
    assert change.status == "failed"
    assert "no longer exists" in change.error
    assert await Subscription.filter(stable_subscription_id=sub.id).count() == 1


async def test_change_already_in_effect_is_cancelled(merchant):
    sub = await subscribe(merchant.id)
    plan = await Plan.get(id=sub.plan_id)
    price = await Price.get(id=sub.effective_price_id)
    change = await schedule(sub, plan, price, utcnow() - timedelta(minutes=1))
    await run_due(merchant_id=merchant.id)
    change = await ScheduledChange.get(id=change.id)
    assert (change.status, change.result_subscription_id) == ("cancelled", sub.id)


async def test_a_newer_schedule_replaces_the_older(merchant):
    sub = await subscribe(merchant.id)
    plan, price = await migration_target(sub)
    first = await schedule(sub, plan, price, sub.current_period_end)
    second = await schedule(sub, plan, price, sub.current_period_end)
    assert (await ScheduledChange.get(id=first.id)).status == "cancelled"
    assert (await ScheduledChange.get(id=second.id)).status == "pending"


async def test_passed_periods_roll_over_month_end_safe(merchant):
    start = datetime(2024, 1, 31, 12, tzinfo=UTC)
    sub = await subscribe(merchant.id, start=start)
    jan = datetime(2024, 1, 31, 12, tzinfo=UTC)
    feb = datetime(2024, 2, 29, 12, tzinfo=UTC)
    await Subscription.filter(id=sub.id).update(current_period_start=jan, current_period_end=feb)
    # one period
    await run_due(now=datetime(2024, 3, 1, tzinfo=UTC), merchant_id=merchant.id)
    row = await Subscription.get(id=sub.id)
    assert (row.current_period_start, row.current_period_end) == (
        feb,
        datetime(2024, 3, 31, 12, tzinfo=UTC),
    )
    # several missed periods at once; no new version, no event
    await run_due(now=datetime(2024, 7, 1, tzinfo=UTC), merchant_id=merchant.id)
    row = await Subscription.get(id=sub.id)
    assert (row.current_period_start, row.current_period_end) == (
        datetime(2024, 6, 30, 12, tzinfo=UTC),
        datetime(2024, 7, 31, 12, tzinfo=UTC),
    )
    assert row.version_number == 1
    assert await SubscriptionEvent.filter(stable_subscription_id=sub.id).count() == 1


async def test_cancel_at_period_end_ends_it_when_the_period_passes(merchant):
    sub = await subscribe(merchant.id)
    await Subscription.filter(id=sub.id).update(cancel_at_period_end=True)
    await run_due(now=sub.current_period_end - timedelta(seconds=1), merchant_id=merchant.id)
    assert (await Subscription.get(id=sub.id)).deleted_at is None
    await run_due(now=sub.current_period_end + timedelta(seconds=1), merchant_id=merchant.id)
    row = await Subscription.get(id=sub.id)
    assert (row.status, row.end_timestamp) == ("ended", sub.current_period_end)


async def test_ended_rule_is_left_alone(merchant):
    plan = await make_plan(merchant.id, name="Once", monthly_cents=100)
    price = await Price.get(plan_id=plan.id)
    price.pricing_data = {
        "components": [
            {"type": "fixed", "amount_cents": 100, "recurrence_rule": "FREQ=DAILY;COUNT=1"}
        ]
    }
    await price.save()
    sub = await subscribe(merchant.id)
    await Subscription.filter(id=sub.id).update(
        effective_price_id=price.id, current_period_end=sub.current_period_start
    )
    # terminates
    await run_due(now=sub.current_period_end + timedelta(days=400), merchant_id=merchant.id)
    assert (await Subscription.get(id=sub.id)).current_period_end == sub.current_period_start
