"""Trials as the dashboard shows them: "Trialing" and the MRR of paying versus trialing.

The spec knows no trialing status: a subscription in its trial is ``active`` and its fixed fees
count in MRR (rule 1), and /v1 keeps answering exactly that (``mrr.merchant_mrr``). A merchant
reading the dashboard, though, needs to tell a customer who pays from one who has not paid yet,
so the dashboard says "trialing" while ``trial_end_date`` lies ahead and splits the MRR tile
into the paying part and the part still in trial. Both parts use the spec's rule, so together
they are exactly the /v1 amount (one exact sum per part, each rounded half up once; the two
roundings can differ from the total's by a cent at most, so the total is the /v1 figure and the
paying part is the total minus the trial part).
"""

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from billing.core.models import utcnow
from billing.subscriptions import statuses
from billing.subscriptions.credit_grants import in_trial
from billing.subscriptions.models import Subscription
from billing.subscriptions.mrr import mrr_of, round_half_up

TRIALING = "trialing"
CANCELLED = "cancelled"


def display_status(subscription: Subscription, now: datetime | None = None) -> str:
    """``trialing`` for an active subscription still in its trial, ``cancelled`` for an ended
    one, else the stored status (``active``, ``paused``, ``unpaid``)."""
    if subscription.status == "ended":
        return CANCELLED
    if subscription.status == "active" and in_trial(subscription, now or utcnow()):
        return TRIALING
    return subscription.status


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
        if in_trial(subscription, now):
            trial += amount
            trial_count += 1
        else:
            paying += amount
    total = round_half_up(paying + trial)
    trial_cents = round_half_up(trial)
    return MrrSplit(total, total - trial_cents, trial_cents, len(active) - trial_count, trial_count)
