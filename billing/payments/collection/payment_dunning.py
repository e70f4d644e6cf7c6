"""Dunning: what a renewal payment's failure or success does to the retries and the grace.

A failed attempt ``n`` of an invoice that renews a subscription is tried again at the first
failure plus ``retry_schedule_days[n - 1]`` days (the merchant's dunning config): with the
default ``[1, 3, 5]``, attempts 2, 3 and 4 come 1, 3 and 5 days after attempt 1 failed. Every
attempt counts, a manual retry-payment included, so retrying by hand never adds to the number
of charges a customer sees. The instant of the first failure is not stored on its own: it is
attempt 1's ``retry_at`` less the schedule's first day.

The first failed renewal charge makes an ``active`` subscription ``past_due`` (a
``past_due`` event at the failure's clock): it stays so while its retries and grace run.

When the last scheduled retry fails, nothing more is scheduled; the live subscription's
``grace_period_ends_at`` becomes that failure plus ``grace_period_days``, and the due-work
pass applies the end action when it passes unpaid (``collecting``). Once set, the grace end
never moves: a later failure (a manual retry, a new card that is declined too, the next
month's renewal failing meanwhile) leaves it where the last scheduled retry put it, so the
date the customer and the merchant were told holds. A success clears the grace once nothing
of the subscription is left unpaid (``retry_at`` is cleared on the payment itself by
``mark_succeeded``).

"A later success clears it all": the renewal paid (the due pass's retry, a webhook,
retry-payment, a paid link, a new card set in the portal) returns a ``past_due``
subscription, or one the end action made ``unpaid`` or ``paused``, to ``active``
(``subscription_lifecycle.recover_after_payment``), once none of its invoices is left unpaid.
A pause the merchant made stays; a ``cancel`` end action stays ended.

An invoice with no subscription (none today, but nothing forbids one) is not retried, nor is
the first invoice of an ``incomplete`` subscription: its customer is on the checkout page and
pays again there (billing/payments/checkout/payment_init.py).
"""

from datetime import datetime, timedelta

from billing.invoicing.models import Invoice, InvoiceStatus
from billing.payments.models import Payment
from billing.subscriptions import statuses
from billing.subscriptions.dunning import get_dunning_config
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscription_lifecycle import mark_past_due, recover_after_payment

# The statuses a failed renewal makes past_due (one that trialed is active by its renewal).
FALLS_PAST_DUE = (statuses.ACTIVE, statuses.TRIALING)


async def _first_failure(payment: Payment, first_day: int, at: datetime) -> datetime:
    if payment.attempt == 1:
        return at
    first = await Payment.filter(invoice_id=payment.invoice_id, attempt=1).first()
    if first is None or first.retry_at is None:
        return at
    return first.retry_at - timedelta(days=first_day)


def _live(merchant_id: str, stable_id: str):
    return Subscription.scoped(merchant_id).filter(stable_subscription_id=stable_id)


async def schedule_after_failure(payment: Payment, at: datetime) -> None:
    """Set the failed ``payment``'s ``retry_at`` (None: no retry) and, after the last retry,
    the subscription's grace period. Call in the transaction that records the failure."""
    invoice = await Invoice.get(id=payment.invoice_id)
    payment.retry_at = None
    if invoice.stable_subscription_id is None:
        return
    live = (
        await _live(payment.merchant_id, invoice.stable_subscription_id).select_for_update().first()
    )
    if live is None or live.status == statuses.INCOMPLETE:
        return
    if live.status in FALLS_PAST_DUE:
        await mark_past_due(payment.merchant_id, live, at)
    config, _ = await get_dunning_config(payment.merchant_id)
    days: list[int] = config["retry_schedule_days"]
    if payment.attempt <= len(days):
        first = await _first_failure(payment, days[0], at)
        payment.retry_at = max(first + timedelta(days=days[payment.attempt - 1]), at)
        return
    if live.grace_period_ends_at is None:
        live.grace_period_ends_at = at + timedelta(days=config["grace_period_days"])
        await live.save(update_fields=["grace_period_ends_at", "updated_at"])


async def clear_after_success(payment: Payment, at: datetime) -> None:
    """A paid renewal, when nothing else of the subscription is left unpaid, ends its grace
    period (if one was running) and its ``past_due`` status, or what the end action did. Call
    in the transaction that records the success, after the invoice is marked paid."""
    invoice = await Invoice.get(id=payment.invoice_id)
    stable_id = invoice.stable_subscription_id
    if stable_id is None:
        return
    still_unpaid = await Invoice.filter(
        merchant_id=payment.merchant_id,
        stable_subscription_id=stable_id,
        status=InvoiceStatus.UNPAID,
        total_cents__gt=0,
        deleted_at=None,
    ).exists()
    if not still_unpaid:
        await _live(payment.merchant_id, stable_id).update(grace_period_ends_at=None)
        await recover_after_payment(payment.merchant_id, stable_id, at)
