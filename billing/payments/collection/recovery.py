"""Charging a failing subscription's unpaid invoices at once when a new method is set for it.

A customer whose renewal failed comes back with a new card (the portal's card pages, or
``POST /v1/customers/portal/set-subscription-payment-method``). Waiting for the dunning
schedule's next try would keep them ``past_due`` for days for no reason, so setting the method
charges every unpaid invoice of the subscription with it at once:

- ``start_recovery`` runs in the transaction that links the method (the subscription row
  locked): one new attempt per unpaid invoice (``charging.start_attempt``, which picks the
  subscription's own method: the one just linked), the invoice rows locked with
  ``SKIP LOCKED``. An invoice a due pass holds at that moment is skipped: the pass is starting
  an attempt for it right now, and its row says ``pending`` once the pass commits, so the pass
  does not claim it again either. An invoice already ``pending`` (an attempt in flight) is
  left to that attempt. So there is never a second attempt for the same invoice at once.
- ``charge_started`` runs after that commit, outside any transaction: the provider is called
  for each attempt with its idempotency key (``charging.call_provider``) and the answer
  recorded. Paid: the invoice is ``paid`` and, once nothing is left unpaid, the subscription
  ``active`` again with its grace cleared (``payment_dunning.clear_after_success``). Declined:
  the attempt counts in the retry schedule like any other, and the grace end already set
  stays where it is.

Every attempt is dated ``now``, the clock of the request that set the method.
"""

from datetime import datetime

from billing.invoicing.models import Invoice, InvoicePaymentStatus, InvoiceStatus
from billing.payments.collection.charging import call_provider, start_attempt


async def start_recovery(merchant_id: str, stable_subscription_id: str, now: datetime) -> list[str]:
    """A pending attempt for each unpaid (so issued) invoice of the subscription that no other
    attempt is running for; the attempts' ids, oldest invoice first. Call inside the
    transaction that links the method, and call :func:`charge_started` after it commits."""
    invoices = (
        await Invoice.scoped(merchant_id)
        .filter(
            stable_subscription_id=stable_subscription_id,
            status=InvoiceStatus.UNPAID,
            total_cents__gt=0,
        )
        .exclude(payment_status=InvoicePaymentStatus.PENDING)  # an attempt in flight
        .order_by("issue_date", "id")
        .select_for_update(skip_locked=True)
    )
    started = []
    for invoice in invoices:
        payment = await start_attempt(invoice, now)
        if payment is not None:
            started.append(payment.id)
    return started


async def charge_started(payment_ids: list[str], now: datetime) -> list[str]:
    """Call the provider for each committed attempt of :func:`start_recovery`; the outcome
    words (``succeeded``, ``failed``, ``pending``). Never inside a transaction."""
    return [await call_provider(payment_id, now) for payment_id in payment_ids]
