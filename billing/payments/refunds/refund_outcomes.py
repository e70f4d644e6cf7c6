"""A refund's outcome, whoever learns it: the provider's answer to the refund call
(``refunds``), a provider's ``refund.*`` webhook, or a later check at the provider.

A refund is stored ``pending`` with its amount already counted in the payment's
``refunded_cents`` and its adjustment invoice already issued (``refunds`` step 1), so that two
refunds at once can never give back more than was paid. Settling it:

- **Succeeded**: the refund is ``succeeded``. Nothing else changes: the amount stays counted
  and the adjustment invoice (issued, negative, ``paid``) stands.
- **Failed**: the refund is ``failed`` with the provider's message; the money never left, so
  the amount is taken off the payment's ``refunded_cents`` again (it can be refunded later)
  and the adjustment invoice is voided (an issued invoice is never deleted; ``void`` is the
  one change it accepts). The original invoice is untouched either way.

Events (``billing.event_log``), in the settling transaction at ``at``: ``refund.succeeded``,
or ``refund.failed`` with ``invoice.voided`` for its credit note (``invoice_events``).

A refund is settled once: whoever comes second (the webhook after the call's answer, a
redelivered event, the due-work re-check after the webhook) finds it no longer ``pending`` and
changes nothing, and a success is never overturned by a late failure nor the other way round.
The locks are taken in ``refunds``' order, the payment and then the refund, so a settlement
and a new refund of the same payment queue instead of deadlocking.
"""

from datetime import datetime

from tortoise.transactions import in_transaction

from billing.event_log.recording import Change, record_many
from billing.invoicing import invoice_events
from billing.invoicing.models import Invoice, InvoiceStatus
from billing.payments.models import Payment, Refund, RefundStatus

# Aliases of the members, under the names other modules import.
SUCCEEDED, PENDING, FAILED = RefundStatus.SUCCEEDED, RefundStatus.PENDING, RefundStatus.FAILED
REFUSED = "The provider refused the refund"


async def apply_locked(
    payment: Payment,
    refund: Refund,
    *,
    succeeded: bool,
    at: datetime,
    message: str | None = None,
    provider_refund_id: str | None = None,
) -> None:
    """Settle ``refund`` (pending, locked with its ``payment``, inside a transaction) as the
    module docstring says. ``at`` (when the provider settled it) is kept as the refund's
    ``updated_at``: the row has no settlement column of its own."""
    refund.status = SUCCEEDED if succeeded else FAILED
    refund.provider_refund_id = provider_refund_id or refund.provider_refund_id
    told = [Change(refund.merchant_id, f"refund.{refund.status}", refund.id)]
    if not succeeded:
        refund.failure_message = (message or REFUSED)[:500]
        payment.refunded_cents -= refund.amount_cents
        await payment.save(update_fields=["refunded_cents", "updated_at"])
        voided = await Invoice.filter(
            id=refund.adjustment_invoice_id, status__not=InvoiceStatus.VOID
        ).update(status=InvoiceStatus.VOID)
        if voided:
            told += invoice_events.changes(
                refund.merchant_id, refund.adjustment_invoice_id, invoice_events.VOIDED
            )
    await Refund.filter(id=refund.id).update(
        status=refund.status,
        provider_refund_id=refund.provider_refund_id,
        failure_message=refund.failure_message,
        updated_at=at,
    )
    refund.updated_at = at
    await record_many(told, at=at)


async def settle_refund(
    refund_id: str,
    *,
    succeeded: bool,
    at: datetime,
    message: str | None = None,
    provider_refund_id: str | None = None,
) -> bool:
    """Settle the pending refund ``refund_id`` as succeeded or failed (with the provider's
    ``message``) at ``at``; True when it changed something, False when the refund is unknown
    or already settled. ``provider_refund_id`` is kept when the refund has none yet (a webhook
    can arrive before the refund call's own answer is recorded). Runs in its own transaction
    (a savepoint inside a caller's)."""
    async with in_transaction():
        found = await Refund.filter(id=refund_id).first()
        if found is None or found.status != PENDING:
            return False
        payment = await Payment.filter(id=found.payment_id).select_for_update().get()
        refund = await Refund.filter(id=refund_id).select_for_update().get()
        if refund.status != PENDING:  # settled while this waited for the lock
            return False
        await apply_locked(
            payment,
            refund,
            succeeded=succeeded,
            at=at,
            message=message,
            provider_refund_id=provider_refund_id,
        )
        return True
