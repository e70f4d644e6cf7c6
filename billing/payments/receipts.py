"""Receipts: one PDF for each successful payment, served in the dashboard and, to the customer
who paid, in the portal.

**The receipt number** is the number of the invoice the payment paid followed by ``-R`` and
the payment's place among that invoice's succeeded payments (oldest first): ``INV-000042-R1``
for the usual one payment, ``-R2`` for a second one (an invoice paid in two goes). It is not
stored: it is derived from the invoice's gap-free number, which never changes once issued,
and the payments' order, which a later payment cannot change, so a receipt downloaded twice
has the same number. Failed attempts are not counted, so there is no ``-R3`` without an
``-R1`` and ``-R2``.

Only a ``succeeded`` payment has a receipt; any other id (pending, failed, another merchant's
or mode's, or, with ``customer_id``, another customer's) answers exactly as a missing one.
"""

import asyncio

from billing.accounts.models import Merchant
from billing.core.errors import NotFound
from billing.invoicing import invoices
from billing.invoicing.pdf_blocks import Seller
from billing.payments import receipt_pdf as drawing
from billing.payments.models import Payment, PaymentMethod, PaymentStatus
from billing.payments.reads.payment_cards import card_words, method_of
from billing.payments.refunds import refund_reads

RECEIPT_NOT_FOUND = "Receipt not found or access denied"


def method_words(method: PaymentMethod | None) -> str:
    """How the payment was made, as a card statement says it: ``Visa ending in 4242``."""
    if method is None:
        return ""
    if method.card_last_four:
        words = card_words(method.card_brand, method.card_last_four)
        return words[:1].upper() + words[1:]  # a field of its own: "Card ending in 4242"
    if method.bank_last_four:
        return f"{method.bank_name or 'Bank account'} ending in {method.bank_last_four}"
    if method.paypal_email:
        return f"PayPal ({method.paypal_email})"
    return (method.payment_type or "").replace("_", " ").capitalize()


def receipt_number(invoice_number: str | None, place: int, payment_id: str) -> str:
    """``INV-000042-R1``; a payment of an invoice without a number (never the case once it
    is paid) falls back to the payment's id."""
    return f"{invoice_number}-R{place}" if invoice_number else payment_id


async def _succeeded(merchant_id: str, payment_id: object, customer_id: str | None) -> Payment:
    if not isinstance(payment_id, str) or not payment_id:
        raise NotFound(RECEIPT_NOT_FOUND, code="receipt_not_found")
    query = Payment.scoped(merchant_id).filter(id=payment_id, status=PaymentStatus.SUCCEEDED)
    if customer_id is not None:
        query = query.filter(customer_id=customer_id)
    payment = await query.first()
    if payment is None:
        raise NotFound(RECEIPT_NOT_FOUND, code="receipt_not_found")
    return payment


async def _place(merchant_id: str, payment: Payment) -> int:
    """The payment's place among its invoice's succeeded payments, counted from 1."""
    paid = await (
        Payment.scoped(merchant_id)
        .filter(invoice_id=payment.invoice_id, status=PaymentStatus.SUCCEEDED)
        .order_by("succeeded_at", "created_at", "id")
        .values_list("id", flat=True)
    )
    return list(paid).index(payment.id) + 1


async def receipt_pdf(
    merchant_id: str, payment_id: object, *, customer_id: str | None = None
) -> tuple[str, bytes]:
    """The receipt's number and PDF bytes for one succeeded payment of the merchant row (of
    ``customer_id`` only, when given: the portal's customer)."""
    payment = await _succeeded(merchant_id, payment_id, customer_id)
    invoice = await invoices.get_invoice(merchant_id, payment.invoice_id)
    method = await method_of(merchant_id, payment)  # a card removed since still says how
    found = (await refund_reads.payment_refunds(merchant_id, [payment.id]))[payment.id]
    refunds = refund_reads.refund_rows(found.refunds)
    number = receipt_number(invoice.number, await _place(merchant_id, payment), payment.id)
    facts = drawing.ReceiptFacts(
        number,
        payment.amount_cents,
        payment.currency,
        payment.succeeded_at or payment.updated_at,
        method_words(method),
        refunds,
    )
    seller = Seller.of(await Merchant.get(id=merchant_id))
    document = await asyncio.to_thread(drawing.render, invoice, invoice.line_items, seller, facts)
    return number, document
