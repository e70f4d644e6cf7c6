"""The new-plan form in Chromium at 1280 and 390 px: the pricing-table box names the table
and starts unticked, the description stops at 500 characters (``maxlength``), and a longer
one sent anyway is refused beside the field."""

import pytest
from playwright.async_api import expect

from billing.catalog.models import Plan, PricingTablePlan
from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up
from tests.support.pages.subscriptions import merchant_of

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


@VIEWPORTS
async def test_plan_form_box_and_description_limit(new_page, app, viewport):
    page = await new_page(viewport)
    merchant_id = await merchant_of(await sign_up(page))
    width = viewport["width"]
    await page.goto("/dashboard/plans/new")
    box = page.get_by_label("Show on pricing table “Pricing”")
    await expect(box).not_to_be_checked()
    description = page.get_by_label("Description")
    await expect(description).to_have_attribute("maxlength", "500")
    await page.get_by_label("Plan name").fill("Pro")
    await page.get_by_label("Monthly price").fill("29")
    await description.fill("x" * 600)
    assert len(await description.input_value()) == 500  # the browser stops at the limit
    # Sent anyway (a script, an old browser): refused in place, nothing stored.
    await description.evaluate("(area) => { area.removeAttribute('maxlength'); }")
    await description.fill("x" * 520)
    await page.get_by_role("button", name="Create plan").click()
    error = page.locator("small.field-error", has_text="Keep the description to 500")
    await expect(error).to_contain_text("(this one has 520)")
    assert not await Plan.filter(merchant_id=merchant_id).exists()
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"plan-form-description-error-{width}")

    await page.get_by_label("Description").fill("For growing teams")
    await page.get_by_role("button", name="Create plan").click()
    await expect(page.get_by_role("status")).to_contain_text("created as version 1")
    assert not await PricingTablePlan.filter(merchant_id=merchant_id).exists()
