"""Which subscription changes the merchant's server is told of, and as which event type.

Every change of a subscription already records a history row (``subscriptions.record_event``,
one ``kind`` per change: ``paused``, ``plan_changed``, ``trial_ended``...). The event log is
told from there, in the same transaction and at the same clock, so no change can record its
history without its event or the other way round. ``change_for`` maps a history row to the
event it writes:

- ``subscription.created``: a subscription that starts to exist for the merchant. One sold by
  checkout is ``incomplete`` until its first payment (or its trial's card): it counts for
  nothing, and most are abandoned, so it is told when it leaves that state (``activated``,
  ``trial_started``), not when the checkout made it. An abandoned or refused checkout's
  subscription was never told, so its end is not told either;
- ``subscription.canceled``: it ended (DELETE, dunning's cancel action, cancel at period end);
- ``subscription.updated``: every other change (status moves, plan or price, pause, resume,
  the cancel-at-period-end flag, the trial's end, a new version's features).

Seats move the MRR history (``seat_added``, ``seat_removed``) but not the subscription's JSON:
they are told as ``seat.added`` / ``seat.removed`` (``billing/seats``). A period roll-over writes
no history row; ``periods`` tells it as ``subscription.updated`` for a whole claim at once.
"""

from datetime import datetime

from billing.event_log import recording
from billing.event_log.recording import Change
from billing.subscriptions import statuses
from billing.subscriptions.models import Subscription

CREATED = "subscription.created"
UPDATED = "subscription.updated"
CANCELED = "subscription.canceled"
TRIAL_WILL_END = "subscription.trial_will_end"

TYPES = {"created": CREATED, "activated": CREATED, "trial_started": CREATED, "cancelled": CANCELED}
UNTOLD = {"abandoned", "already_subscribed", "seat_added", "seat_removed"}


def change_for(subscription: Subscription, kind: str) -> Change | None:
    """The event the history row ``kind`` of ``subscription`` (as it is after the change)
    writes, or None when the change is not told (see the module docstring)."""
    if kind in UNTOLD or subscription.status == statuses.INCOMPLETE:
        return None
    event_type = TYPES.get(kind, UPDATED)
    return Change(subscription.merchant_id, event_type, subscription.id)


async def tell(subscription: Subscription, kind: str, at: datetime) -> None:
    """Write the event of the history row ``kind`` (if it is told), in the caller's
    transaction, at ``at``."""
    change = change_for(subscription, kind)
    if change is not None:
        await recording.record_many([change], at=at)
