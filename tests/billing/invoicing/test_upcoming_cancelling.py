"""The upcoming invoice of a subscription set to cancel at its period end is what the due pass
really bills at that end: the final usage only, no next-period fee; with no usage, nothing."""

from datetime import timedelta
from decimal import Decimal

import pytest

from billing.core.errors import NotFound
from billing.core.models import utcnow
from billing.invoicing import upcoming
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice, InvoiceLine
from billing.subscriptions.periods import roll_due
from billing.subscriptions.subscription_lifecycle import cancel_at_period_end, keep
from billing.subscriptions.subscriptions import get_live
from tests.support.factories.invoices import (
    FLAT_49,
    fee_and_calls,
    priced_subscription,
    sum_metric,
    use,
)


async def _at_period_end(merchant_id: str, stable_id: str):
    """The due pass's two steps at the period end, on an explicit clock: the roll-over ends
    the subscription, then the billing run bills what is due."""
    live = await get_live(merchant_id, stable_id)
    ends = live.current_period_end
    await roll_due(ends, merchant_id)
    await bill_due(ends, merchant_id)
    return ends


async def test_the_preview_is_the_final_usage_invoice_the_due_pass_issues(merchant):
    metric = await sum_metric(merchant.id, "api-call")
    start = utcnow() - timedelta(days=10)
    sub = await priced_subscription(merchant.id, fee_and_calls(metric.id), start=start)
    await use(merchant.id, sub.customer_id, metric, 12340, start + timedelta(days=2))
    await bill_due(start, merchant.id)  # the first month's $29
    before = await upcoming.upcoming_invoice(merchant.id, sub.id)
    assert [c.type for c in before.charges] == ["fixed", "usage"]  # renewing: fee + usage

    live = await cancel_at_period_end(merchant.id, sub.id)
    preview = await upcoming.upcoming_invoice(merchant.id, sub.id)
    assert preview.final and preview.issue_date == live.current_period_end
    assert [(c.type, c.subtotal_cents, c.quantity) for c in preview.charges] == [
        ("usage", 1234, Decimal(12340))
    ]
    assert preview.total_cents == 1234

    ends = await _at_period_end(merchant.id, sub.id)
    final = await Invoice.get(merchant_id=merchant.id, billing_reason="subscription_final")
    lines = await InvoiceLine.filter(invoice_id=final.id).order_by("id")
    assert (final.issue_date, final.total_cents) == (ends, preview.total_cents)
    assert [
        (line.type, line.subtotal_cents, line.billing_period_start, line.billing_period_end)
        for line in lines
    ] == [(c.type, c.subtotal_cents, c.period_start, c.period_end) for c in preview.charges]
    assert await Invoice.filter(merchant_id=merchant.id).count() == 2  # the first fee, the final


async def test_a_cancelling_subscription_without_usage_has_nothing_upcoming(merchant):
    start = utcnow() - timedelta(days=10)
    sub = await priced_subscription(merchant.id, FLAT_49, start=start)
    await bill_due(start, merchant.id)
    await cancel_at_period_end(merchant.id, sub.id)
    with pytest.raises(NotFound) as refused:
        await upcoming.upcoming_invoice(merchant.id, sub.id)
    assert refused.value.code == "nothing_upcoming"
    await _at_period_end(merchant.id, sub.id)
    assert await Invoice.filter(merchant_id=merchant.id).count() == 1  # nothing more billed


async def test_keeping_it_brings_the_next_fee_back(merchant):
    metric = await sum_metric(merchant.id, "api-call")
    start = utcnow() - timedelta(days=10)
    sub = await priced_subscription(merchant.id, fee_and_calls(metric.id), start=start)
    await bill_due(start, merchant.id)
    await cancel_at_period_end(merchant.id, sub.id)
    await keep(merchant.id, sub.id)
    preview = await upcoming.upcoming_invoice(merchant.id, sub.id)
    assert not preview.final
    assert [(c.type, c.subtotal_cents) for c in preview.charges] == [("fixed", 2900), ("usage", 0)]
