"""A claim of many subscriptions bills exactly what claims of one bill, numbers its invoices
in issue order without a gap, and one failing subscription holds up none of the others."""

from datetime import UTC, datetime, timedelta

from billing.catalog.metrics import create_metric
from billing.invoicing import billing_run
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice, InvoiceLine
from billing.subscriptions.models import SubscriptionDetail
from billing.subscriptions.subscription_lifecycle import pause
from tests.support.billing.tax.tax_engine import CA, CA_NEXUS, CA_RATES, customer, setup
from tests.support.factories.invoices import (
    FLAT_49,
    fee_and_storage,
    priced_subscription,
    sum_metric,
    use,
)

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
APR_1 = datetime(2030, 4, 1, tzinfo=UTC)
TIERS = [
    {"upTo": 100, "unitAmount": 10},
    {"upTo": 1000, "unitAmount": 5, "flatAmount": 200},
    {"upTo": None, "unitAmount": 1},
]


async def mix(merchant_id: str) -> list:
    """Flat, fee plus usage, graduated and volume tiers, a trial, a California customer and a
    paused subscription, all from January 1 with usage in each month."""
    await setup(merchant_id, nexus=CA_NEXUS, rates=CA_RATES)
    metric = await sum_metric(merchant_id)
    tiered = {"type": "tiered", "tiers": TIERS, "metricId": metric.id}
    subs = [
        await priced_subscription(merchant_id, FLAT_49, start=JAN_1),
        await priced_subscription(merchant_id, fee_and_storage(metric.id), start=JAN_1),
        await priced_subscription(merchant_id, tiered, start=JAN_1),
        await priced_subscription(merchant_id, FLAT_49, start=JAN_1, trial_days=10),
        await priced_subscription(
            merchant_id, FLAT_49, start=JAN_1, customer=await customer(merchant_id, **CA)
        ),
        await priced_subscription(merchant_id, FLAT_49, start=JAN_1),
        await priced_subscription(merchant_id, {**tiered, "tiersMode": "volume"}, start=JAN_1),
    ]
    for n, sub in enumerate(subs):
        for day in (3, 40, 70):
            at = JAN_1 + timedelta(days=day, hours=n)
            await use(merchant_id, sub.customer_id, metric, 60.5 * (n + 1), at)
    await pause(merchant_id, subs[5].stable_subscription_id)
    return subs


async def billed(subs: list) -> list[list[tuple]]:
    """Per subscription, its invoices as a merchant reads them (numbers aside)."""
    shapes = []
    for sub in subs:
        invoices = await Invoice.filter(stable_subscription_id=sub.stable_subscription_id).order_by(
            "issue_date", "number"
        )
        shape = []
        for invoice in invoices:
            lines = await InvoiceLine.filter(invoice_id=invoice.id).order_by("position")
            shape.append(
                (
                    invoice.issue_date,
                    invoice.status,
                    invoice.billing_reason,
                    (invoice.subtotal_cents, invoice.tax_cents, invoice.total_cents),
                    [
                        (
                            line.type,
                            line.description,
                            line.subtotal_cents,
                            line.quantity,
                            line.billing_period_start,
                            line.billing_period_end,
                        )
                        for line in lines
                    ],
                )
            )
        shapes.append(shape)
    return shapes


async def details_of(subs: list) -> list[list[tuple]]:
    moved = []
    for sub in subs:
        rows = await SubscriptionDetail.filter(
            subscription__stable_subscription_id=sub.stable_subscription_id
        ).order_by("subscription__version_number", "component_id")
        moved.append(
            [(d.next_billing_date, d.previous_billing_date, d.cycles_billed) for d in rows]
        )
    return moved


async def test_one_claim_of_many_bills_what_claims_of_one_bill(
    merchant, make_merchant, monkeypatch
):
    together = await mix(merchant.id)
    alone_merchant = await make_merchant("One at a time")
    alone = await mix(alone_merchant.id)

    outcomes = await bill_due(APR_1, merchant.id)
    monkeypatch.setattr(billing_run, "CLAIM_SIZE", 1)
    assert await bill_due(APR_1, alone_merchant.id) == outcomes
    assert (outcomes["billed"], outcomes["skipped"], outcomes["failed"]) == (6, 1, 0)

    assert await billed(together) == await billed(alone)
    assert await details_of(together) == await details_of(alone)
    shapes = await billed(together)
    assert [len(invoices) for invoices in shapes] == [4, 4, 3, 4, 4, 0, 3]
    assert shapes[4][0][3] == (4900, 423, 5323)  # the California customer is taxed
    # gap-free, and in issue order across the whole claim
    rows = await Invoice.filter(merchant_id=merchant.id).order_by("number")
    assert [row.number for row in rows] == [f"INV-{n:06d}" for n in range(1, len(rows) + 1)]
    assert [row.issue_date for row in rows] == sorted(row.issue_date for row in rows)


async def test_a_failing_subscription_leaves_the_rest_of_its_claim_billed(merchant):
    """A usage price over a metric whose SQL fails cannot be billed; it stays due for the
    next pass while the others of its claim are billed."""
    broken = await create_metric(
        merchant.id,
        name="Broken",
        event_name="gb-stored",
        query_type="complex",
        custom_query="SELECT 1 / (count(*) - count(*)) FROM events",
    )
    fine = [await priced_subscription(merchant.id, FLAT_49, start=JAN_1) for _ in range(3)]
    failing = await priced_subscription(merchant.id, fee_and_storage(broken.id), start=JAN_1)
    outcomes = await bill_due(APR_1, merchant.id)
    assert (outcomes["billed"], outcomes["failed"]) == (3, 1)
    assert [len(invoices) for invoices in await billed(fine)] == [4, 4, 4]
    assert await billed([failing]) == [[]]  # not even its fee: retried whole, never half
    assert await details_of([failing]) == [
        [(JAN_1, None, 0), (datetime(2030, 2, 1, tzinfo=UTC), None, 0)]
    ]
    again = await bill_due(APR_1, merchant.id)
    assert (again["billed"], again["failed"]) == (0, 1)
