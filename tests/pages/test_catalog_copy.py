"""Copy to live in Chromium: reached from the plans page in test mode, the diff in words, the
button that applies it, a catalog changed meanwhile refused in place, a second look that finds
nothing, and a changed plan shown as a new live version; at 1280 and 390 px."""

import pytest
from playwright.async_api import expect

from billing.accounts import merchants
from billing.catalog import catalog_copy, features, plan_create, plan_edits
from billing.catalog.models import Feature, Plan
from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up
from tests.support.factories.catalog_copy import build_test_catalog
from tests.support.pages.plans import OVERFLOW
from tests.support.pages.subscriptions import merchant_of


async def _business(page) -> tuple[str, str, dict]:
    live_id = await merchant_of(await sign_up(page))
    test_id = (await merchants.tenant_of(live_id, "test")).id
    return live_id, test_id, await build_test_catalog(test_id)


async def test_copy_to_live_shows_the_diff_then_applies_it(page, app):
    live_id, test_id, made = await _business(page)
    await plan_create.create_plan(live_id, plan_name="Legacy", monthly_price=900)
    await page.get_by_role("button", name="Test mode: off").click()
    await page.locator(".sidebar").get_by_role("link", name="Plans").click()
    await screenshot(page, "catalog-copy-plans-1280")
    await page.locator(".page-head").get_by_role("button", name="Copy to live").click()

    await expect(page.get_by_role("heading", name="Copy to live")).to_be_visible()
    diff = page.locator(".copy-diff")
    await expect(diff.get_by_role("heading", level=2)).to_have_text("5 to create in live.")
    await expect(diff.locator("li")).to_have_text(
        [
            "metric API calls (event api_call)",
            "feature api-calls (API)",
            "feature sso (Single sign-on)",
            "plan Pro (2 prices, 2 features)",
            "pricing table Pricing (1 plan)",
            "plan Legacy",
        ]
    )
    await expect(diff).to_contain_text("Left alone (only in live, not in test)")
    await screenshot(page, "catalog-copy-diff-1280")

    await features.update_feature(test_id, made["sso"].id, display_name="SAML sign-on")
    await page.get_by_role("button", name="Copy to live").click()
    await expect(page.get_by_role("alert")).to_contain_text(
        "The catalog changed since the copy was shown"
    )
    await expect(diff.locator("li").nth(2)).to_have_text("feature sso (SAML sign-on)")
    assert await Plan.scoped(live_id).count() == 1  # only Legacy: nothing was copied

    await page.get_by_role("button", name="Copy to live").click()
    await expect(page.locator(".flash-success")).to_contain_text("Copied to live: 5 created.")
    await expect(diff.get_by_role("heading", level=2)).to_have_text(
        "Nothing to copy: live already has the test catalog."
    )
    await expect(page.get_by_role("button", name="Copy to live")).to_have_count(0)
    await screenshot(page, "catalog-copy-done-1280")
    assert await Plan.scoped(live_id).count() == 2
    assert await Feature.scoped(live_id).filter(display_name="SAML sign-on").count() == 1

    await features.update_feature(test_id, made["feature"].id, display_name="API calls")
    await plan_edits.edit_plan(test_id, made["pro"].plan.id, monthly_price=3900)
    await page.reload()
    await expect(diff.locator("li")).to_contain_text(
        [
            "feature api-calls: display name 'API' → 'API calls'",
            "plan Pro: a new version 2 (price $29.00 / month → $39.00 / month); "
            "subscriptions stay on version 1",
        ]
    )
    await screenshot(page, "catalog-copy-update-1280")


async def test_copy_to_live_fits_a_phone(new_page, app):
    page = await new_page(PHONE)
    live_id, test_id, made = await _business(page)
    await page.get_by_role("button", name="Menu").click()
    await page.get_by_role("button", name="Test mode: off").click()
    await page.goto("/dashboard/plans")
    head = page.locator(".page-head")
    await expect(head.get_by_role("button", name="Copy to live")).to_be_visible()
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    await screenshot(page, "catalog-copy-plans-390")
    await page.get_by_role("button", name="Menu").click()
    await page.locator(".sidebar").get_by_role("link", name="Copy to live").click()
    await expect(page.get_by_role("button", name="Copy to live")).to_be_visible()
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    await screenshot(page, "catalog-copy-diff-390")
    await page.get_by_role("button", name="Copy to live").click()
    await expect(page.locator(".flash-success")).to_contain_text("Copied to live")
    await expect(page.locator(".copy-diff").get_by_role("heading", level=2)).to_have_text(
        "Nothing to copy: live already has the test catalog."
    )
    assert await page.evaluate(OVERFLOW), "the page scrolls sideways"
    await screenshot(page, "catalog-copy-done-390")
    await features.update_feature(test_id, made["feature"].id, display_name="API calls")
    await plan_edits.edit_plan(test_id, made["pro"].plan.id, monthly_price=3900)
    await page.reload()
    await expect(page.locator(".copy-diff")).to_contain_text("a new version 2")
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    await screenshot(page, "catalog-copy-update-390")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
async def test_a_slug_taken_in_live_is_explained_in_place(new_page, viewport, app):
    page = await new_page(viewport)
    live_id, test_id, made = await _business(page)
    await catalog_copy.apply_copy(test_id, live_id)
    copied = await Feature.scoped(live_id).get(copied_from_id=made["sso"].id)
    await features.update_feature(live_id, copied.id, slug="sso-old")
    await features.create_feature(live_id, slug="sso", display_name="Made in live")
    if viewport == PHONE:
        await page.get_by_role("button", name="Menu").click()
    await page.get_by_role("button", name="Test mode: off").click()
    await page.goto("/dashboard/catalog-copy")
    await expect(page.get_by_role("alert")).to_have_text(
        "Live mode already has another feature with the slug 'sso': "
        "rename or delete it there, then copy again"
    )
    await expect(page.get_by_role("button", name="Copy to live")).to_have_count(0)
    await screenshot(page, f"catalog-copy-slug-taken-{viewport['width']}")
