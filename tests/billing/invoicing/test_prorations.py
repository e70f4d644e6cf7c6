"""Proration of a fixed fee changed mid-period, worked out by hand: half a period left of a
49.00 fee moved to 59.00 is a 24.50 credit and a 29.50 charge."""

from billing.catalog.models import Price
from billing.invoicing.models import Invoice, InvoiceLine
from billing.invoicing.prorations import change_plan, override_price, prorate
from billing.subscriptions import subscription_versions
from billing.subscriptions.models import SubscriptionDetail
from tests.support.billing.invoicing.prorations import paid_subscription


async def lines(invoice: Invoice) -> list[tuple[str, int]]:
    rows = await InvoiceLine.filter(invoice_id=invoice.id).order_by("position")
    return [(row.description, row.subtotal_cents) for row in rows]


async def test_half_a_period_left_credits_half_the_old_fee_and_charges_half_the_new(merchant):
    sub, dearer = await paid_subscription(merchant.id)
    new = await subscription_versions.override_price(merchant.id, sub.id, price_id=dearer.id)
    [detail] = await SubscriptionDetail.filter(subscription_id=new.id)
    start, end = detail.previous_billing_date, detail.next_billing_date
    halfway = start + (end - start) / 2
    invoice = await prorate(new, halfway)
    day = f"{halfway:%b} {halfway.day}, {halfway.year}"
    assert await lines(invoice) == [
        (f"Unused time on Engine plan after {day}", -2450),
        (f"Remaining time on Engine plan from {day}", 2950),
    ]
    assert (invoice.total_cents, invoice.status, invoice.billing_reason) == (
        500,
        "unpaid",
        "proration",
    )


async def test_a_downgrade_is_a_credit_note_and_the_same_fee_is_nothing(merchant):
    sub, dearer = await paid_subscription(merchant.id)
    await override_price(merchant.id, sub.id, price_id=dearer.id)  # up, prorated at once
    cheaper = await Price.get(id=sub.effective_price_id)
    await override_price(merchant.id, sub.id, price_id=cheaper.id)  # and back down
    up, down = await Invoice.filter(
        stable_subscription_id=sub.id, billing_reason="proration"
    ).order_by("created_at")
    assert up.total_cents > 0 and down.total_cents < 0
    assert down.status == "paid"  # a credit: nothing to collect
    assert abs(up.total_cents + down.total_cents) <= 1  # up and straight back cancels out


async def test_a_plan_change_now_is_prorated_and_one_at_the_next_cycle_is_not(merchant):
    sub, dearer = await paid_subscription(merchant.id)
    await change_plan(merchant.id, sub.id, price_id=dearer.id, when="next_billing_cycle")
    assert not await Invoice.filter(stable_subscription_id=sub.id, billing_reason="proration")
    await change_plan(merchant.id, sub.id, price_id=dearer.id, when="now")
    [invoice] = await Invoice.filter(stable_subscription_id=sub.id, billing_reason="proration")
    credit, charge = [cents for _, cents in await lines(invoice)]
    assert credit < 0 < charge and invoice.total_cents == credit + charge
