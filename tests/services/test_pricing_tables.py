"""Pricing-table services: the default table, ordering, the resolved view and its query count."""

from billing.models import PricingTable, PricingTablePlan
from billing.services import pricing_tables
from tests.factories import make_plan


async def test_default_table_is_made_on_first_use_and_plans_are_added_once(merchant):
    basic = await make_plan(merchant.id, name="Basic", monthly_cents=900)
    pro = await make_plan(merchant.id, name="Pro", monthly_cents=2900)
    await pricing_tables.add_plan_to_default_table(merchant.id, basic.stable_plan_id)
    await pricing_tables.add_plan_to_default_table(merchant.id, pro.stable_plan_id)
    await pricing_tables.add_plan_to_default_table(merchant.id, basic.stable_plan_id)
    tables = await PricingTable.filter(merchant_id=merchant.id)
    assert [(t.name, t.slug, t.is_default, t.is_active) for t in tables] == [
        ("Pricing", "pricing", True, True)
    ]
    entries = await PricingTablePlan.filter(pricing_table_id=tables[0].id)
    assert sorted(e.stable_plan_id for e in entries) == sorted([basic.id, pro.id])


async def test_default_table_takes_the_first_free_slug(merchant):
    plan = await make_plan(merchant.id, name="Basic", monthly_cents=900)
    await pricing_tables.create_table(merchant.id, name="Main", slug="pricing")
    await pricing_tables.create_table(merchant.id, name="Other", slug="pricing-2")
    await pricing_tables.add_plan_to_default_table(merchant.id, plan.stable_plan_id)
    default = await PricingTable.get(merchant_id=merchant.id, is_default=True)
    assert default.slug == "pricing-3"
