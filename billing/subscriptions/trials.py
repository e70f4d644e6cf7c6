"""Trials: the stored ``trialing`` status, its end, and the MRR of paying versus trialing.

A subscription in its trial is stored ``trialing`` (``subscriptions.create_subscription``, or
checkout once the trial's card is confirmed); it counts wherever ``active`` does
(``statuses.CURRENT``: features, MRR by the spec's rule 1, ``hasActiveSubscription``), and
/v1 answers the stored status. ``end_due`` is the due-work step that makes it ``active`` when
``trial_end_date`` has come, recording a ``trial_ended`` event at the pass's ``now``; the
billing step of the same pass bills the first paid period and the payments step charges the
card kept at checkout. ``display_status`` reads only the stored status, so a subscription never
says "Trialing" after its trial ended, whatever the wall clock.

The dashboard splits the MRR tile into the paying part and the part in trial. Both parts use
the spec's rule, so together they are exactly the /v1 amount (one exact sum per part, each
rounded half up once; the two roundings can differ from the total's by a cent at most, so the
total is the /v1 figure and the paying part is the total minus the trial part).
"""

from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from billing.core.claims import work_through
from billing.core.models import utcnow
from billing.subscriptions import statuses, subscriptions
from billing.subscriptions.models import Subscription
from billing.subscriptions.mrr import mrr_of, round_half_up

TRIALING = statuses.TRIALING
CANCELLED = "cancelled"


def display_status(subscription: Subscription, now: datetime | None = None) -> str:
    """``cancelled`` for an ended subscription, else the stored status (``trialing``,
    ``active``, ``paused``, ...). ``now`` is accepted for callers that pass their clock; the
    stored status already says whether the trial runs."""
    if subscription.status == statuses.ENDED:
        return CANCELLED
    return subscription.status


async def end_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """The due-work step: every ``trialing`` subscription whose ``trial_end_date`` is at or
    before ``now`` becomes ``active``, with a ``trial_ended`` event at ``now``."""
    due = Subscription.filter(
        status=TRIALING, deleted_at=None, end_timestamp=None, trial_end_date__lte=now
    )
    if merchant_id:
        due = due.filter(merchant_id=merchant_id)

    async def end_trial(live: Subscription) -> str:
        live.status = statuses.ACTIVE
        await live.save(update_fields=["status", "updated_at"])
        await subscriptions.record_event(live.merchant_id, live, "trial_ended", at=now)
        return "trial ended"

    return await work_through(due, ("trial_end_date", "id"), end_trial, what="trial end")


@dataclass(frozen=True)
class MrrSplit:
    total_cents: int  # the /v1 figure
    paying_cents: int
    trial_cents: int
    paying_count: int
    trial_count: int

    @property
    def active_count(self) -> int:
        return self.paying_count + self.trial_count


async def mrr_split(merchant_id: str, now: datetime | None = None) -> MrrSplit:
    """The merchant's MRR by the spec's rule, split into paying and in-trial subscriptions
    (one query, as ``merchant_mrr``)."""
    now = now or utcnow()
    active = await (
        Subscription.scoped(merchant_id)
        .filter(status__in=statuses.CURRENT, end_timestamp=None)
        .prefetch_related("effective_price")
    )
    paying, trial = Fraction(0), Fraction(0)
    trial_count = 0
    amounts = await mrr_of(active)
    for subscription in active:
        amount = amounts[subscription.id]
        if subscription.status == TRIALING:
            trial += amount
            trial_count += 1
        else:
            paying += amount
    total = round_half_up(paying + trial)
    trial_cents = round_half_up(trial)
    return MrrSplit(total, total - trial_cents, trial_cents, len(active) - trial_count, trial_count)
