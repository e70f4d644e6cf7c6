"""Subscription lifecycle: pause, resume, reactivate, cancel and enforcing dunning now.

The state table (the spec leaves the preconditions open; these are ours):

==================  ==========================  ==========  ==================================
action              allowed from                to          refused with 409
==================  ==========================  ==========  ==================================
pause               trialing, active, past_due  paused      incomplete, paused, unpaid
resume              paused                      active      trialing, active, past_due, unpaid
                                                (trialing while its trial lies ahead)
reactivate          unpaid                      active      trialing, active, past_due, paused
cancel (DELETE)     every live state            ended       (none: every live state ends)
cancel at period    every live state            (same)      already set to end
end (dashboard)     (sets cancel_at_period_end; the due-work pass ends it at the period end)
keep (dashboard)    one set to end at period    (same)      not set to end
                    end (clears the flag)
enforce dunning     active, past_due, paused,   per the merchant's dunning end action
                    unpaid
renewal fails       active, trialing            past_due    (dunning: payments/payment_dunning)
renewal paid        past_due, unpaid,           active      (a merchant's pause stays)
                    dunning-paused
grace ends unpaid   past_due                    per the merchant's dunning end action
==================  ==========================  ==========  ==================================

Which statuses allow what is ``statuses.py``'s rule (``PAUSABLE``, ``CHANGEABLE``). An ended
subscription accepts nothing: every action answers 409 ("Subscription has ended").
Status changes happen in place on the live version (a lifecycle change is not an override, so
it makes no new version); each locks the row, changes it and records an event
(``paused``, ``resumed``, ``reactivated``, ``cancelled``, ``unpaid``) in one transaction.

Dunning's own changes carry kinds of their own, so the history says who did what: a renewal's
failed charge makes the subscription ``past_due`` (:func:`mark_past_due`), the payments step's
end action after an unpaid grace period records ``dunning_paused`` /
``dunning_unpaid``, and a later success of the unpaid renewal returns the subscription to
``active`` with ``payment_recovered`` (:func:`recover_after_payment`). A pause the merchant
made (``paused``, by hand or by enforcing dunning now) is never undone by a payment.

Cancelling sets ``end_timestamp`` and ``deleted_at`` and the status ``ended``. The row is then
soft-deleted like every superseded version, so ``GET /v1/subscriptions/{id}`` answers 404 and
lists leave it out, while the history stays in the database. Its features and billing details
are soft-deleted too (fixed fees' ``next_billing_date`` cleared, so no billing run bills them
again; usage details stay due at the cancellation, so their last period is billed once), its
pending scheduled changes are cancelled and its active credit grants are cancelled (status
``cancelled``; the spec's "credit grants expired").
"""

from datetime import datetime

from tortoise.expressions import Q
from tortoise.transactions import in_transaction

from billing.core.errors import Conflict
from billing.core.models import utcnow
from billing.subscriptions import credit_grants, statuses, subscriptions
from billing.subscriptions.dunning import get_dunning_config
from billing.subscriptions.models import (
    Subscription,
    SubscriptionDetail,
    SubscriptionEvent,
    SubscriptionFeature,
)
from billing.subscriptions.scheduled_changes import cancel_pending
from billing.subscriptions.subscription_versions import lock_live

# action: (states it is allowed from, state after, event kind, what the refusal says)
TRANSITIONS = {
    "pause": (
        statuses.PAUSABLE,
        statuses.PAUSED,
        "paused",
        "Only an active subscription can be paused",
    ),
    "resume": (
        (statuses.PAUSED,),
        statuses.ACTIVE,
        "resumed",
        "Only a paused subscription can be resumed",
    ),
    "reactivate": (
        (statuses.UNPAID,),
        statuses.ACTIVE,
        "reactivated",
        "Only an unpaid subscription can be reactivated",
    ),
}
DUNNING_STATUS = {"pause": statuses.PAUSED, "unpaid": statuses.UNPAID}


async def _set_status(merchant_id: str, live: Subscription, status: str, kind: str, now) -> None:
    live.status = status
    await live.save(update_fields=["status", "updated_at"])
    await subscriptions.record_event(merchant_id, live, kind, at=now)


def _back_to(live: Subscription, status: str, now: datetime) -> str:
    """``active`` is ``trialing`` again for one paused in its trial that still lies ahead."""
    in_trial = live.trial_end_date is not None and live.trial_end_date > now
    return statuses.TRIALING if status == statuses.ACTIVE and in_trial else status


async def transition(merchant_id: str, stable_id: str, action: str) -> Subscription:
    """Apply ``pause``, ``resume`` or ``reactivate`` per the table above (resumed in its
    trial: ``trialing``)."""
    allowed, status, kind, refusal = TRANSITIONS[action]
    async with in_transaction():
        live = await lock_live(merchant_id, stable_id)
        if live.status not in allowed:
            raise Conflict(f"{refusal} (this one is {live.status})")
        now = utcnow()
        await _set_status(merchant_id, live, _back_to(live, status, now), kind, now)
    return live


async def pause(merchant_id: str, stable_id: str) -> Subscription:
    return await transition(merchant_id, stable_id, "pause")


async def resume(merchant_id: str, stable_id: str) -> Subscription:
    return await transition(merchant_id, stable_id, "resume")


async def reactivate(merchant_id: str, stable_id: str) -> Subscription:
    return await transition(merchant_id, stable_id, "reactivate")


async def end(
    merchant_id: str, live: Subscription, *, now: datetime | None = None, tell: bool = True
) -> None:
    """End the locked live version ``live`` (see the module docstring for everything that
    goes with it). Also used by dunning and by period roll-over for ``cancelAtPeriodEnd``
    (which tells its whole claim at once: ``tell`` false, as ``record_event``'s)."""
    now = now or utcnow()
    live.status = statuses.ENDED
    live.end_timestamp = now
    live.deleted_at = now
    await live.save(update_fields=["status", "end_timestamp", "deleted_at", "updated_at"])
    details = SubscriptionDetail.scoped(merchant_id).filter(subscription_id=live.id)
    # Usage is billed in arrears: its last period, up to now, is billed once by the billing
    # run (billing/invoicing/billing_run.py); fees billed in advance (fixed fees, seats billed
    # immediately: ``price_components.bills_in_advance``) stop here, or the run would bill
    # the period after the end.
    in_advance = Q(component__contains={"type": "fixed"}) | Q(
        component__contains={"type": "per_unit", "bill_immediately": True}
    )
    await (
        details.filter(next_billing_date__not_isnull=True)
        .exclude(in_advance)
        .update(next_billing_date=now)
    )
    await details.filter(in_advance).update(next_billing_date=None)
    await details.update(deleted_at=now, updated_at=now)
    await (
        SubscriptionFeature.scoped(merchant_id)
        .filter(subscription_id=live.id)
        .update(deleted_at=now, updated_at=now)
    )
    await cancel_pending(merchant_id, live.stable_subscription_id, "Subscription ended", now=now)
    await credit_grants.cancel_for_subscription(merchant_id, live.stable_subscription_id, now=now)
    await subscriptions.record_event(merchant_id, live, "cancelled", at=now, tell=tell)


async def cancel(merchant_id: str, stable_id: str) -> Subscription:
    """End the subscription now (DELETE). Every live state may be cancelled."""
    async with in_transaction():
        live = await lock_live(merchant_id, stable_id)
        await end(merchant_id, live)
    return live


SCHEDULED_ALREADY = "This subscription already ends at the end of its current period"
NOT_SCHEDULED = "This subscription is not set to end at the end of its period"


async def _set_cancel_at_period_end(
    merchant_id: str, stable_id: str, wanted: bool, reason: str | None = None
):
    """Set or clear ``cancel_at_period_end`` on the locked live version, with an event
    (``cancel_scheduled`` / ``cancel_unscheduled``) so the history says who changed what when.
    The customer's ``reason`` (portal) is kept with the flag and cleared with it.
    The flag changes no version: the period roll-over (``periods._roll``, run by the due-work
    pass) ends the subscription as of its period end, exactly as for a flag set through /v1."""
    async with in_transaction():
        live = await lock_live(merchant_id, stable_id)
        if live.cancel_at_period_end == wanted:
            raise Conflict(SCHEDULED_ALREADY if wanted else NOT_SCHEDULED)
        live.cancel_at_period_end = wanted
        live.cancel_reason = reason if wanted else None
        await live.save(update_fields=["cancel_at_period_end", "cancel_reason", "updated_at"])
        kind = "cancel_scheduled" if wanted else "cancel_unscheduled"
        await subscriptions.record_event(merchant_id, live, kind, at=utcnow())
    return live


async def cancel_at_period_end(
    merchant_id: str, stable_id: str, *, reason: str | None = None
) -> Subscription:
    """End the subscription when its current period ends (the dashboard's and the portal's
    gentler cancel): the customer keeps what was paid for, and nothing renews. ``reason`` is
    the customer's own words, already checked (``billing.portal.cancellation``)."""
    return await _set_cancel_at_period_end(merchant_id, stable_id, True, reason)


async def keep(merchant_id: str, stable_id: str) -> Subscription:
    """Undo :func:`cancel_at_period_end` before the period ends: the subscription renews
    (and the reason given for cancelling goes)."""
    return await _set_cancel_at_period_end(merchant_id, stable_id, False)


async def enforce_dunning_now(merchant_id: str, stable_id: str) -> str:
    """Apply the merchant's end-of-dunning action at once, from any live state: ``pause``
    (status paused), ``unpaid`` (status unpaid) or ``cancel`` (ended, as DELETE does).

    A subscription already in the action's state is left as it is (no second event), so a
    retried call does no harm. Answers the status afterwards.
    """
    async with in_transaction():
        live = await lock_live(merchant_id, stable_id)
        return await apply_end_action(merchant_id, live, utcnow())


async def apply_end_action(
    merchant_id: str, live: Subscription, now: datetime, *, by_dunning: bool = False
) -> str:
    """The merchant's end-of-dunning action on the locked live version ``live``, as of ``now``
    (:func:`enforce_dunning_now`, and the payments step when a grace period ends unpaid, with
    ``by_dunning``: its event kind says so, which is what lets a later payment undo it)."""
    config, _ = await get_dunning_config(merchant_id)
    action = config["end_action"]
    if action == "cancel":
        await end(merchant_id, live, now=now)
        return statuses.ENDED
    status = DUNNING_STATUS[action]
    if live.status != status:
        kind = f"dunning_{status}" if by_dunning else status
        await _set_status(merchant_id, live, status, kind, now)
    return status


async def mark_past_due(merchant_id: str, live: Subscription, now: datetime) -> None:
    """A renewal's charge failed: the locked live version ``live`` becomes ``past_due`` with a
    ``past_due`` event at ``now`` (the clock of whoever learnt of the failure: the due pass's,
    a webhook's). Call in the transaction that records the failure."""
    await _set_status(merchant_id, live, statuses.PAST_DUE, "past_due", now)


# Events that change the status; the newest one says who made the status what it is.
STATUS_KINDS = (
    "past_due",
    "paused",
    "resumed",
    "reactivated",
    "unpaid",
    "dunning_paused",
    "dunning_unpaid",
    "payment_recovered",
)


async def _made_by_dunning(merchant_id: str, live: Subscription) -> bool:
    """Whether the newest status change was dunning's (by ``occurred_at``, the clock of whoever
    made it; ``created_at`` carries the same clock)."""
    last = (
        await SubscriptionEvent.scoped(merchant_id)
        .filter(stable_subscription_id=live.stable_subscription_id, kind__in=STATUS_KINDS)
        .order_by("-occurred_at", "-created_at", "-id")
        .first()
    )
    return last is not None and last.kind == f"dunning_{live.status}"


async def recover_after_payment(merchant_id: str, stable_id: str, now: datetime) -> str | None:
    """A renewal paid during dunning or after its end action: a ``past_due`` subscription, an
    ``unpaid`` one (only dunning makes one) or one ``paused`` by the end action becomes
    ``active`` again, with a ``payment_recovered`` event. A pause the merchant made, an active
    subscription and an ended one (the ``cancel`` action) are left alone. Call in the
    transaction that records the success; answers the new status, or None when nothing
    changed."""
    live = (
        await Subscription.scoped(merchant_id)
        .filter(stable_subscription_id=stable_id)
        .select_for_update()
        .first()
    )
    recoverable = (statuses.PAST_DUE, *DUNNING_STATUS.values())
    if live is None or live.status not in recoverable:
        return None
    if live.status == statuses.PAUSED and not await _made_by_dunning(merchant_id, live):
        return None
    await _set_status(merchant_id, live, statuses.ACTIVE, "payment_recovered", now)
    return statuses.ACTIVE
