"""Stored trials (issue 28): a subscription created with a trial is ``trialing``; the due-work
step ends it at ``trial_end_date``, as of the pass's clock, with a ``trial_ended`` event; the
status shown is the stored one, whatever the wall clock says."""

from datetime import UTC, datetime, timedelta

from billing.catalog.models import Price
from billing.subscriptions import trials
from billing.subscriptions.models import Subscription, SubscriptionEvent
from billing.subscriptions.subscriptions import create_subscription
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import make_customer

START = datetime(2030, 3, 1, tzinfo=UTC)


async def _trial(merchant_id: str, start: datetime = START) -> Subscription:
    plan = await make_plan(merchant_id, name="Team", monthly_cents=2900, trial_days=14)
    price = await Price.get(plan_id=plan.id)
    customer = await make_customer(merchant_id)
    return await create_subscription(
        merchant_id,
        customer_id=customer.id,
        plan_id=plan.id,
        effective_price_id=price.id,
        start_timestamp=start,
    )


async def test_a_trial_is_stored_trialing_and_ends_at_the_pass_clock(merchant):
    live = await _trial(merchant.id)
    assert (live.status, live.trial_end_date) == ("trialing", START + timedelta(days=14))

    before = await trials.end_due(START + timedelta(days=13), merchant.id)
    assert before["trial ended"] == 0
    await live.refresh_from_db()
    assert trials.display_status(live, START + timedelta(days=20)) == "trialing"

    now = START + timedelta(days=14, minutes=5)
    ended = await trials.end_due(now, merchant.id)
    assert ended["trial ended"] == 1
    await live.refresh_from_db()
    assert (live.status, trials.display_status(live)) == ("active", "active")
    event = await SubscriptionEvent.filter(subscription_id=live.id).order_by("-occurred_at").first()
    assert (event.kind, event.status_after, event.occurred_at) == ("trial_ended", "active", now)
    assert (await trials.end_due(now, merchant.id))["trial ended"] == 0  # once


async def test_a_backdated_trial_already_over_is_active(merchant):
    live = await _trial(merchant.id, start=datetime(2020, 1, 1, tzinfo=UTC))
    assert live.status == "active"


async def test_ending_trials_of_one_merchant_leaves_another_alone(merchant, make_merchant):
    other = await make_merchant()
    mine, theirs = await _trial(merchant.id), await _trial(other.id)
    await trials.end_due(START + timedelta(days=15), merchant.id)
    await mine.refresh_from_db()
    await theirs.refresh_from_db()
    assert (mine.status, theirs.status) == ("active", "trialing")
