"""Renewing credit grants: the part of ``tally run-due`` that starts each new credit period.

A ``monthly`` or ``yearly`` grant whose ``period_end`` has passed is marked ``expired`` and,
while its subscription is live (active, paused or unpaid: what a paused customer may use is
the entitlement check's decision, not the grant's), a grant for the period containing ``now``
is made under the live version's terms with source ``plan`` (trial amounts apply to a first
grant only). Several missed periods collapse into that one period: credits of periods already
over could never be used. ``none`` grants never expire here. Grants whose subscription ended
were cancelled with it, so only stray ones are expired without a successor.

Concurrency follows ``scheduled_changes.run_due``: each grant is claimed with ``SELECT ...
FOR UPDATE SKIP LOCKED`` in its own transaction, so concurrent runs renew each grant once.
"""

from datetime import datetime

from tortoise.transactions import in_transaction

from billing.models import CreditGrant, Subscription
from billing.models.base import utcnow
from billing.services.credit_grants import ACTIVE, EXPIRED, RULES, period, version_terms


def renewal_day(grant: CreditGrant) -> int:
    """The anchor's day of month, recovered from one period: of two consecutive months one
    always has 31 days, so the later day of period start and end is the anchor's unclamped
    day (yearly periods anchored on Feb 29 fall back to the 28th after a common year)."""
    return max(grant.period_start.day, grant.period_end.day)


async def _renew_one(now: datetime, skipped: set[str]) -> int | None:
    """Claim one active monthly/yearly grant whose period has passed, expire it and, while
    its subscription is live, grant the period containing ``now`` under the live version's
    terms. Answers 1 when it renewed, 0 when it only expired or skipped, None when nothing
    is due."""
    async with in_transaction():
        query = CreditGrant.filter(
            status=ACTIVE, deleted_at=None, renewal__in=tuple(RULES), period_end__lte=now
        )
        if skipped:
            query = query.exclude(id__in=skipped)
        grant = await query.order_by("period_end", "id").select_for_update(skip_locked=True).first()
        if grant is None:
            return None
        live_query = Subscription.filter(
            merchant_id=grant.merchant_id,
            stable_subscription_id=grant.stable_subscription_id,
            deleted_at=None,
        )
        # Never wait for the subscription here: its writer (a new version, a cancel) locks
        # it first and the grants second, so waiting could deadlock. It is renewed next run.
        live = await live_query.select_for_update(skip_locked=True).first()
        if live is None and await live_query.exists():
            skipped.add(grant.id)
            return 0
        grant.status = EXPIRED
        await grant.save(update_fields=["status", "updated_at"])
        item = (
            (await version_terms(grant.merchant_id, live)).get(grant.feature_id) if live else None
        )
        if item is None:
            return 0
        day = renewal_day(grant) if item.renewal == grant.renewal else None
        start, end = period(item.renewal, grant.period_end, now, day=day)
        await CreditGrant.create(
            merchant_id=grant.merchant_id,
            customer_id=live.customer_id,
            stable_subscription_id=live.stable_subscription_id,
            subscription_id=live.id,
            feature_id=item.feature_id,
            metric_ids=item.metric_ids,
            allowance=item.plan_amount,
            renewal=item.renewal,
            source="plan",
            status=ACTIVE,
            period_start=start,
            period_end=end,
        )
        return 1


async def renew_due(now: datetime | None = None) -> int:
    """Renew every due grant across all merchants (``run_due`` calls this); each claim is
    its own transaction with SKIP LOCKED, so concurrent runs renew each grant once. Several
    missed periods collapse into the one containing ``now``. Answers how many were renewed."""
    now = now or utcnow()
    renewed, skipped = 0, set()
    while (outcome := await _renew_one(now, skipped)) is not None:
        renewed += outcome
    return renewed
