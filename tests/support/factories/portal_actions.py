"""A customer mid-way through a paid month of "Basic" ($20 a month), whose merchant's default
pricing table also offers "Pro" ($50 a month) and "Yearly" (a yearly price only, so not a
choice for a monthly subscription), with a card and a paid payment: what the portal's own
actions (cancel, switch plan, billing details, receipts) act on.

The catalog is built through the models (``factories.catalog``), the table, the subscription
and its first invoice through the real services, so the billing details the proration reads
are production's.
"""

from dataclasses import dataclass
from datetime import timedelta

from billing.catalog.models import Plan, Price
from billing.catalog.pricing_tables import add_plan_to_default_table
from billing.core.ids import random_base62
from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice, InvoicePaymentStatus, InvoiceStatus
from billing.payments.models import Payment, PaymentMethod, PaymentStatus
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscriptions import create_subscription
from tests.support.factories.catalog import make_plan
from tests.support.factories.portal import card, known_customer


@dataclass
class Subscribed:
    customer: Customer
    subscription: Subscription
    basic: Plan
    pro: Plan
    pro_price: Price
    card: PaymentMethod
    payment: Payment


async def _plan(merchant_id: str, name: str, **prices) -> tuple[Plan, Price]:
    plan = await make_plan(merchant_id, name=name, **prices)
    await add_plan_to_default_table(merchant_id, plan.stable_plan_id)
    return plan, await Price.filter(plan_id=plan.id).first()


async def subscribed_customer(merchant_id: str, *, days_in: int = 10) -> Subscribed:
    """The customer on Basic since ``days_in`` days ago, its first month billed and paid."""
    basic, basic_price = await _plan(merchant_id, "Basic", monthly_cents=2000)
    pro, pro_price = await _plan(merchant_id, "Pro", monthly_cents=5000)
    await _plan(merchant_id, "Yearly", yearly_cents=20000)
    customer = await known_customer(merchant_id, name="Ada Lovelace", country="DE")
    method = await card(merchant_id, customer)
    start = utcnow() - timedelta(days=days_in)
    subscription = await create_subscription(
        merchant_id,
        customer_id=customer.id,
        plan_id=basic.id,
        effective_price_id=basic_price.id,
        start_timestamp=start,
    )
    await bill_due(start, merchant_id)
    invoice = await Invoice.get(merchant_id=merchant_id, stable_subscription_id=subscription.id)
    payment = await Payment.create(
        merchant_id=merchant_id,
        invoice_id=invoice.id,
        customer_id=customer.id,
        payment_method_id=method.id,
        provider="provider_a",
        amount_cents=invoice.total_cents,
        currency=invoice.currency,
        status=PaymentStatus.SUCCEEDED,
        attempt=1,
        idempotency_key=f"test-{random_base62(12)}",
        succeeded_at=start,
        created_at=start,
    )
    await Invoice.filter(id=invoice.id).update(
        status=InvoiceStatus.PAID,
        paid_date=start,
        payment_status=InvoicePaymentStatus.SUCCEEDED,
        payment_id=payment.id,
    )
    await Subscription.filter(
        merchant_id=merchant_id, stable_subscription_id=subscription.id, deleted_at=None
    ).update(payment_method_id=method.id)
    live = await Subscription.get(
        merchant_id=merchant_id, stable_subscription_id=subscription.id, deleted_at=None
    )
    return Subscribed(customer, live, basic, pro, pro_price, method, payment)
