"""Which older versions of a plan still have subscribers, for the dashboard's migrate buttons.

A merchant who made a new version wants to know, before moving anyone, how many subscribers
each older version has, how many of them are already scheduled to move to the current
version (a ``next_billing_cycle`` migration waiting for their periods to end), and which
strategy ``compare`` recommends. Counts are the same rows ``migrate`` would move: the live
subscriptions on that version, whatever their status.
"""

from dataclasses import dataclass

from tortoise.functions import Count

from billing.catalog.models import Plan
from billing.catalog.plans import find_plan
from billing.subscriptions.models import ScheduledChange, ScheduledChangeStatus, Subscription
from billing.subscriptions.plan_migrations import compare
from billing.subscriptions.scheduled_changes import PLAN_MOVES


@dataclass
class WaitingVersion:
    plan: Plan  # an older version of the plan
    subscribers: int
    scheduled: int  # of those, how many already wait to move to the current version
    recommended: str  # "immediate" or "next_billing_cycle", from ``compare``


async def waiting_versions(merchant_id: str, stable_plan_id: str) -> list[WaitingVersion]:
    """Older versions of the plan with subscribers, newest first."""
    current = await find_plan(merchant_id, stable_plan_id, is_stable_id=True)
    older = {
        plan.id: plan
        for plan in await Plan.scoped(merchant_id).filter(
            stable_plan_id=current.stable_plan_id, is_current=False
        )
    }
    if not older:
        return []
    rows = (
        await Subscription.scoped(merchant_id)
        .filter(plan_id__in=list(older))
        .annotate(count=Count("id"))
        .group_by("plan_id")
        .values("plan_id", "count")
    )
    found = []
    for row in rows:
        plan = older[row["plan_id"]]
        stable_ids = await (
            Subscription.scoped(merchant_id)
            .filter(plan_id=plan.id)
            .values_list("stable_subscription_id", flat=True)
        )
        scheduled = await (
            ScheduledChange.scoped(merchant_id)
            .filter(
                status=ScheduledChangeStatus.PENDING,
                kind__in=PLAN_MOVES,
                new_plan_id=current.id,
                stable_subscription_id__in=list(stable_ids),
            )
            .count()
        )
        comparison = await compare(
            merchant_id,
            current.id,
            from_version=plan.version_number,
            to_version=current.version_number,
        )
        found.append(WaitingVersion(plan, row["count"], scheduled, comparison.recommended_strategy))
    return sorted(found, key=lambda item: -item.plan.version_number)
