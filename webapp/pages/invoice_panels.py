"""The invoice panels other dashboard pages show: a customer's or a subscription's recent
invoices (and a customer's latest payments), and a subscription's upcoming invoice
(``upcoming.upcoming_invoice``, which stores nothing), and the payment link an invoice's own
page offers. Kept here so the customer and subscription pages each add one line. The lists
carry their refunds (``refund_views``: an invoice's or a payment's refund badge, a credit
note labelled as one)."""

from contextlib import suppress

from billing.core.errors import NotFound, ServiceError
from billing.invoicing import invoices, upcoming
from billing.invoicing.models import InvoiceStatus
from billing.payments.models import PaymentStatus
from billing.payments.reads import payment_reads
from webapp.pages import payment_cards, refund_views


async def customer_panel(merchant_id: str, customer_id: str) -> dict:
    """The customer's recent invoices and latest payment attempts, with their refunds."""
    recent = await invoices.recent_invoices(merchant_id, customer_id=customer_id)
    payments = await payment_reads.customer_payments(merchant_id, customer_id)
    return {
        "recent_invoices": recent,
        "recent_payments": payments,
        **await refund_views.for_invoices(merchant_id, recent),
        **await refund_views.for_payments(merchant_id, payments),
        **await payment_cards.for_payments(merchant_id, payments),
    }


async def subscription_panel(merchant_id: str, subscription) -> dict:
    """Recent invoices of the subscription, and its upcoming one while it is live (None when
    nothing more will be billed, or the preview cannot be worked out right now)."""
    stable_id = subscription.stable_subscription_id
    recent = await invoices.recent_invoices(merchant_id, stable_id=stable_id)
    panel = {"recent_invoices": recent, **await refund_views.for_invoices(merchant_id, recent)}
    panel["upcoming"] = None
    if subscription.end_timestamp is None:
        with suppress(NotFound, ServiceError):
            panel["upcoming"] = await upcoming.upcoming_invoice(merchant_id, stable_id)
    return panel


def payment_link_of(invoice, payments) -> str | None:
    """The provider B payment link to send the customer: the one the invoice's latest attempt
    holds while it waits for the customer (pending, invoice unpaid). Only a web address is
    answered, so a link the provider sent can never become a script in the page's href."""
    latest = next((payment for payment in payments if payment.id == invoice.payment_id), None)
    if (
        latest is None
        or latest.status != PaymentStatus.PENDING
        or invoice.status != InvoiceStatus.UNPAID
    ):
        return None
    link = latest.payment_link or ""
    return link if link.startswith(("https://", "http://")) else None
