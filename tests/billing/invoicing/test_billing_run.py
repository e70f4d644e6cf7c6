"""The billing run against cases worked out by hand: fixed fees in advance, usage in arrears,
trials, tiers, pauses, cancellations, catch-up and exactly-once under concurrency.

Every subscription starts on 2030-01-01 (a 31-day January) so the dates are the test's own;
``bill_due`` is limited to the test's merchant so other tests' subscriptions are not billed.
"""

import asyncio
from datetime import UTC, datetime, timedelta

from billing.catalog.metrics import delete_metric
from billing.core.models import utcnow
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice, InvoiceLine
from billing.subscriptions.models import SubscriptionDetail
from billing.subscriptions.subscription_lifecycle import cancel, pause, resume
from tests.support.factories.invoices import (
    FLAT_49,
    fee_and_storage,
    priced_subscription,
    sum_metric,
    use,
)

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
FEB_1 = datetime(2030, 2, 1, tzinfo=UTC)
MAR_1 = datetime(2030, 3, 1, tzinfo=UTC)
APR_1 = datetime(2030, 4, 1, tzinfo=UTC)
TIERS = [
    {"upTo": 100, "unitAmount": 10},
    {"upTo": 1000, "unitAmount": 5, "flatAmount": 200},
    {"upTo": None, "unitAmount": 1},
]


async def invoices_of(sub) -> list[Invoice]:
    return await Invoice.filter(stable_subscription_id=sub.stable_subscription_id).order_by(
        "issue_date"
    )


async def lines_of(invoice: Invoice) -> list[tuple]:
    lines = await InvoiceLine.filter(invoice_id=invoice.id).order_by("position")
    return [
        (line.type, line.subtotal_cents, line.billing_period_start, line.billing_period_end)
        for line in lines
    ]


async def test_a_flat_fee_bills_in_advance_once_per_cycle_and_catches_up(merchant):
    sub = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    await bill_due(JAN_1, merchant.id)
    await bill_due(JAN_1, merchant.id)  # a second run finds nothing more to bill
    [first] = await invoices_of(sub)
    assert (first.number, first.status, first.total_cents, first.issue_date) == (
        "INV-000001",
        "unpaid",
        4900,
        JAN_1,
    )
    assert await lines_of(first) == [("fixed", 4900, JAN_1, FEB_1)]

    await bill_due(MAR_1, merchant.id)  # two months late: February and March, each dated
    invoices = await invoices_of(sub)
    assert [(i.number, i.issue_date, i.total_cents) for i in invoices] == [
        ("INV-000001", JAN_1, 4900),
        ("INV-000002", FEB_1, 4900),
        ("INV-000003", MAR_1, 4900),
    ]
    [detail] = await SubscriptionDetail.filter(subscription_id=sub.id)
    assert (detail.cycles_billed, detail.previous_billing_date, detail.next_billing_date) == (
        3,
        MAR_1,
        APR_1,
    )


async def test_a_trial_bills_nothing_and_then_the_rest_of_the_period(merchant):
    sub = await priced_subscription(merchant.id, FLAT_49, start=JAN_1, trial_days=14)
    await bill_due(JAN_1 + timedelta(days=13), merchant.id)
    assert await invoices_of(sub) == []
    await bill_due(FEB_1, merchant.id)
    first, second = await invoices_of(sub)
    trial_end = JAN_1 + timedelta(days=14)
    # 17 of January's 31 days are left after the trial: 4900 x 17 / 31 = 2687.10 -> 2687
    assert await lines_of(first) == [("fixed", 2687, trial_end, FEB_1)]
    assert await lines_of(second) == [("fixed", 4900, FEB_1, MAR_1)]


async def test_usage_bills_in_arrears_beside_the_fixed_fee(merchant):
    metric = await sum_metric(merchant.id)
    pricing = fee_and_storage(metric.id)
    sub = await priced_subscription(merchant.id, pricing, start=JAN_1)
    for value, day in ((10.5, 10), (4, 20), (100, 36)):  # the last falls in February
        await use(merchant.id, sub.customer_id, metric, value, JAN_1 + timedelta(days=day))
    await bill_due(FEB_1, merchant.id)
    first, second = await invoices_of(sub)
    assert await lines_of(first) == [("fixed", 1000, JAN_1, FEB_1)]
    # 14.5 GB x 25 = 362.5 -> 362 (half-even), for January, billed on February 1
    assert await lines_of(second) == [
        ("fixed", 1000, FEB_1, MAR_1),
        ("usage", 362, JAN_1, FEB_1),
    ]
    assert second.total_cents == 1362
    usage_line = await InvoiceLine.get(invoice_id=second.id, type="usage")
    assert (float(usage_line.quantity), usage_line.unit_amount_cents) == (14.5, 25)


async def test_tiers_price_the_period_graduated_or_by_volume(merchant):
    metric = await sum_metric(merchant.id, "api-calls")
    graduated = await priced_subscription(
        merchant.id, {"type": "tiered", "tiers": TIERS, "metricId": metric.id}, start=JAN_1
    )
    volume = await priced_subscription(
        merchant.id,
        {"type": "tiered", "tiers": TIERS, "metricId": metric.id, "tiersMode": "volume"},
        start=JAN_1,
    )
    for sub in (graduated, volume):
        await use(merchant.id, sub.customer_id, metric, 150, JAN_1 + timedelta(days=3))
    await bill_due(FEB_1, merchant.id)
    [g] = await invoices_of(graduated)
    [v] = await invoices_of(volume)
    assert g.total_cents == 1450  # 100 x 10 + 50 x 5 + 200 flat
    assert v.total_cents == 950  # 150 x 5 + 200 flat


async def test_a_paused_subscription_skips_its_cycles(merchant):
    sub = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    await bill_due(JAN_1, merchant.id)
    await pause(merchant.id, sub.stable_subscription_id)
    await bill_due(MAR_1, merchant.id)
    assert len(await invoices_of(sub)) == 1
    await resume(merchant.id, sub.stable_subscription_id)
    await bill_due(APR_1, merchant.id)
    invoices = await invoices_of(sub)
    assert [i.issue_date for i in invoices] == [JAN_1, APR_1]
    [detail] = await SubscriptionDetail.filter(subscription_id=sub.id, deleted_at=None)
    assert detail.cycles_billed == 2


async def test_a_cancelled_subscription_bills_its_last_usage_once(merchant):
    metric = await sum_metric(merchant.id)
    start = utcnow() - timedelta(days=20)
    component = {
        "type": "per_unit",
        "component_id": "storage",
        "component_name": "Storage",
        "unit_label": "GB",
        "amount_cents": 100,
        "metric_id": metric.id,
    }
    sub = await priced_subscription(merchant.id, {"components": [component]}, start=start)
    await use(merchant.id, sub.customer_id, metric, 8, start + timedelta(days=5))
    await cancel(merchant.id, sub.stable_subscription_id)
    later = utcnow() + timedelta(days=400)
    await bill_due(later, merchant.id)
    await bill_due(later, merchant.id)
    [final] = await invoices_of(sub)
    assert (final.billing_reason, final.total_cents) == ("subscription_final", 800)


async def test_concurrent_runs_bill_every_cycle_exactly_once(merchant):
    subs = [await priced_subscription(merchant.id, FLAT_49, start=JAN_1) for _ in range(6)]
    await asyncio.gather(*(bill_due(MAR_1, merchant.id) for _ in range(4)))
    for sub in subs:
        assert [i.issue_date for i in await invoices_of(sub)] == [JAN_1, FEB_1, MAR_1]
    numbers = sorted(await Invoice.filter(merchant_id=merchant.id).values_list("number", flat=True))
    assert numbers == [f"INV-{n:06d}" for n in range(1, 19)]


async def test_a_deleted_metric_bills_no_usage_rather_than_failing_forever(merchant):
    metric = await sum_metric(merchant.id)
    sub = await priced_subscription(merchant.id, fee_and_storage(metric.id), start=JAN_1)
    await use(merchant.id, sub.customer_id, metric, 50, JAN_1 + timedelta(days=3))
    await delete_metric(merchant.id, metric.id)
    outcomes = await bill_due(FEB_1, merchant.id)
    assert outcomes["failed"] == 0
    second = (await invoices_of(sub))[1]
    assert await lines_of(second) == [
        ("fixed", 1000, FEB_1, MAR_1),
        ("usage", 0, JAN_1, FEB_1),
    ]


async def test_a_subscription_cancelled_before_it_starts_bills_nothing(merchant):
    metric = await sum_metric(merchant.id)
    start = utcnow() + timedelta(days=30)
    sub = await priced_subscription(merchant.id, fee_and_storage(metric.id), start=start)
    await cancel(merchant.id, sub.stable_subscription_id)
    outcomes = await bill_due(utcnow() + timedelta(days=400), merchant.id)
    assert outcomes["failed"] == 0
    assert await invoices_of(sub) == []
