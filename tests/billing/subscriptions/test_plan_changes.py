"""Changing one subscription's plan (``plan_changes.change_plan``): now, or at the end of the
period through the due-work pass; the newest decision replaces a pending one."""

import pytest

from billing.catalog.models import Price
from billing.core.errors import Conflict, Invalid, NotFound
from billing.due_work import run_due
from billing.subscriptions import plan_changes
from billing.subscriptions.models import ScheduledChange, Subscription, SubscriptionEvent
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import subscribe


async def test_change_at_period_end_is_applied_by_the_due_pass(merchant):
    sub = await subscribe(merchant.id)
    team = await make_plan(merchant.id, name="Team", monthly_cents=9900)
    price = await Price.get(plan_id=team.id)
    done = await plan_changes.change_plan(
        merchant.id, sub.id, price_id=price.id, when="next_billing_cycle"
    )
    assert done.effective_date == sub.current_period_end
    [change] = await ScheduledChange.scoped(merchant.id).filter(status="pending")
    assert change.kind == "plan_change"
    await run_due(now=sub.current_period_end, merchant_id=merchant.id)
    live = await Subscription.scoped(merchant.id).get(stable_subscription_id=sub.id)
    assert (live.plan_id, live.effective_price_id, live.version_number) == (team.id, price.id, 2)
    assert await SubscriptionEvent.filter(stable_subscription_id=sub.id, kind="plan_changed")


async def test_change_now_replaces_a_pending_change_and_refusals(merchant, make_merchant):
    sub = await subscribe(merchant.id)
    team = await make_plan(merchant.id, name="Team", monthly_cents=9900)
    price = await Price.get(plan_id=team.id)
    await plan_changes.change_plan(
        merchant.id, sub.id, price_id=price.id, when="next_billing_cycle"
    )
    done = await plan_changes.change_plan(merchant.id, sub.id, price_id=price.id, when="now")
    assert done.subscription.version_number == 2
    assert await ScheduledChange.scoped(merchant.id).filter(status="pending").count() == 0
    with pytest.raises(Conflict):
        await plan_changes.change_plan(merchant.id, sub.id, price_id=price.id, when="now")
    with pytest.raises(Invalid):
        await plan_changes.change_plan(merchant.id, sub.id, price_id=price.id, when="later")
    other = await make_merchant()
    foreign = await subscribe(other.id)
    with pytest.raises(NotFound):
        await plan_changes.change_plan(
            merchant.id, sub.id, price_id=foreign.effective_price_id, when="now"
        )
    with pytest.raises(NotFound):
        await plan_changes.change_plan(other.id, sub.id, price_id=price.id, when="now")
