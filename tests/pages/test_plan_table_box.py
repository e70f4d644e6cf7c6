"""The plan edit form's "Show on pricing table" box in Chromium, at 1280 and 390 px: saving
a new description leaves the plan off the tables (and makes none), ticking the box puts it
on the named default table, and unticking takes it off again."""

import pytest
from playwright.async_api import Page, expect

from billing.catalog import plan_create, pricing_tables
from billing.catalog.models import Plan, PricingTable, PricingTablePlan
from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up
from tests.support.pages.plans import OVERFLOW
from tests.support.pages.subscriptions import merchant_of

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])


async def _edit(page: Page, plan: Plan) -> None:
    await page.goto(f"/dashboard/plans/{plan.stable_plan_id}/edit")
    await expect(page.get_by_role("button", name="Save changes")).to_be_visible()


async def _entries(merchant_id: str) -> list[str]:
    rows = PricingTablePlan.scoped(merchant_id).order_by("created_at")
    return await rows.values_list("stable_plan_id", flat=True)


@VIEWPORTS
async def test_editing_a_description_puts_the_plan_on_no_table(new_page, app, viewport):
    page = await new_page(viewport)
    merchant_id = await merchant_of(await sign_up(page))
    view = await plan_create.create_plan(
        merchant_id,
        plan_name="Pro",
        monthly_price=2900,
        show_in_pricing_table=True,
        add_to_default_table=False,
    )
    await _edit(page, view.plan)
    box = page.get_by_label("Show on pricing table “Pricing”")
    await expect(box).not_to_be_checked()
    await expect(
        page.get_by_text("Ticking it makes a pricing table named “Pricing”")
    ).to_be_visible()
    await page.get_by_label("Description").fill("For growing teams")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"plan-edit-table-box-{viewport['width']}")
    await page.get_by_role("button", name="Save changes").click()
    await expect(page.get_by_role("status")).to_contain_text("Only details changed")

    plan = await Plan.get(merchant_id=merchant_id, is_current=True)
    assert plan.plan_description == "For growing teams"
    assert not await PricingTable.scoped(merchant_id).exists()
    assert await _entries(merchant_id) == []


@VIEWPORTS
async def test_ticking_the_box_adds_the_plan_and_unticking_takes_it_off(new_page, app, viewport):
    page = await new_page(viewport)
    merchant_id = await merchant_of(await sign_up(page))
    kept = await plan_create.create_plan(merchant_id, plan_name="Starter", monthly_price=900)
    table = await pricing_tables.create_table(
        merchant_id, name="Website", slug="website", plan_ids=[kept.plan.id]
    )
    await PricingTable.filter(id=table.table.id).update(is_default=True)
    view = await plan_create.create_plan(merchant_id, plan_name="Pro", monthly_price=2900)

    await _edit(page, view.plan)
    box = page.get_by_label("Show on pricing table “Website”")
    await expect(box).not_to_be_checked()
    await box.check()
    await page.get_by_role("button", name="Save changes").click()
    await expect(page.get_by_role("status")).to_contain_text("Saved.")
    assert await _entries(merchant_id) == [kept.plan.stable_plan_id, view.plan.stable_plan_id]

    await _edit(page, view.plan)
    await expect(box).to_be_checked()  # read from the table it is on
    await expect(page.get_by_text("turning it off takes it off this table only")).to_be_visible()
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"plan-edit-table-box-ticked-{viewport['width']}")
    await page.get_by_label("Description").fill("Now with more")  # box left ticked: no change
    await page.get_by_role("button", name="Save changes").click()
    await expect(page.get_by_role("status")).to_contain_text("Saved.")
    assert await _entries(merchant_id) == [kept.plan.stable_plan_id, view.plan.stable_plan_id]

    await _edit(page, view.plan)
    await box.uncheck()
    await page.get_by_role("button", name="Save changes").click()
    await expect(page.get_by_role("status")).to_contain_text("Saved.")
    assert await _entries(merchant_id) == [kept.plan.stable_plan_id]
    assert await PricingTable.scoped(merchant_id).count() == 1
