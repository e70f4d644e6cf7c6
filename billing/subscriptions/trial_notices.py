"""Trial notices: the due-work step that tells the merchant's server a trial ends in 3 days.

A merchant asks its customer for a card, or reminds them that paying starts, before the trial
ends; waiting for ``subscription.updated`` at the trial's end is too late for that. So a
``trialing`` subscription whose ``trial_end_date`` lies at most ``NOTICE`` ahead of the pass's
``now`` (and not behind it: an ended trial is the trials step's) gets one
``subscription.trial_will_end`` event, written at ``now``. A trial shorter than that is told
on the first pass after it starts.

"Once" is kept twice over. ``trial_end_told_for`` holds the trial end that was told, so the
claim skips what was told (a new version copies it); a trial end moved later is a different
end and is told again. The event's key (``trial_will_end:<stable id>:<trial end>``) makes a
second event for the same end a no-op even if the column were lost.

Subscriptions are claimed ``CLAIM_SIZE`` at a time with SKIP LOCKED (``core/claims.py``), in
``(trial_end_date, id)`` order over that index, and each claim is marked with one ``UPDATE``
and told with one ``record_many``, so a pass that finds many trials ending costs few queries.
"""

from collections import Counter
from datetime import datetime, timedelta

from tortoise.expressions import F, Q

from billing.core.claims import work_through_claims
from billing.event_log import recording
from billing.event_log.recording import Change
from billing.subscriptions import statuses, subscription_events
from billing.subscriptions.models import Subscription

NOTICE = timedelta(days=3)
CLAIM_SIZE = 500
TOLD = "notice sent"


def key_of(subscription: Subscription) -> str:
    """The event's once-only key: the subscription (all its versions) and the trial end."""
    end = subscription.trial_end_date.isoformat()
    return f"trial_will_end:{subscription.stable_subscription_id}:{end}"


async def _claim(
    now: datetime, after: Subscription | None, merchant_id: str | None
) -> list[Subscription]:
    """The next trials ending within ``NOTICE`` of ``now`` not told for that end, locked."""
    due = Subscription.filter(
        Q(trial_end_told_for=None) | ~Q(trial_end_told_for=F("trial_end_date")),
        status=statuses.TRIALING,
        deleted_at=None,
        end_timestamp=None,
        trial_end_date__gt=now,
        trial_end_date__lte=now + NOTICE,
    )
    if merchant_id is not None:
        due = due.filter(merchant_id=merchant_id)
    if after is not None:
        end = after.trial_end_date
        due = due.filter(Q(trial_end_date__gt=end) | Q(trial_end_date=end, id__gt=after.id))
    query = due.order_by("trial_end_date", "id").limit(CLAIM_SIZE)
    return await query.select_for_update(skip_locked=True)


async def _tell(claimed: list[Subscription], now: datetime) -> dict[str, str]:
    ids = [live.id for live in claimed]
    await Subscription.filter(id__in=ids).update(trial_end_told_for=F("trial_end_date"))
    await recording.record_many(
        [
            Change(live.merchant_id, subscription_events.TRIAL_WILL_END, live.id, key=key_of(live))
            for live in claimed
        ],
        at=now,
    )
    return dict.fromkeys(ids, TOLD)


async def tell_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """Tell every trial ending within ``NOTICE`` of ``now`` not told yet (of one merchant row
    when ``merchant_id``: a test's own pass); answers the outcomes."""
    return await work_through_claims(
        lambda after: _claim(now, after, merchant_id),
        lambda claimed: _tell(claimed, now),
        what="trial notice",
    )
