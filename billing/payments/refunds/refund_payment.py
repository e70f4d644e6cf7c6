"""Refunding a subscription's payment: ``POST /v1/subscriptions/{id}/refunds``.

The order of a refund is the architecture's rule: the database first, the provider after the
commit, never inside a transaction.

1. **Store** (one transaction): lock the payment, check the amount against what is left
   (``refund_math``), create the ``Refund`` (``pending``, idempotency key
   ``refund:{payment id}:{n}``, ``n`` counting this payment's refunds, failed ones included,
   so a new attempt after a refusal is a new request at the provider), add the amount to the
   payment's ``refunded_cents`` and issue the adjustment invoice through the invoicing writer
   (numbered in the merchant's gap-free sequence). Two refunds at once queue on the payment's
   lock, so together they can never give back more than was paid.
2. **Ask the provider** (after the commit; ``call_provider``: the payment's gateway, which
   answers a ``RefundAnswer``, never an exception), with the refund's key.
3. **Record the outcome** (one transaction): ``succeeded`` or ``pending`` as the provider says
   (a pending refund keeps its amount counted: the money is on its way). A call that got no
   answer (a timeout, a lost connection, a 5xx) leaves the refund ``pending`` too, without
   the provider's id: the money may have moved, so it is neither undone nor tried with a new
   key; ``reconcile`` repeats the call with the same key later (the provider answers the first
   result again) and settles it. The call then answers 202 (``Refunded.awaiting_provider``).
   A refusal is compensated: the refund is ``failed`` with the provider's message, the amount is
   taken off ``refunded_cents`` again (so that money can still be refunded) and the adjustment
   invoice is voided (an issued invoice is never deleted; ``void`` is the change it accepts). The
   call then answers 502 with the failed refund in the body, and the subscription is not ended.
   ``refund_outcomes`` does the settling, the same for this answer and for a later
   ``refund.*`` webhook or check at the provider (whichever comes first; the other is a no-op).
4. **Terminate** (only when asked and the refund did not fail): the subscription ends now
   through ``subscription_lifecycle.cancel``, as ``DELETE /v1/subscriptions/{id}`` ends it.

The adjustment invoice is a **credit note** for the original invoice (``credit_note_for``
names it; ``billing.invoicing.credit_notes`` reads the links both ways): ``billing_reason``
``refund``, issued now, one line of type
``refund`` ("Refund of invoice INV-000042", with the reason when given) for the price part
and one ``tax`` line per tax row of the original invoice for its share, all negative, so the
total is exactly minus the refunded amount (``refund_math`` states the split). A total below 0
makes it ``paid`` on its issue date: the refund itself settles the credit.

Which payment: ``paymentId`` must name a succeeded payment of one of this subscription's
invoices; without it the latest succeeded one (by when it succeeded). Anything else, another
merchant's or another subscription's payment included, is 404 ``Payment not found for
refund``. The subscription may have ended (money can be given back after a cancellation),
but then ``terminateSubscription`` is a 409. Bad input is refused before anything changes.

A crash between steps 1 and 3 leaves the refund ``pending`` with its amount counted; the
provider call can be repeated with the same key without refunding twice.
"""

from decimal import Decimal
from typing import Any

from tortoise.transactions import in_transaction

from billing.core.errors import Conflict, Invalid, NotFound, ServiceError
from billing.core.ids import is_well_formed
from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.invoicing import invoice_words
from billing.invoicing.cycles import Charge
from billing.invoicing.invoice_writer import InvoiceDraft, write_invoices
from billing.invoicing.models import Invoice, InvoiceLine
from billing.payments.gateways import gateway_for
from billing.payments.gateways.base import RefundAnswer
from billing.payments.models import Payment, PaymentStatus, Refund, RefundStatus
from billing.payments.refunds import refund_math, refund_outcomes
from billing.subscriptions import subscription_lifecycle, subscriptions
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscription_versions import ENDED

PENDING, SUCCEEDED, FAILED = RefundStatus.PENDING, RefundStatus.SUCCEEDED, RefundStatus.FAILED
PAYMENT_NOT_FOUND = "Payment not found for refund"
MAX_REASON = 500
PARTIAL_AT_B = (
    "This provider B payment names no product, which a partial refund there needs, so it can "
    "only be refunded in full: send amountCents {left} or leave it out"
)


class RefundFailed(ServiceError):
    """The provider refused the refund or could not be reached; the body carries the failed
    refund (``success`` false) next to ``error``."""

    status = 502


def _clean(payment_id: Any, reason: Any, terminate: Any) -> tuple[str | None, bool]:
    if payment_id is not None and not isinstance(payment_id, str):
        raise Invalid("paymentId must be a payment id (a string) or left out", field="paymentId")
    if reason is not None and (not isinstance(reason, str) or len(reason) > MAX_REASON):
        raise Invalid(f"reason must be a text of at most {MAX_REASON} characters", field="reason")
    if terminate is not None and not isinstance(terminate, bool):
        raise Invalid("terminateSubscription must be true or false", field="terminateSubscription")
    return (reason.strip() or None) if reason else None, bool(terminate)


async def _subscription(merchant_id: str, subscription_id: Any) -> tuple[str, bool]:
    """The stable id of the merchant's subscription and whether it is still live (404 for
    unknown ones and other merchants', as every subscription route)."""
    try:
        live: Subscription = await subscriptions.get_live(merchant_id, subscription_id)
        return live.stable_subscription_id, True
    except NotFound:
        latest = await subscriptions.find_latest(merchant_id, subscription_id)
        return latest.stable_subscription_id, latest.end_timestamp is None


async def _locked_payment(merchant_id: str, stable_id: str, payment_id: str | None) -> Payment:
    if payment_id is not None and not is_well_formed(payment_id, "pay"):
        raise NotFound(PAYMENT_NOT_FOUND, code="refund_payment_not_found")
    invoice_ids = (
        await Invoice.scoped(merchant_id)
        .filter(stable_subscription_id=stable_id)
        .values_list("id", flat=True)
    )
    if not invoice_ids:
        raise NotFound(PAYMENT_NOT_FOUND, code="refund_payment_not_found")
    query = Payment.scoped(merchant_id).filter(
        status=PaymentStatus.SUCCEEDED, invoice_id__in=invoice_ids
    )
    if payment_id is not None:
        query = query.filter(id=payment_id)
    payment = await query.order_by("-succeeded_at", "-created_at").select_for_update().first()
    if payment is None:
        raise NotFound(PAYMENT_NOT_FOUND, code="refund_payment_not_found")
    return payment


async def _adjustment_invoice(payment: Payment, amount: int, reason: str | None) -> str:
    """Issue the adjustment invoice of ``amount`` (before ``refunded_cents`` is bumped)."""
    original = await Invoice.get(id=payment.invoice_id)
    lines = await InvoiceLine.filter(invoice_id=original.id).order_by("position")
    taxes = [(line.description, line.subtotal_cents) for line in lines if line.type == "tax"]
    price_part, shares = refund_math.split_refund(
        amount, payment.amount_cents, payment.refunded_cents, taxes
    )
    starts = [line.billing_period_start for line in lines if line.billing_period_start]
    ends = [line.billing_period_end for line in lines if line.billing_period_end]
    description = invoice_words.refund_of(original.number, reason)
    charge = Charge(
        type="refund",
        description=description,
        subtotal_cents=-price_part,
        period_start=min(starts, default=original.issue_date),
        period_end=max(ends, default=original.issue_date),
        quantity=Decimal(1),
        unit_amount_cents=-price_part,
    )
    draft = InvoiceDraft(
        payment.merchant_id,
        await Customer.get(id=original.customer_id),
        [charge],
        currency=original.currency,
        issued_at=utcnow(),
        reason="refund",
        taxes=[(description, -cents) for description, cents in shares],
        stable_subscription_id=original.stable_subscription_id,
        subscription_id=original.subscription_id,
        # A credit note for the original: linked as it is issued, never after (so its
        # ``invoice.created`` event names the original too).
        credit_note_for=original.id,
    )
    [invoice_id] = await write_invoices([draft])
    return invoice_id


def _partial_without_product(payment: Payment, amount: int) -> bool:
    """Some providers refund part of a payment only per product (``refunds_part_by_product``):
    a payment stored before Tally kept its product can only be refunded whole there."""
    partial = amount != payment.amount_cents
    if not partial or payment.provider_product_id:
        return False
    try:
        return gateway_for(payment.provider).refunds_part_by_product
    except LookupError:
        return False


async def _store(
    merchant_id: str, stable_id: str, payment_id: str | None, amount: int | None, reason
) -> tuple[Payment, Refund]:
    """Step 1 of the module docstring."""
    async with in_transaction():
        payment = await _locked_payment(merchant_id, stable_id, payment_id)
        amount = refund_math.refund_amount(amount, payment.amount_cents, payment.refunded_cents)
        if _partial_without_product(payment, amount):
            left = refund_math.left_to_refund(payment.amount_cents, payment.refunded_cents)
            raise Invalid(
                PARTIAL_AT_B.format(left=left),
                code="refund_partial_at_b",
                field="amountCents",
                params={"left_cents": left},
            )
        counter = await Refund.filter(payment_id=payment.id).count() + 1
        invoice_id = await _adjustment_invoice(payment, amount, reason)
        refund = await Refund.create(
            merchant_id=merchant_id,
            payment_id=payment.id,
            amount_cents=amount,
            reason=reason,
            status=PENDING,
            idempotency_key=f"refund:{payment.id}:{counter}",
            adjustment_invoice_id=invoice_id,
        )
        payment.refunded_cents += amount
        await payment.save(update_fields=["refunded_cents", "updated_at"])
    return payment, refund


async def call_provider(payment: Payment, refund: Refund) -> RefundAnswer:
    """Ask the payment's gateway for ``refund`` (outside any transaction; ``reconcile`` calls
    it again for one that got no answer). A refusal, or nothing to call, is ``failed`` with a
    sentence for the merchant; no answer is ``pending`` with ``answered`` False (the money may
    have moved: the same key is tried again later, which the provider answers with the first
    result)."""
    if not payment.provider_payment_id:
        return RefundAnswer(FAILED, message="The payment has no provider payment id to refund")
    try:
        gateway = gateway_for(payment.provider)
    except LookupError:
        return RefundAnswer(FAILED, message=f"Unknown payment provider {payment.provider!r}")
    return await gateway.refund(payment, refund)


async def _record(refund: Refund, outcome: RefundAnswer) -> Refund:
    """Step 3: the provider's outcome, settled by ``refund_outcomes`` (same lock order as
    ``_store``: the payment, then the refund); a pending answer only keeps the provider's id,
    for the ``refund.*`` webhook or a later check to settle it."""
    async with in_transaction():
        payment = await Payment.filter(id=refund.payment_id).select_for_update().get()
        refund = await Refund.filter(id=refund.id).select_for_update().get()
        if refund.status != PENDING:  # recorded already (a webhook was faster)
            return refund
        if outcome.status == PENDING:
            refund.provider_refund_id = outcome.provider_refund_id or refund.provider_refund_id
            await refund.save(update_fields=["provider_refund_id", "updated_at"])
            return refund
        await refund_outcomes.apply_locked(
            payment,
            refund,
            succeeded=outcome.status == SUCCEEDED,
            at=utcnow(),
            message=outcome.message,
            provider_refund_id=outcome.provider_refund_id,
        )
    return refund


class Refunded(dict):
    """The answer's body; ``awaiting_provider`` when the provider gave no answer yet, which
    the API answers 202 (accepted, settled later) instead of 200."""

    awaiting_provider: bool = False


def refund_json(refund: Refund) -> dict:
    return {"id": refund.id, "status": refund.status, "amountCents": refund.amount_cents}


async def refund(
    merchant_id: str,
    stable_subscription_id: Any,
    payment_id: Any = None,
    amount_cents: Any = None,
    reason: Any = None,
    terminate: Any = False,
) -> Refunded:
    """Refund a payment of the subscription (the module docstring says how); answers
    ``{success, refund {id, status, amountCents}, terminated, adjustmentInvoiceId}``."""
    amount = refund_math.check_amount_shape(amount_cents)
    reason, terminate = _clean(payment_id, reason, terminate)
    stable_id, live = await _subscription(merchant_id, stable_subscription_id)
    if terminate and not live:
        raise Conflict(ENDED, code="subscription_ended")
    payment, stored = await _store(merchant_id, stable_id, payment_id, amount, reason)
    outcome = await call_provider(payment, stored)
    stored = await _record(stored, outcome)
    answer = Refunded(
        success=stored.status != FAILED,
        refund=refund_json(stored),
        terminated=False,
        adjustmentInvoiceId=stored.adjustment_invoice_id,
    )
    answer.awaiting_provider = stored.status == PENDING and not outcome.answered
    if stored.status == FAILED:
        message = f"The refund was not made: {stored.failure_message}"
        raise RefundFailed(message, **answer)
    if terminate:
        try:
            await subscription_lifecycle.cancel(merchant_id, stable_id)
            answer["terminated"] = True
        except (Conflict, NotFound):  # ended meanwhile by someone else: not by this call
            pass
    return answer
