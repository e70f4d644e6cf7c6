"""Subscriptions with a real succeeded provider A payment at localstripe, for refund tests.

The invoice is billed by the billing engine (``bill_due``); the money is collected for real
at localstripe (a customer, a card 4242 4242 4242 4242 payment method and a confirmed
PaymentIntent made through the ``stripe`` SDK), and the ``Payment`` row stored as collecting
stores it: succeeded, with the intent's id.
"""

from dataclasses import dataclass
from datetime import UTC, datetime

import stripe

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments import setup
from billing.payments.models import Payment, Refund
from billing.payments.refunds import refund_payment as refunds
from billing.subscriptions.models import Subscription
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.subscriptions import make_customer
from tests.support.factories.webhooks import configure

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
FLAT_12 = {"type": "flat_rate", "amount": 1200, "interval": "month"}
SECRET = "sk_live_webhooktests"  # the key ``webhook_factories.configure`` stores


def stripe_client() -> stripe.StripeClient:
    """A client of localstripe, where the ``provider_a_api`` fixture points provider A."""
    return stripe.StripeClient(SECRET, base_addresses={"api": setup.current().provider_a_api_base})


def succeeded_intent(amount_cents: int, email: str) -> str:
    """A PaymentIntent of ``amount_cents`` paid by card at localstripe; its id."""
    client = stripe_client()
    customer = client.v1.customers.create(params={"email": email})
    card = {"number": "4242424242424242", "exp_month": 12, "exp_year": 2034, "cvc": "123"}
    method = client.v1.payment_methods.create(params={"type": "card", "card": card})
    client.v1.payment_methods.attach(method.id, params={"customer": customer.id})
    intent = client.v1.payment_intents.create(
        params={
            "amount": amount_cents,
            "currency": "usd",
            "customer": customer.id,
            "payment_method": method.id,
            "confirm": True,
        }
    )
    assert intent.status == "succeeded", intent
    return intent.id


@dataclass
class Paid:
    subscription: Subscription
    invoice: Invoice
    payment: Payment


async def paid_subscription(
    merchant_id: str,
    *,
    intent_id: str | None = None,
    configured: bool = True,
    pricing: dict = FLAT_49,
) -> Paid:
    """A subscription ($49 unless ``pricing`` says otherwise) billed on January 1 whose invoice
    provider A collected (provider A configured for the merchant unless ``configured`` is
    false: it already is)."""
    if configured:
        await configure(merchant_id, "provider_a", None)
    customer = await make_customer(merchant_id)
    sub = await priced_subscription(merchant_id, pricing, start=JAN_1, customer=customer)
    await bill_due(JAN_1, merchant_id)
    invoice = await Invoice.get(stable_subscription_id=sub.stable_subscription_id)
    intent_id = intent_id or succeeded_intent(invoice.total_cents, customer.email)
    payment = await Payment.create(
        merchant_id=merchant_id,
        invoice_id=invoice.id,
        customer_id=invoice.customer_id,
        provider="provider_a",
        amount_cents=invoice.total_cents,
        currency=invoice.currency,
        status="succeeded",
        succeeded_at=JAN_1,
        attempt=1,
        idempotency_key=f"{invoice.id}:1",
        provider_payment_id=intent_id,
    )
    await Invoice.filter(id=invoice.id).update(
        status="paid", paid_date=JAN_1, payment_status="succeeded", payment_id=payment.id
    )
    return Paid(sub, await Invoice.get(id=invoice.id), payment)


async def pending_refund(merchant_id: str, amount_cents: int | None = None) -> tuple[Paid, Refund]:
    """A provider A refund stored as the refund service's first step stores it (pending, its
    amount counted on the payment, its adjustment invoice issued), not yet answered by the
    provider: what a settlement finds."""
    paid = await paid_subscription(merchant_id, intent_id="pi_pendingrefund")
    _, stored = await refunds._store(
        merchant_id, paid.subscription.stable_subscription_id, None, amount_cents, None
    )
    return paid, stored
