"""What a payment's outcome does to the payment and its invoice, whoever learns it first: the
answer of the provider call that charged it, or the provider's webhook afterwards.

- **Succeeded**: the payment is ``succeeded`` (with the provider's payment id and when), its
  invoice ``paid`` on that date with ``payment_status`` ``succeeded``; a subscription sold by
  checkout and waiting for this first payment (``incomplete``) becomes ``active``; a checkout's
  invoice, which waited without a number, takes the merchant's and its own customer's next
  numbers (the customer that keeps it: checkouts never move to another customer). Before
  activating, ``checkout_claims`` applies the rule of checkouts the merchant's server did not
  vouch for (a customer of its own, or refuse ``already_subscribed``). A
  checkout's card is kept by the caller in the same transaction (``checkout_cards``).
- **Failed**: the payment is ``failed`` with the provider's message (cut to 500 characters);
  the invoice stays ``unpaid`` with ``payment_status`` ``failed``.

Dunning rides on both (``payment_dunning``): a failure makes an ``active`` subscription
``past_due`` and schedules the next retry (or, after the last, the subscription's grace
period, which never moves once set); a success, once nothing of the subscription is left
unpaid, clears the grace period and makes a ``past_due`` subscription ``active`` again, or
undoes the end action dunning applied (an ``unpaid`` or dunning-``paused`` subscription is
``active`` again).

An outcome is dated no earlier than its attempt (``created_at``, the clock of whoever made the
attempt: a due pass's ``now``): a failure learnt by webhook, which carries no clock of the
attempt's, is dated at the attempt, and a success reported by a gateway whose clock is behind
the pass's (the test clock runs ahead of the sandbox) is dated at the attempt too. An invoice
is never paid before its issue date (a customer paying at the present an invoice a due pass
issued as of a later instant: the test clock).

Events (``billing.event_log``), in the same transaction, dated the outcome's date (a due
pass's ``now``): ``payment.succeeded`` and ``invoice.paid`` (preceded by ``invoice.created``
for a checkout's invoice, issued by its numbering here); ``payment.failed`` and, for an issued
invoice still unpaid, ``invoice.payment_failed`` (``invoice_events`` says which invoice
events are written when). One ``record_many`` per outcome.

Both lock the payment row first and are idempotent: an outcome already recorded is not
recorded again (a webhook redelivered, or arriving after the call's own answer, changes
nothing), and a success is never overturned by a late failure. Each answers whether it changed
anything. Call inside a transaction.
"""

from datetime import datetime

from billing.event_log.recording import Change, record_many
from billing.invoicing import invoice_events
from billing.invoicing.models import Invoice, InvoicePaymentStatus, InvoiceStatus
from billing.invoicing.numbering import take_numbers
from billing.payments.checkout import checkout_claims
from billing.payments.collection import payment_events
from billing.payments.collection.payment_dunning import clear_after_success, schedule_after_failure
from billing.payments.models import Payment, PaymentStatus
from billing.subscriptions.checkout_states import activate

# Aliases of the members, under the names other modules import.
SUCCEEDED = PaymentStatus.SUCCEEDED
FAILED = PaymentStatus.FAILED
PENDING = PaymentStatus.PENDING


async def _locked(payment_id: str) -> Payment | None:
    return await Payment.filter(id=payment_id).select_for_update().first()


async def mark_succeeded(
    payment_id: str, at: datetime, provider_payment_id: str | None = None
) -> bool:
    payment = await _locked(payment_id)
    if payment is None or payment.status == SUCCEEDED:
        return False
    invoice = await Invoice.get(id=payment.invoice_id)
    at = max(at, payment.created_at, invoice.issue_date)
    payment.status, payment.succeeded_at, payment.error_message = SUCCEEDED, at, None
    payment.retry_at = None
    payment.provider_payment_id = provider_payment_id or payment.provider_payment_id
    await payment.save()
    numbers = {}
    if invoice.number is None:  # a checkout's draft takes its numbers when it is paid
        taken = await take_numbers(invoice.merchant_id, invoice.customer_id)
        numbers = {"number": taken.number, "customer_invoice_number": taken.customer_invoice_number}
    await Invoice.filter(id=payment.invoice_id).update(
        status=InvoiceStatus.PAID,
        paid_date=at,
        payment_status=InvoicePaymentStatus.SUCCEEDED,
        payment_id=payment.id,
        **numbers,
    )
    await clear_after_success(payment, at)
    if await checkout_claims.claim(payment, invoice, at):
        await activate(payment.merchant_id, invoice.stable_subscription_id, at)
    await payment_events.notify(payment)
    told = (invoice_events.CREATED, invoice_events.PAID) if numbers else (invoice_events.PAID,)
    await record_many(
        [
            *invoice_events.changes(payment.merchant_id, invoice.id, *told),
            Change(payment.merchant_id, "payment.succeeded", payment.id),
        ],
        at=at,
    )
    return True


async def mark_failed(
    payment_id: str,
    message: str | None,
    provider_payment_id: str | None = None,
    at: datetime | None = None,
) -> bool:
    """``at``: when it failed (the due-work pass passes its clock; default, and never earlier
    than, the attempt's own date), which the retry schedule counts from."""
    payment = await _locked(payment_id)
    if payment is None or payment.status in (SUCCEEDED, FAILED):
        return False
    at = max(at or payment.created_at, payment.created_at)
    payment.status = FAILED
    payment.error_message = (message or "The payment failed")[:500]
    payment.provider_payment_id = provider_payment_id or payment.provider_payment_id
    await schedule_after_failure(payment, at)
    await payment.save()
    unpaid = await Invoice.filter(id=payment.invoice_id, status=InvoiceStatus.UNPAID).update(
        payment_status=InvoicePaymentStatus.FAILED, payment_id=payment.id
    )
    await payment_events.notify(payment)
    told = [Change(payment.merchant_id, "payment.failed", payment.id)]
    if unpaid and await Invoice.filter(id=payment.invoice_id, number__isnull=False).exists():
        told[:0] = invoice_events.changes(
            payment.merchant_id, payment.invoice_id, invoice_events.PAYMENT_FAILED
        )
    await record_many(told, at=at)
    return True
