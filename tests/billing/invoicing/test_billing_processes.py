"""Four ``tally run-due`` processes billing at once, then the pass run again, give every cycle
exactly one invoice and every invoice exactly one number.

1,200 subscriptions (more than two claims of 500, so the processes race for claims) started
95 days ago, half a flat fee and half a fee plus usage: each owes its current period's fee
(a backdated subscription pays the period it is in). The processes pass at real time over every
merchant of the database they are given, so the module has one of its own
(``module_database``); the assertions look at this test's merchant.
"""

import asyncio
from datetime import timedelta

import pytest

from billing.catalog.models import Price
from billing.catalog.price_components import billing_components
from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.invoicing.models import Invoice, InvoiceLine
from billing.subscriptions.models import Subscription, SubscriptionDetail
from billing.subscriptions.subscriptions import first_billing_date
from tests.support.billing.due_work import start_tally
from tests.support.factories.catalog import make_plan
from tests.support.factories.invoices import FLAT_49, fee_and_storage, sum_metric

COUNT = 1200

pytestmark = pytest.mark.usefixtures("module_database")


async def many_subscriptions(merchant_id: str) -> None:
    """COUNT subscriptions through bulk inserts (the services would take minutes)."""
    start = utcnow() - timedelta(days=95)
    metric = await sum_metric(merchant_id)
    prices = []
    for pricing in (FLAT_49, fee_and_storage(metric.id)):
        plan = await make_plan(merchant_id, name="Bulk")
        prices.append(
            await Price.create(
                merchant_id=merchant_id, plan_id=plan.id, currency="USD", pricing_data=pricing
            )
        )
    customers, subs, details = [], [], []
    for n in range(COUNT):
        price = prices[n % 2]
        customer = Customer(
            merchant_id=merchant_id,
            email=f"bulk{n}@example.com",
            email_normalized=f"bulk{n}@example.com",
            name=f"Bulk {n}",
            name_normalized=f"bulk {n}",
        )
        sub = Subscription(
            merchant_id=merchant_id,
            customer_id=customer.id,
            plan_id=price.plan_id,
            effective_price_id=price.id,
            start_timestamp=start,
            current_period_start=start,
            current_period_end=start + timedelta(days=30),
        )
        sub.stable_subscription_id = sub.id
        customers.append(customer)
        subs.append(sub)
        for component in billing_components(price.pricing_data):
            details.append(
                SubscriptionDetail(
                    merchant_id=merchant_id,
                    subscription_id=sub.id,
                    component_id=component.component_id,
                    component=component.data,
                    recurrence_rule=component.recurrence_rule,
                    subscription_start_date=start,
                    next_billing_date=first_billing_date(component, start, None),
                )
            )
    await Customer.bulk_create(customers)
    await Subscription.bulk_create(subs)
    await SubscriptionDetail.bulk_create(details)


async def billed_cycles(merchant_id: str) -> list[tuple]:
    rows = await InvoiceLine.filter(invoice__merchant_id=merchant_id).values_list(
        "cycle_key", "subtotal_cents"
    )
    return sorted(rows)


async def run_due_processes(database_url: str, tmp_path, count: int) -> None:
    processes = [start_tally(database_url, tmp_path / f"p{n}") for n in range(count)]
    for process in processes:
        _out, err = await asyncio.to_thread(process.communicate, timeout=300)
        # 1 would say a row failed; this merchant's cycles are what the test checks, below.
        assert process.returncode in (0, 1), err


async def test_four_processes_then_a_second_pass_bill_each_cycle_once(
    merchant, module_database, tmp_path
):
    await many_subscriptions(merchant.id)
    await run_due_processes(module_database, tmp_path, 4)
    first = await billed_cycles(merchant.id)

    keys = [key for key, _ in first]
    assert len(keys) == len(set(keys))
    # the current period's fee, once each (usage bills at the period's end, not yet due)
    assert len(keys) == COUNT
    invoices = await Invoice.filter(merchant_id=merchant.id).count()
    assert invoices == COUNT
    numbers = await Invoice.filter(merchant_id=merchant.id).values_list("number", flat=True)
    assert sorted(numbers) == [f"INV-{n:06d}" for n in range(1, invoices + 1)]

    await run_due_processes(module_database, tmp_path, 2)  # again: nothing more is owed
    assert await billed_cycles(merchant.id) == first
    assert await Invoice.filter(merchant_id=merchant.id).count() == invoices
