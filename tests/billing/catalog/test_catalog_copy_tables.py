"""Copy to live and a live table listing plans made by hand in live: the copy keeps them
(after the copied plans, in the live table's order), says so in the diff, and a second copy
changes nothing; a copied plan the test table no longer lists does leave the live table."""

from billing.accounts import merchants
from billing.catalog import catalog_copy, plan_create, pricing_tables
from billing.catalog.models import PricingTable, PricingTablePlan
from billing.catalog.pricing_table_views import detailed_view
from tests.support.factories.catalog_copy import build_test_catalog
from webapp.pages.catalog_copy_words import item_words


async def _shown(merchant_id: str, table_id: str) -> list[str]:
    return [view.plan.plan_name for view in (await detailed_view(merchant_id, table_id)).plans]


async def test_a_copy_keeps_the_live_only_plans_of_a_live_table(merchant):
    test_id, live_id = (await merchants.tenant_of(merchant.id, "test")).id, merchant.id
    made = await build_test_catalog(test_id)  # Pro on the test table "Pricing"
    yen = await plan_create.create_plan(
        live_id, plan_name="Yen", monthly_price=1250, currency="JPY"
    )
    legacy = await plan_create.create_plan(live_id, plan_name="Legacy", monthly_price=100)
    table = (
        await pricing_tables.create_table(
            live_id, name="Pricing", slug="pricing", plan_ids=[yen.plan.id, legacy.plan.id]
        )
    ).table
    for plan, order in ((legacy, 0), (yen, 1)):
        await PricingTablePlan.filter(stable_plan_id=plan.plan.stable_plan_id).update(
            display_order=order
        )

    shown = await catalog_copy.plan_copy(test_id, live_id)
    item = next(i for i in shown.items if i.kind == "pricing table")
    assert item.action == "update" and item.target.id == table.id
    assert item_words(item, shown.names) == (
        "pricing table Pricing: plans Legacy, Yen → Pro, Legacy, Yen; "
        "keeps live-only plans Legacy, Yen"
    )
    await catalog_copy.apply_copy(test_id, live_id, expected=shown.fingerprint)
    assert await _shown(live_id, table.id) == ["Pro", "Legacy", "Yen"]
    assert await PricingTable.scoped(live_id).count() == 1
    assert (await catalog_copy.plan_copy(test_id, live_id)).nothing_to_copy

    # A copied plan taken off the test table leaves the live one; live-only plans stay.
    basic = await plan_create.create_plan(test_id, plan_name="Basic", monthly_price=900)
    test_table = await PricingTable.scoped(test_id).get()
    await pricing_tables.add_plan(test_id, test_table.id, plan_id=basic.plan.id)
    await catalog_copy.apply_copy(test_id, live_id)
    assert await _shown(live_id, table.id) == ["Basic", "Pro", "Legacy", "Yen"]
    entry = await PricingTablePlan.scoped(test_id).get(stable_plan_id=made["pro"].plan.id)
    await pricing_tables.remove_plan_entry(test_id, entry.id)
    shown = await catalog_copy.plan_copy(test_id, live_id)
    item = next(i for i in shown.items if i.kind == "pricing table")
    assert item_words(item, shown.names) == (
        "pricing table Pricing: plans Basic, Pro, Legacy, Yen → Basic, Legacy, Yen; "
        "keeps live-only plans Legacy, Yen"
    )
    await catalog_copy.apply_copy(test_id, live_id)
    assert await _shown(live_id, table.id) == ["Basic", "Legacy", "Yen"]
