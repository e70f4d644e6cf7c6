"""Dunning: what a renewal payment's failure or success does to the retries and the grace.

A failed attempt ``n`` of an invoice that renews a subscription is tried again at the first
failure plus ``retry_schedule_days[n - 1]`` days (the merchant's dunning config): with the
default ``[1, 3, 5]``, attempts 2, 3 and 4 come 1, 3 and 5 days after attempt 1 failed. Every
attempt counts, a manual retry-payment included, so retrying by hand never adds to the number
of charges a customer sees. The instant of the first failure is not stored on its own: it is
attempt 1's ``retry_at`` less the schedule's first day.

When the last scheduled retry fails, nothing more is scheduled; the live subscription's
``grace_period_ends_at`` becomes that failure plus ``grace_period_days``, and the due-work
pass applies the end action when it passes unpaid (``collecting``). A success at any point
clears the grace (``retry_at`` is cleared on the payment itself by ``mark_succeeded``).

"A later success clears it all": a success after the end action (a webhook, retry-payment, a
paid link) also returns a subscription the end action made ``unpaid`` or ``paused`` to
``active`` (``subscription_lifecycle.recover_after_payment``), once none of its invoices is
left unpaid. A pause the merchant made stays; a ``cancel`` end action stays ended.

An invoice with no subscription (none today, but nothing forbids one) is not retried, nor is
the first invoice of an ``incomplete`` subscription: its customer is on the checkout page and
pays again there (billing/payments/checkout.py).
"""

from datetime import datetime, timedelta

from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from billing.subscriptions.checkout_states import INCOMPLETE
from billing.subscriptions.dunning import get_dunning_config
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscription_lifecycle import recover_after_payment


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
    if (
        await _live(payment.merchant_id, invoice.stable_subscription_id)
        .filter(status=INCOMPLETE)
        .exists()
    ):
        return
    config, _ = await get_dunning_config(payment.merchant_id)
    days: list[int] = config["retry_schedule_days"]
    if payment.attempt <= len(days):
        first = await _first_failure(payment, days[0], at)
        payment.retry_at = max(first + timedelta(days=days[payment.attempt - 1]), at)
        return
    grace_ends = at + timedelta(days=config["grace_period_days"])
    await _live(payment.merchant_id, invoice.stable_subscription_id).update(
        grace_period_ends_at=grace_ends
    )


async def clear_after_success(payment: Payment, at: datetime) -> None:
    """A paid renewal ends the subscription's grace period, if one was running, and what the
    end action did, when nothing else is left unpaid. Call in the transaction that records
    the success, after the invoice is marked paid."""
    invoice = await Invoice.get(id=payment.invoice_id)
    stable_id = invoice.stable_subscription_id
    if stable_id is None:
        return
    await _live(payment.merchant_id, stable_id).update(grace_period_ends_at=None)
    still_unpaid = await Invoice.filter(
        merchant_id=payment.merchant_id,
        stable_subscription_id=stable_id,
        status="unpaid",
        total_cents__gt=0,
        deleted_at=None,
    ).exists()
    if not still_unpaid:
        await recover_after_payment(payment.merchant_id, stable_id, at)
