"""Helpers for tests of billing/enrollment/free_subscriptions, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from billing.catalog.models import Plan, PricingTable, PricingTablePlan
from tests.support.billing.subscriptions.credit_grants import API, SSO, STORAGE, allow
from tests.support.factories.catalog import make_plan
from tests.support.factories.webhooks import configure


async def table(merchant_id: str, *plans: Plan, active: bool = True) -> PricingTable:
    made = await PricingTable.create(
        merchant_id=merchant_id, name="Main", slug=f"main-{len(plans)}", is_active=active
    )
    for order, plan in enumerate(plans):
        await PricingTablePlan.create(
            merchant_id=merchant_id,
            pricing_table_id=made.id,
            stable_plan_id=plan.stable_plan_id,
            display_order=order,
        )
    return made


async def free_setup(merchant_id: str, *, provider: bool = True):
    """A free plan with two credit allowances (API calls, storage) and SSO, in an active
    table, and provider A configured unless ``provider`` is false."""
    plan = await make_plan(
        merchant_id,
        name="Free",
        description="Try it",
        monthly_cents=0,
        features=[(API, 1000), (STORAGE, 10), (SSO, True)],
    )
    await allow(plan, API, 1000)
    await allow(plan, STORAGE, 10)
    await table(merchant_id, plan)
    if provider:
        await configure(merchant_id, "provider_a", None)
    return plan
