"""The JSON of each kind of event object: the API's own shapers, registered with the log.

``billing.event_log.objects`` renders an event's ``data.object`` through these, in the
transaction of the change, so an event carries an object exactly as the API's GET answers it
then. Two differences, both because an event is read later than a GET: an invoice's
``pdfUrl`` is null (a signed link lives 15 minutes; fetch the invoice for a fresh one), and
soft-deleted objects are rendered too (``customer.deleted`` carries its ``deletedAt``).

Kinds with no GET of their own are shaped here and documented in the README ("Webhooks to
your server"): a payment is the portal's Payment with its refunds; a refund is the refund
entry of an invoice with its ``paymentId``, ``invoiceId`` and the provider's
``failureMessage``; a seat is one seat change (``kind`` ``add`` or ``remove``). A payment
method is as ``GET /v1/payment-methods/{id}`` answers it.
"""

from api.common import iso
from api.customers import customer_json
from api.invoices import invoice_json, related_for
from api.portal import payment_json
from api.refund_json import refund_entry_json, refunded_json
from api.subscriptions import subscription_json
from billing.customers.models import Customer
from billing.event_log import objects
from billing.invoicing import credit_notes, invoices
from billing.payments.methods.payment_methods import payment_method_json
from billing.payments.models import Payment, PaymentMethod, Refund
from billing.payments.refunds import refund_reads
from billing.seats.models import SeatChange
from billing.subscriptions.models import Subscription


async def customers(merchant_id: str, ids: list[str]) -> dict[str, dict]:
    found = await Customer.filter(merchant_id=merchant_id, id__in=ids)
    return {customer.id: customer_json(customer) for customer in found}


async def subscriptions(merchant_id: str, ids: list[str]) -> dict[str, dict]:
    found = await Subscription.filter(merchant_id=merchant_id, id__in=ids).prefetch_related(
        "customer", "plan", "effective_price"
    )
    return {subscription.id: subscription_json(subscription) for subscription in found}


async def invoices_(merchant_id: str, ids: list[str]) -> dict[str, dict]:
    found = await invoices.by_ids(merchant_id, ids)  # one plan whatever the id count
    await invoices.with_lines(found)
    await credit_notes.attach(merchant_id, found)
    related = await related_for(merchant_id, found)
    return {invoice.id: invoice_json(invoice, related, link=False) for invoice in found}


async def payments(merchant_id: str, ids: list[str]) -> dict[str, dict]:
    found = await Payment.filter(merchant_id=merchant_id, id__in=ids)
    refunds = await refund_reads.payment_refunds(merchant_id, ids)
    return {
        payment.id: {**payment_json(payment), **refunded_json(refunds.get(payment.id))}
        for payment in found
    }


async def refunds(merchant_id: str, ids: list[str]) -> dict[str, dict]:
    found = await Refund.filter(merchant_id=merchant_id, id__in=ids).prefetch_related("payment")
    return {
        refund.id: {
            **refund_entry_json(refund),
            "paymentId": refund.payment_id,
            "invoiceId": refund.payment.invoice_id,
            "currency": refund.payment.currency,
            "failureMessage": refund.failure_message,
        }
        for refund in found
    }


async def seats(merchant_id: str, ids: list[str]) -> dict[str, dict]:
    found = await SeatChange.filter(merchant_id=merchant_id, id__in=ids)
    return {
        change.id: {
            "id": change.id,
            "kind": change.kind,
            "status": change.status,
            "customerId": change.customer_id,
            "organizationId": change.organization_id,
            "userId": change.external_user_id,
            "subscriptionId": change.stable_subscription_id,
            "changedAt": iso(change.changed_at),
            "effectiveAt": iso(change.effective_at),
            "invoiceId": change.invoice_id,
        }
        for change in found
    }


async def payment_methods(merchant_id: str, ids: list[str]) -> dict[str, dict]:
    found = await PaymentMethod.filter(merchant_id=merchant_id, id__in=ids)
    return {method.id: payment_method_json(method) for method in found}


RENDERERS = {
    "customer": customers,
    "subscription": subscriptions,
    "invoice": invoices_,
    "payment": payments,
    "refund": refunds,
    "seat": seats,
    "payment_method": payment_methods,
}


def register() -> None:
    """Hand the log these renderers (``webapp/db.py`` calls it before the database opens)."""
    for kind, renderer in RENDERERS.items():
        objects.register(kind, renderer)
