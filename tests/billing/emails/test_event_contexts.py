"""The contexts of the e-mails the other events send, from real events: a refund made through
the in-memory gateway, a subscription cancelled, a yearly renewal and a card expiring told by
the due pass."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.due_work import run_due
from billing.emails import contexts
from billing.payments.methods.payment_methods import create_payment_method
from billing.payments.refunds.refund_payment import refund
from billing.subscriptions.subscription_lifecycle import cancel
from tests.support.billing.emails import declined_renewal, email_for
from tests.support.billing.event_log import events
from tests.support.factories.card_payments import GOOD_CARD
from tests.support.factories.invoices import fee_and_calls, priced_subscription, sum_metric
from tests.support.factories.subscriptions import make_customer, subscribe

START = datetime(2030, 3, 1, tzinfo=UTC)


@pytest.fixture
def gateway(memory_gateway):
    return memory_gateway


async def test_refund_issued_names_the_amount_the_card_and_the_invoice(make_merchant, gateway):
    merchant, _, payment = await declined_renewal(make_merchant, number=GOOD_CARD)
    await payment.fetch_related("invoice")
    stable_id = payment.invoice.stable_subscription_id
    await refund(merchant.id, stable_id, payment_id=payment.id, amount_cents=1500, reason="Outage")
    [event] = await events(merchant.id, "refund.succeeded")
    context, _ = await contexts.build(await email_for(event, "refund_issued"))
    assert context["amount"] == "15.00 USD"
    assert context["card"] == "card ending in 4242"
    assert context["invoice_number"] == payment.invoice.number
    assert context["reason"] == "Outage"


async def test_subscription_cancelled_says_when_access_ended(merchant):
    live = await subscribe(merchant.id, start=START)
    await cancel(merchant.id, live.stable_subscription_id)
    [event] = await events(merchant.id, "subscription.canceled")
    context, _ = await contexts.build(await email_for(event, "subscription_cancelled"))
    assert context["plan"].startswith("Plan ")
    assert context["access_ends"] and context["access_ends"][-4:].isdigit()
    assert context["usage_billed"] is False  # a flat fee: nothing more is charged


async def test_subscription_cancelled_with_usage_says_it_is_still_billed(merchant):
    metric = await sum_metric(merchant.id, "api-call")
    sub = await priced_subscription(merchant.id, fee_and_calls(metric.id), start=START)
    await cancel(merchant.id, sub.id)
    [event] = await events(merchant.id, "subscription.canceled")
    context, _ = await contexts.build(await email_for(event, "subscription_cancelled"))
    assert context["usage_billed"] is True  # the usage up to the end: one final invoice


async def test_renewal_upcoming_names_the_date_and_the_amount(merchant):
    await subscribe(merchant.id, yearly=True, monthly_cents=29000, start=START)
    await run_due(datetime(2031, 2, 25, tzinfo=UTC), merchant_id=merchant.id)
    [event] = await events(merchant.id, "subscription.renewal_upcoming")
    context, _ = await contexts.build(await email_for(event, "renewal_upcoming"))
    assert (context["renewal_date"], context["amount"]) == ("1 March 2031", "290.00 USD")
    assert context["card"] == ""


async def test_card_expiring_names_the_card_and_links_the_portal(merchant):
    customer = await make_customer(merchant.id, name="Grace")
    await create_payment_method(
        merchant.id,
        {
            "customerId": customer.id,
            "provider": "provider_a",
            "paymentType": "card",
            "status": "active",
            "cardBrand": "mastercard",
            "cardLastFour": "4444",
            "cardExpiryMonth": 4,
            "cardExpiryYear": 2030,
        },
    )
    await run_due(START + timedelta(days=2), merchant_id=merchant.id)
    [event] = await events(merchant.id, "payment_method.expiring")
    context, _ = await contexts.build(await email_for(event, "card_expiring"))
    assert (context["card"], context["expires"]) == ("Mastercard ending in 4444", "April 2030")
    assert "/portal/e/" in context["portal_url"]
    assert context["customer_name"] == "Grace"
