"""Every field error in one round, in Chromium (issue 19, point 10): a feature and a pricing
table with two bad fields show both messages beside their fields after one submit."""

from playwright.async_api import expect

from billing.catalog import features
from tests.pages.conftest import screenshot, sign_up
from tests.support.pages.subscriptions import merchant_of


async def test_feature_form_shows_both_errors_at_once(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    await features.create_feature(merchant_id, slug="seats", display_name="Seats")
    await page.goto("/dashboard/features/new")
    await page.get_by_label("Slug").fill("Bad Slug!")
    await page.get_by_role("button", name="Create feature").click()
    errors = page.locator(".field-error")
    await expect(errors).to_have_count(2)
    await expect(errors.nth(0)).to_have_text("Give the feature a name")
    await expect(errors.nth(1)).to_contain_text("Slug must be 1-100 characters")
    await screenshot(page, "feature-two-errors")

    await page.get_by_label("Slug").fill("seats")  # well-formed now, but taken
    await page.get_by_role("button", name="Create feature").click()
    await expect(errors).to_have_count(2)
    await expect(errors.nth(1)).to_have_text("A feature with this slug already exists")


async def test_pricing_table_form_shows_both_errors_at_once(page, app):
    await sign_up(page)
    await page.goto("/dashboard/pricing-tables/new")
    await page.get_by_label("Slug").fill("Pro Plans")
    await page.get_by_role("button", name="Create pricing table").click()
    await expect(page.get_by_text("Give the table a name")).to_be_visible()
    await expect(page.get_by_text("Slug must be lowercase letters")).to_be_visible()
