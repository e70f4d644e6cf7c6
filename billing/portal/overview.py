"""The portal overview: everything one customer sees on the portal's first page, in one call.

The customer, their live subscription (``access.live_subscription``) with its grace period and
linked payment method, their live payment methods (newest first, each saying whether the
subscription pays with it), their latest invoices and their latest payment attempts. Draft
invoices are left out: they are not issued yet, so the customer has nothing to pay or download.
Each invoice and payment comes with what was refunded of it (``refund_reads``: succeeded
refunds count, pending ones show as pending) and each invoice with its credit-note links
(``credit_notes.attach``), so a refund shows on the invoice it gave money back on.
Everything is read with the merchant row's scope and the customer's id, so nothing of another
customer (or mode, or merchant) can appear.

``adds_with`` names the provider a new payment method is added through (the one
``setup_intents`` uses: provider A before B), or None when neither is configured, so the
hosted page knows which "add" to offer.

Signing the invoices' PDF links is the front end's part (the links are addresses of the web
app), done when the overview is shaped.
"""

from dataclasses import dataclass, field

from billing.core.lookup import find_scoped
from billing.customers.customers import CUSTOMER_NOT_FOUND
from billing.customers.models import Customer
from billing.invoicing import credit_notes
from billing.invoicing.models import Invoice, InvoiceStatus
from billing.payments.models import Payment, PaymentMethod
from billing.payments.providers import configured_providers
from billing.payments.reads import payment_reads
from billing.payments.refunds import refund_reads
from billing.portal.access import live_subscription
from billing.subscriptions.models import Subscription

RECENT = 24  # two years of monthly invoices


@dataclass(frozen=True)
class PortalOverview:
    customer: Customer
    subscription: Subscription | None
    payment_methods: list[PaymentMethod]
    invoices: list[Invoice]
    payments: list[Payment]
    adds_with: str | None = None
    invoice_refunds: dict[str, refund_reads.Refunds] = field(default_factory=dict)
    payment_refunds: dict[str, refund_reads.Refunds] = field(default_factory=dict)

    def linked(self, method: PaymentMethod) -> bool:
        """Whether the subscription pays with ``method`` (the spec's linkedToSubscription)."""
        return self.subscription is not None and self.subscription.payment_method_id == method.id


async def portal_overview(merchant_id: str, customer_id: str) -> PortalOverview:
    """The overview of the merchant row's customer ``customer_id``; the customers' 404 when
    it is not a live customer of that row."""
    customer = await find_scoped(Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND)
    methods = PaymentMethod.scoped(merchant_id).filter(customer_id=customer.id)
    invoices = (
        Invoice.scoped(merchant_id)
        .filter(customer_id=customer.id)
        .exclude(status=InvoiceStatus.DRAFT)
    )
    shown = list(await invoices.order_by("-issue_date", "-number").limit(RECENT))
    await credit_notes.attach(merchant_id, shown)
    payments = await payment_reads.customer_payments(merchant_id, customer.id, RECENT)
    return PortalOverview(
        customer=customer,
        subscription=await live_subscription(merchant_id, customer.id),
        payment_methods=list(await methods.order_by("-created_at", "-id")),
        invoices=shown,
        payments=payments,
        adds_with=next(iter(await configured_providers(merchant_id)), None),
        invoice_refunds=await refund_reads.invoice_refunds(
            merchant_id, [invoice.id for invoice in shown]
        ),
        payment_refunds=await refund_reads.payment_refunds(
            merchant_id, [payment.id for payment in payments]
        ),
    )
