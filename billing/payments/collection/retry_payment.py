"""``POST /v1/invoices/{id}/retry-payment``: charge an unpaid invoice now, at the merchant's
request, outside the dunning schedule.

The attempt is written and committed first (the invoice row locked, so a due-work pass or a
second request cannot start an attempt for it at the same moment), then provider A is called
with the attempt's idempotency key and the answer recorded, as every charge is
(``charging``). A manual attempt counts in the retry schedule like any other
(``payment_dunning``). What cannot be charged answers 400 with the reason; an invoice that
is not the merchant's is the invoices' 404.
"""

from tortoise.transactions import in_transaction

from billing.core.errors import Invalid
from billing.core.lookup import find_scoped
from billing.core.models import utcnow
from billing.invoicing.invoices import INVOICE_NOT_FOUND
from billing.invoicing.models import Invoice, InvoicePaymentStatus, InvoiceStatus
from billing.payments.collection.charging import call_provider, start_attempt
from billing.payments.models import Payment, PaymentStatus

REFUSALS = {
    InvoiceStatus.PAID: "This invoice is already paid",
    InvoiceStatus.VOID: "This invoice is void: there is nothing to collect",
    InvoiceStatus.DRAFT: "This invoice is a draft: it can be paid once it is issued",
}
NOTHING_DUE = "This invoice totals zero: there is nothing to charge"
IN_PROGRESS = "A payment for this invoice is already in progress; wait for its outcome"
NO_METHOD = (
    "The customer has no payment method Tally can charge: add one with "
    "POST /v1/payment-methods (provider A must be configured)"
)
MESSAGES = {
    PaymentStatus.SUCCEEDED: "Payment succeeded",
    PaymentStatus.PENDING: "Payment is processing; its outcome follows from the provider",
}


async def retry_payment(merchant_id: str, invoice_id: str) -> dict:
    """``{success, message, attemptNumber, paymentId}``: the new attempt and its outcome."""
    now = utcnow()
    async with in_transaction():
        invoice = await find_scoped(Invoice, merchant_id, invoice_id, INVOICE_NOT_FOUND, lock=True)
        if invoice.status in REFUSALS:
            raise Invalid(REFUSALS[invoice.status], code=f"invoice_{invoice.status}")
        if invoice.total_cents <= 0:
            raise Invalid(NOTHING_DUE, code="nothing_due")
        if invoice.payment_status == InvoicePaymentStatus.PENDING:
            raise Invalid(IN_PROGRESS, code="in_progress")
        payment = await start_attempt(invoice, now)
        if payment is None:
            raise Invalid(NO_METHOD, code="no_payment_method")
    outcome = await call_provider(payment.id, now)
    settled = await Payment.get(id=payment.id)
    return {
        "success": settled.status == PaymentStatus.SUCCEEDED,
        "message": MESSAGES.get(settled.status) or settled.error_message or outcome,
        "attemptNumber": settled.attempt,
        "paymentId": settled.id,
    }
