"""Renewing credit grants: the due-work pass's part that starts each new credit period.

A ``monthly`` or ``yearly`` grant whose ``period_end`` has passed is marked ``expired`` and,
while its subscription is live (active, paused or unpaid: what a paused customer may use is
the entitlement check's decision, not the grant's), a grant for the period containing ``now``
is made under the live version's terms with source ``plan`` (trial amounts apply to a first
grant only). Several missed periods collapse into that one period: credits of periods already
over could never be used. ``none`` grants never expire here. Grants whose subscription ended
were cancelled with it, so only stray ones are expired without a successor.

Concurrency: each grant is claimed with ``SELECT ... FOR UPDATE SKIP LOCKED`` in its own
transaction (``billing/core/claims.py``), so concurrent runs renew each grant once.
"""

from collections import Counter
from datetime import datetime

from billing.core.claims import DEFER, work_through
from billing.core.models import utcnow
from billing.subscriptions.credit_grants import RULES, period, version_terms
from billing.subscriptions.models import CreditGrant, CreditGrantStatus, Subscription


def renewal_day(grant: CreditGrant) -> int:
    """The anchor's day of month, recovered from one period: of two consecutive months one
    always has 31 days, so the later day of period start and end is the anchor's unclamped
    day (yearly periods anchored on Feb 29 fall back to the 28th after a common year)."""
    return max(grant.period_start.day, grant.period_end.day)


async def _renew(grant: CreditGrant, now: datetime) -> str:
    """Expire one claimed active monthly/yearly grant whose period has passed and, while its
    subscription is live, grant the period containing ``now`` under the live version's terms.
    Answers ``renewed``, ``expired`` (no successor) or ``deferred`` (its subscription is
    being written: it is renewed on a later pass)."""
    live_query = Subscription.filter(
        merchant_id=grant.merchant_id,
        stable_subscription_id=grant.stable_subscription_id,
        deleted_at=None,
    )
    # Never wait for the subscription here: its writer (a new version, a cancel) locks it
    # first and the grants second, so waiting could deadlock. It is renewed on a later pass.
    live = await live_query.select_for_update(skip_locked=True).first()
    if live is None and await live_query.exists():
        return DEFER
    grant.status = CreditGrantStatus.EXPIRED
    await grant.save(update_fields=["status", "updated_at"])
    item = (await version_terms(grant.merchant_id, live)).get(grant.feature_id) if live else None
    if item is None:
        return "expired"
    day = renewal_day(grant) if item.renewal == grant.renewal else None
    start, end = period(item.renewal, grant.period_end, now, day=day)
    await CreditGrant.create(
        merchant_id=grant.merchant_id,
        customer_id=grant.customer_id,  # a seat member's grant stays the member's
        stable_subscription_id=live.stable_subscription_id,
        subscription_id=live.id,
        feature_id=item.feature_id,
        metric_ids=item.metric_ids,
        allowance=item.plan_amount,
        renewal=item.renewal,
        source="plan",
        status=CreditGrantStatus.ACTIVE,
        period_start=start,
        period_end=end,
        created_at=now,
    )
    return "renewed"


async def renew_due(now: datetime | None = None, merchant_id: str | None = None) -> Counter[str]:
    """Renew every due grant across all merchants (the due-work pass calls this), or of one
    merchant row when ``merchant_id`` (a test's own pass); each claim is its own transaction
    with SKIP LOCKED, so concurrent runs renew each grant once. Several missed periods
    collapse into the one containing ``now``. Answers the count of each outcome."""
    now = now or utcnow()

    due = CreditGrant.filter(
        status=CreditGrantStatus.ACTIVE,
        deleted_at=None,
        renewal__in=tuple(RULES),
        period_end__lte=now,
    )
    if merchant_id is not None:
        due = due.filter(merchant_id=merchant_id)
    return await work_through(
        due, ("period_end", "id"), lambda grant: _renew(grant, now), what="credit grant"
    )
