"""Helpers for tests of billing/subscriptions/free_subscriptions, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from billing.catalog.models import Plan, PricingTable, PricingTablePlan


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
