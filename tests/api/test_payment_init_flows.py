"""POST /v1/public/payment-init beyond the basics (tests/api/test_payment_init.py): the first
invoice's tax for the customer's address, two tabs paying at once, and an abandoned checkout
ended by the due-work pass and started again."""

import asyncio
from datetime import date, timedelta

import pytest

from billing.customers import customers
from billing.due_work import run_due
from billing.invoicing.models import Invoice, InvoiceLine
from billing.payments.checkout.payment_init import ABANDONED
from billing.payments.models import Payment
from billing.subscriptions.models import Subscription
from tests.support.api.payment_init import init, paid_plan, provider_a_merchant
from tests.support.billing.tax.tax_engine import setup as tax_setup

pytestmark = pytest.mark.usefixtures("provider_a_api")


async def tax_lines(invoice_id: str) -> list[tuple[str, int]]:
    lines = await InvoiceLine.filter(invoice_id=invoice_id, type="tax").order_by("position")
    return [(line.description, line.subtotal_cents) for line in lines]


@pytest.mark.parametrize(
    ("customer", "setup", "line"),
    [
        (
            {"email": "ada@example.com", "country": "US", "postalCode": "94103"},
            {"nexus": [("CA", True, None)], "rates": [("US-CA", "0.0725", None)]},
            ("State (7.25%)", 355),  # 4900 x 0.0725 = 355.25, half-even to 355
        ),
        (
            {"email": "bo@example.com", "country": "DE"},
            {"regs": [("DE", date(2020, 1, 1), None)], "rates": [("DE", "0.19", "vat")]},
            ("VAT (19%)", 931),
        ),
        (
            {"email": "cy@example.com"},
            {"auto": False, "default": "0.1"},
            ("Default (10%)", 490),
        ),
    ],
    ids=["us-nexus-by-zip", "eu-registration", "default-rate"],
)
async def test_the_first_invoice_carries_the_customers_tax(
    client, make_merchant, customer, setup, line
):
    account = await provider_a_merchant(client, make_merchant)
    await tax_setup(account.id, **setup)
    plan, price = await paid_plan(account.id)
    status, body = await init(client, account, plan, price, customer=customer)
    assert status == 201, body
    assert (body["subtotalCents"], body["taxCents"]) == (4900, line[1])
    assert body["amountCents"] == 4900 + line[1]
    invoice = await Invoice.get(id=body["invoiceId"])
    assert (invoice.subtotal_cents, invoice.tax_cents, invoice.total_cents) == (
        4900,
        line[1],
        4900 + line[1],
    )
    assert await tax_lines(invoice.id) == [line]
    payment = await Payment.get(invoice_id=invoice.id)
    assert payment.amount_cents == 4900 + line[1]  # what the PaymentIntent asks for


async def test_no_nexus_in_the_customers_state_is_no_tax(client, make_merchant):
    account = await provider_a_merchant(client, make_merchant)
    await tax_setup(account.id, nexus=[("NY", True, None)], rates=[("US-NY", "0.04", None)])
    plan, price = await paid_plan(account.id)
    customer = {"email": "ada@example.com", "country": "US", "postalCode": "94103"}
    status, body = await init(client, account, plan, price, customer=customer)
    assert status == 201, body
    assert (body["taxCents"], body["amountCents"]) == (0, 4900)
    assert await tax_lines(body["invoiceId"]) == []


async def test_two_tabs_paying_at_once_share_one_payment_intent(client, make_merchant):
    """Two tabs of one vouched customer (its cust_ id in the page) share one intent; an
    unvouched checkout (an email) is a checkout of its own each time (checkout_customers)."""
    account = await provider_a_merchant(client, make_merchant)
    plan, price = await paid_plan(account.id)
    ada = await customers.create_customer(account.id, email="ada@example.com")
    answers = await asyncio.gather(
        *(init(client, account, plan, price, customerId=ada.id) for _ in range(2))
    )
    assert [status for status, _ in answers] == [201, 201], answers
    first, second = (body for _, body in answers)
    assert first["subscriptionId"] == second["subscriptionId"]
    assert first["paymentIntentId"] == second["paymentIntentId"]
    assert first["clientSecret"] == second["clientSecret"]
    payments = await Payment.filter(merchant_id=account.id)
    assert [(p.attempt, p.status) for p in payments] == [(1, "pending")]
    assert payments[0].provider_payment_id == first["paymentIntentId"]

    # A reload later answers the same intent too; after a decline, a new attempt and intent.
    _, reload = await init(client, account, plan, price, customerId=ada.id)
    assert reload["paymentIntentId"] == first["paymentIntentId"]
    card = {"number": "4000000000000002", "expMonth": 12, "expYear": 2034, "cvc": "123"}
    declined = await client.post(
        "/v1/public/payment-init/confirm-card",
        json={"paymentIntentId": first["paymentIntentId"], "card": card},
        headers=account.public_headers,
    )
    assert (await declined.get_json())["status"] == "failed"
    _, retry = await init(client, account, plan, price, customerId=ada.id)
    assert retry["paymentIntentId"] != first["paymentIntentId"]
    assert await Payment.filter(merchant_id=account.id, status="pending").count() == 1


async def test_an_abandoned_checkout_is_ended_by_the_due_work_pass(client, make_merchant):
    account = await provider_a_merchant(client, make_merchant)
    plan, price = await paid_plan(account.id)
    _, body = await init(client, account, plan, price)
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    started = sub.created_at

    await run_due(started + timedelta(hours=23), merchant_id=account.id)  # not yet abandoned
    await sub.refresh_from_db()
    assert (sub.status, sub.end_timestamp) == ("incomplete", None)

    report = await run_due(started + timedelta(hours=24, minutes=1), merchant_id=account.id)
    assert report.count("abandoned checkouts", "abandoned checkout ended") >= 1
    await sub.refresh_from_db()
    assert sub.end_timestamp is not None
    invoice = await Invoice.get(id=body["invoiceId"])
    assert invoice.status == "void"
    payment = await Payment.get(invoice_id=invoice.id)
    assert (payment.status, payment.error_message) == ("failed", ABANDONED)

    # The customer comes back: a new checkout, not "already has a subscription".
    status, again = await init(client, account, plan, price)
    assert status == 201, again
    assert again["subscriptionId"] != body["subscriptionId"]
    assert again["paymentIntentId"] != body["paymentIntentId"]
    new = await Subscription.get(stable_subscription_id=again["subscriptionId"])
    assert new.status == "incomplete"
