"""Helpers for tests of billing/subscriptions/scheduled_changes, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from datetime import datetime

from billing.catalog.models import Plan, Price
from billing.subscriptions import scheduled_changes
from billing.subscriptions.models import (
    ScheduledChange,
    Subscription,
)
from tests.support.factories.catalog import new_version


async def migration_target(sub: Subscription, **changes) -> tuple[Plan, Price]:
    """Version 2 of the subscription's plan and its price (a copy of version 1's)."""
    plan = await Plan.get(id=sub.plan_id)
    v2 = await new_version(plan, **changes)
    return v2, await Price.get(plan_id=v2.id)


async def schedule(sub: Subscription, plan: Plan, price: Price, when: datetime) -> ScheduledChange:
    return await scheduled_changes.schedule(
        sub.merchant_id, sub, plan=plan, price=price, effective_date=when
    )
