"""What the portal tells a customer about cancelling: the usage up to the end is billed once
then (the amount so far, the figures the upcoming invoice and the due pass use), and "Change
plan" is offered only when there is another plan to switch to."""

from datetime import timedelta

from billing.core.models import utcnow
from billing.invoicing.billing_run import bill_due
from billing.portal import cancellation, plan_switch
from billing.subscriptions.subscriptions import get_live
from tests.support.factories.invoices import (
    FLAT_49,
    fee_and_calls,
    priced_subscription,
    sum_metric,
    use,
)
from tests.support.factories.portal_actions import subscribed_customer


async def test_the_usage_so_far_is_what_cancelling_still_bills(merchant):
    metric = await sum_metric(merchant.id, "api-call")
    start = utcnow() - timedelta(days=10)
    sub = await priced_subscription(merchant.id, fee_and_calls(metric.id), start=start)
    await use(merchant.id, sub.customer_id, metric, 12340, start + timedelta(days=1))
    await bill_due(start, merchant.id)
    live = await get_live(merchant.id, sub.id)
    final = await cancellation.final_usage(merchant.id, live)
    assert final is not None and final.issue_date == live.current_period_end
    assert [(c.type, c.subtotal_cents) for c in final.charges] == [("usage", 1234)]
    assert (final.total_cents, final.currency) == (1234, "USD")
    # Cancelling changes nothing of it: the same last invoice, to be billed at the end.
    cancelled = await cancellation.cancel_at_period_end(merchant.id, sub.customer_id, sub.id)
    assert (await cancellation.final_usage(merchant.id, cancelled)).total_cents == 1234


async def test_a_price_without_usage_bills_nothing_more(merchant):
    start = utcnow() - timedelta(days=10)
    sub = await priced_subscription(merchant.id, FLAT_49, start=start)
    assert await cancellation.final_usage(merchant.id, await get_live(merchant.id, sub.id)) is None


async def test_change_plan_only_with_another_plan_to_switch_to(merchant, make_merchant):
    made = await subscribed_customer(merchant.id)
    assert await plan_switch.can_switch(merchant.id, made.subscription)
    await cancellation.cancel_at_period_end(
        merchant.id, made.customer.id, made.subscription.stable_subscription_id
    )
    cancelling = await get_live(merchant.id, made.subscription.stable_subscription_id)
    assert not await plan_switch.can_switch(merchant.id, cancelling)
    alone = await make_merchant()  # no pricing table: nothing to switch to
    sub = await priced_subscription(alone.id, FLAT_49, start=utcnow() - timedelta(days=3))
    assert not await plan_switch.can_switch(alone.id, await get_live(alone.id, sub.id))
