"""An end customer with an overdue invoice, for the hosted portal's page and browser tests.

A $49 monthly subscription billed on January 1 whose invoice is unpaid and whose grace
period runs (as the dunning pass leaves it after the last retry: the grace date set on the
subscription), optionally with a card at localstripe that the subscription pays with.
"""

from dataclasses import dataclass
from datetime import timedelta

from billing.customers.models import Customer
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.models import PaymentMethod
from billing.subscriptions.models import Subscription
from tests.support.factories.card_payments import JAN_1, stored_card
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.portal import known_customer

GRACE_ENDS = JAN_1 + timedelta(days=14)


@dataclass
class Overdue:
    customer: Customer
    invoice: Invoice
    subscription: Subscription
    card: PaymentMethod | None


async def overdue_customer(
    merchant_id: str, gateway: str | None, card: str | None, *, name: str = "Ada"
) -> Overdue:
    """The customer, the unpaid invoice, the subscription in its grace period and the card
    (``card`` a number stored at the ``gateway`` and linked to the subscription)."""
    customer = await known_customer(merchant_id, name=name)
    method = None
    if card and gateway:
        method = await stored_card(gateway, merchant_id, customer, card)
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1, customer=customer)
    await bill_due(JAN_1, merchant_id)
    live = Subscription.filter(merchant_id=merchant_id, stable_subscription_id=sub.id)
    await live.update(
        grace_period_ends_at=GRACE_ENDS, payment_method_id=method.id if method else None
    )
    invoice = await Invoice.get(merchant_id=merchant_id, stable_subscription_id=sub.id)
    return Overdue(customer, invoice, await live.first(), method)
