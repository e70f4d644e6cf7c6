"""``incomplete``: a subscription sold by checkout that waits for its first payment, or for
the card its trial collects.

Checkout (billing/payments/checkout/payment_init.py) creates the subscription before the customer
pays, so that the first invoice, its tax and the payment have a subscription to belong to. Until
that invoice is paid (or, for a plan with a trial, the card is confirmed) the subscription is
``incomplete``, and in that state it:

- does not count: not current for entitlements, MRR or the customer's subscription status
  (all of those read ``statuses.CURRENT``);
- does not block: it is not one of the open statuses (``subscriptions.OPEN_STATUSES``), so the
  same customer checking out again is not refused with 409; checkout reuses it instead;
- is not billed by the due-work pass (billing/invoicing/billing_run.py leaves it out of its
  claims) and its failed first payment is not retried by dunning (payments/payment_dunning.py):
  the customer is still on the checkout page and pays again there.

``activate`` turns it ``active`` when its first invoice is paid (payments/payment_outcomes.py
calls it for every paid invoice; it changes nothing for any other subscription), or
``trialing`` when its trial still lies ahead. ``start_trial`` turns it ``trialing`` when the
card its trial collects is confirmed (payments/checkout_cards.py), or ``active`` when the
trial has ended meanwhile. An incomplete
subscription nobody pays is ended (soft-deleted, status ``ended``) by ``end_abandoned``, which
the due-work pass runs through payments (its invoice is voided there).

The merchant's server hears of it only once it leaves ``incomplete``: then as
``subscription.created`` (``subscription_events``), preceded by ``customer.created`` when its
customer was a checkout's pending one that no payment made a customer of its own (a free price
or a trial without a card: ``customers/customer_events.py``).
"""

from datetime import datetime

from billing.customers import customer_events
from billing.customers.models import Customer
from billing.subscriptions import statuses, subscriptions
from billing.subscriptions.models import Subscription, SubscriptionDetail

INCOMPLETE = statuses.INCOMPLETE
ACTIVE = statuses.ACTIVE
TRIALING = statuses.TRIALING


async def incomplete_of(merchant_id: str, customer_id: str) -> list[Subscription]:
    """The customer's live incomplete subscriptions, oldest first."""
    return (
        await Subscription.scoped(merchant_id)
        .filter(customer_id=customer_id, status=INCOMPLETE, end_timestamp=None)
        .order_by("created_at", "id")
    )


async def _leave_incomplete(merchant_id: str, stable_id: str | None, at: datetime, event: str):
    """The incomplete subscription made ``trialing`` while its trial lies ahead at ``at``, else
    ``active``, with the history ``event``; whether it changed anything."""
    if not stable_id:
        return False
    live = (
        await Subscription.scoped(merchant_id)
        .filter(stable_subscription_id=stable_id, status=INCOMPLETE, end_timestamp=None)
        .select_for_update()
        .first()
    )
    if live is None:
        return False
    trial = live.trial_end_date is not None and live.trial_end_date > at
    live.status = TRIALING if trial else ACTIVE
    await live.save(update_fields=["status", "updated_at"])
    customer = await Customer.get(merchant_id=merchant_id, id=live.customer_id)
    if customer.checkout_pending:  # a checkout that owed nothing: its customer is one now
        await customer_events.tell_created(merchant_id, customer.id, at)
    await subscriptions.record_event(merchant_id, live, event, at=at)
    return True


async def activate(merchant_id: str, stable_id: str | None, at: datetime) -> bool:
    """Make the incomplete subscription ``active`` (its first invoice is paid; ``trialing``
    when a trial still lies ahead); whether it changed anything. Call inside the transaction
    that records the payment."""
    return await _leave_incomplete(merchant_id, stable_id, at, "activated")


async def start_trial(merchant_id: str, stable_id: str | None, at: datetime) -> bool:
    """Make the incomplete subscription ``trialing`` (the card its trial collects is
    confirmed), or ``active`` when its trial ended meanwhile; whether it changed anything.
    Call inside the transaction that stores the card."""
    return await _leave_incomplete(merchant_id, stable_id, at, "trial_started")


async def end_abandoned(live: Subscription, at: datetime, event: str = "abandoned") -> None:
    """End an incomplete subscription nobody paid for: status ``ended``, soft-deleted, and no
    billing detail due any more, with the history ``event`` (``already_subscribed``: paid, but
    refused, payments/checkout_claims.py). Call with the row locked, inside a transaction."""
    live.status = statuses.ENDED
    live.end_timestamp = at
    live.deleted_at = at
    await live.save(update_fields=["status", "end_timestamp", "deleted_at", "updated_at"])
    await SubscriptionDetail.filter(subscription_id=live.id).update(
        next_billing_date=None, deleted_at=at
    )
    await subscriptions.record_event(live.merchant_id, live, event, at=at)
