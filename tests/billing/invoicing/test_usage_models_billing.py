"""A "$29 / month + usage" price billed end to end: the renewal invoice bills the month's API
calls at 0.0004 USD each, rounded once half-even, keeping the exact unit price on the line;
the upcoming invoice shows the usage so far priced the same way; tiers and packages bill by
their model. Dates are the test's own; ``bill_due`` is limited to the test's merchant."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from billing.catalog.pricing import validate_pricing_data
from billing.core.models import utcnow
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice, InvoiceLine
from billing.invoicing.upcoming import upcoming_invoice
from tests.support.factories.invoices import priced_subscription, sum_metric, use

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
FEB_1 = datetime(2030, 2, 1, tzinfo=UTC)


def plus_usage(metric_id: str, **model) -> dict:
    """$29 a month in advance, plus the metric's API calls in arrears (as the API stores it)."""
    usage = {
        "type": "per_unit",
        "component_id": "api-calls",
        "component_name": "API calls",
        "unit_label": "call",
        "metric_id": metric_id,
        "recurrence_rule": "FREQ=MONTHLY",
        **(model or {"unit_amount_decimal": "0.04"}),  # 0.0004 USD a call
    }
    fee = {"type": "fixed", "amount_cents": 2900, "recurrence_rule": "FREQ=MONTHLY"}
    return validate_pricing_data({"components": [fee, usage]})


async def _usage_line(sub) -> InvoiceLine:
    invoice = await Invoice.filter(
        stable_subscription_id=sub.stable_subscription_id, issue_date=FEB_1
    ).first()
    return await InvoiceLine.get(invoice_id=invoice.id, type="usage")


async def test_the_renewal_bills_usage_at_a_sub_cent_price_rounded_once(merchant):
    metric = await sum_metric(merchant.id, "api-call")
    sub = await priced_subscription(merchant.id, plus_usage(metric.id), start=JAN_1)
    for calls, day in ((10000, 3), (2345, 20)):
        await use(merchant.id, sub.customer_id, metric, calls, JAN_1 + timedelta(days=day))
    await bill_due(FEB_1, merchant.id)
    line = await _usage_line(sub)
    # 12,345 calls x 0.04 cents = 493.8 cents -> $4.94, rounded once for the line
    assert line.subtotal_cents == 494
    assert line.quantity == 12345
    assert line.unit_amount_decimal == Decimal("0.04")
    assert line.unit_amount_cents == 0  # the rounded figure; the exact one is beside it
    invoice = await Invoice.get(id=line.invoice_id)
    assert invoice.total_cents == 2900 + 494  # February's fee in advance + January's usage


async def test_a_half_cent_line_rounds_half_even(merchant):
    metric = await sum_metric(merchant.id, "api-call")
    sub = await priced_subscription(merchant.id, plus_usage(metric.id), start=JAN_1)
    await use(merchant.id, sub.customer_id, metric, 62.5, JAN_1 + timedelta(days=2))
    await bill_due(FEB_1, merchant.id)
    assert (await _usage_line(sub)).subtotal_cents == 2  # 2.5 cents -> 2


async def test_graduated_tiers_and_packages_bill_by_their_model(merchant):
    metric = await sum_metric(merchant.id, "api-call")
    tiers = {
        "model": "graduated",
        "tiers": [
            {"up_to": 1000, "amount_cents": 0},
            {"up_to": None, "unit_amount_decimal": "0.05", "flat_amount_cents": 100},
        ],
    }
    packs = {"model": "package", "package_size": 1000, "amount_cents": 250}
    graduated = await priced_subscription(merchant.id, plus_usage(metric.id, **tiers), start=JAN_1)
    package = await priced_subscription(merchant.id, plus_usage(metric.id, **packs), start=JAN_1)
    for sub in (graduated, package):
        await use(merchant.id, sub.customer_id, metric, 3001, JAN_1 + timedelta(days=4))
    await bill_due(FEB_1, merchant.id)
    graduated_line, package_line = await _usage_line(graduated), await _usage_line(package)
    assert graduated_line.subtotal_cents == 200  # 2,001 x 0.05 = 100.05, + 100 flat: 200
    assert package_line.subtotal_cents == 1000  # four packages (the last partial) x 250
    assert graduated_line.unit_amount_cents is None and package_line.unit_amount_decimal is None


async def test_the_upcoming_invoice_shows_usage_so_far(merchant):
    metric = await sum_metric(merchant.id, "api-call")
    start = utcnow() - timedelta(days=3)
    sub = await priced_subscription(merchant.id, plus_usage(metric.id), start=start)
    await bill_due(start, merchant.id)  # the first month's fee, in advance
    await use(merchant.id, sub.customer_id, metric, 12340, start + timedelta(days=1))
    upcoming = await upcoming_invoice(merchant.id, sub.stable_subscription_id)
    [usage] = [charge for charge in upcoming.charges if charge.type == "usage"]
    assert usage.quantity == 12340
    assert usage.subtotal_cents == 494  # 12,340 x 0.04 = 493.6 -> 494
    assert usage.unit_amount_decimal == Decimal("0.04")
    assert upcoming.subtotal_cents == 2900 + 494
