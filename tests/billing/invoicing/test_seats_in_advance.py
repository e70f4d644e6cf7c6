"""Seats billed immediately: a per-seat plan with "bill immediately" charges seats × the seat
price at the start of each period, the seats being the customer's organization (at least the
plan's minimum), and ``triggerImmediateBilling`` invoices them inside the create request."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.catalog.models import Plan, Price
from billing.catalog.pricing import seat_price_data
from billing.core.errors import NotFound
from billing.core.models import utcnow
from billing.customers.organizations import add_member, create_organization
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice, InvoiceLine
from billing.invoicing.upcoming import upcoming_invoice
from billing.subscriptions.periods import roll_due
from billing.subscriptions.subscription_lifecycle import cancel_at_period_end
from billing.subscriptions.subscriptions import get_live
from tests.support.api.plans import create_plan
from tests.support.factories.invoices import priced_subscription
from tests.support.factories.subscriptions import make_customer

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
FEB_1 = datetime(2030, 2, 1, tzinfo=UTC)
SEATS_AT_15 = seat_price_data(1500, "month", bill_immediately=True)


async def seat_lines(sub) -> list[tuple]:
    invoices = await Invoice.filter(stable_subscription_id=sub.stable_subscription_id).order_by(
        "issue_date"
    )
    found = []
    for invoice in invoices:
        for line in await InvoiceLine.filter(invoice_id=invoice.id).order_by("position"):
            found.append(
                (invoice.issue_date, line.description, int(line.quantity), line.subtotal_cents)
            )
    return found


async def test_seats_bill_in_advance_by_organization_with_the_plan_minimum(merchant):
    alone = await priced_subscription(merchant.id, SEATS_AT_15, start=JAN_1)
    primary = await make_customer(merchant.id)
    organization = await create_organization(
        merchant.id, name="Initech", primary_customer_id=primary.id
    )
    for _ in range(4):
        await add_member(merchant.id, organization.id, (await make_customer(merchant.id)).id)
    team = await priced_subscription(merchant.id, SEATS_AT_15, start=JAN_1, customer=primary)
    floored = await priced_subscription(merchant.id, SEATS_AT_15, start=JAN_1)
    await Plan.filter(id=floored.plan_id).update(min_seats=3)

    await bill_due(FEB_1, merchant.id)
    # in advance: January on January 1, February on February 1; one seat, five, at least three
    one, five = "Engine plan — 1 seat × 15.00 USD", "Engine plan — 5 seats × 15.00 USD"
    assert await seat_lines(alone) == [(JAN_1, one, 1, 1500), (FEB_1, one, 1, 1500)]
    assert await seat_lines(team) == [(JAN_1, five, 5, 7500), (FEB_1, five, 5, 7500)]
    assert [cents for *_, cents in await seat_lines(floored)] == [4500, 4500]
    upcoming = await upcoming_invoice(merchant.id, team.stable_subscription_id)
    [charge] = upcoming.charges
    assert (charge.period_start, charge.quantity, charge.subtotal_cents) == (
        datetime(2030, 3, 1, tzinfo=UTC),
        5,
        7500,
    )


async def test_a_seat_trial_pays_the_rest_of_the_period_after_it(merchant):
    sub = await priced_subscription(merchant.id, SEATS_AT_15, start=JAN_1, trial_days=14)
    await bill_due(FEB_1 - timedelta(seconds=1), merchant.id)
    # 17 of January's 31 days after the trial: 1500 x 17 / 31 = 822.58 -> 823
    assert await seat_lines(sub) == [
        (JAN_1 + timedelta(days=14), "Engine plan — 1 seat × 15.00 USD", 1, 823)
    ]


async def test_trigger_immediate_billing_invoices_the_seats_in_the_create_request(client, merchant):
    plan = await create_plan(
        client,
        merchant,
        planName="Team",
        monthlyPrice=1500,
        isSeatBased=True,
        billImmediately=True,
        minSeats=3,
    )
    price = await Price.get(plan_id=plan["id"])
    customer = await make_customer(merchant.id)
    payload = {
        "customerId": customer.id,
        "planId": plan["id"],
        "effectivePriceId": price.id,
        "triggerImmediateBilling": True,
    }
    created = await client.post("/v1/subscriptions", json=payload, headers=merchant.headers)
    assert created.status_code == 201
    listed = await client.get(f"/v1/invoices/customer/{customer.id}", headers=merchant.headers)
    [invoice] = (await listed.get_json())["invoices"]
    assert invoice["totalAmountCents"] == 4500
    [line] = invoice["lineItems"]
    assert (line["description"], line["subtotalCents"]) == ("Team plan — 3 seats × 15.00 USD", 4500)


async def test_seats_stop_at_a_cancellation_at_period_end(merchant):
    start = utcnow() - timedelta(days=10)
    sub = await priced_subscription(merchant.id, SEATS_AT_15, start=start)
    await bill_due(start, merchant.id)
    await cancel_at_period_end(merchant.id, sub.id)
    with pytest.raises(NotFound):  # nothing more to bill: seats are paid in advance
        await upcoming_invoice(merchant.id, sub.id)
    ends = (await get_live(merchant.id, sub.id)).current_period_end
    await roll_due(ends, merchant.id)
    await bill_due(ends, merchant.id)
    reasons = await Invoice.filter(merchant_id=merchant.id).values_list("billing_reason", flat=True)
    assert reasons == ["subscription_cycle"]  # the period paid for; no seats after the end
