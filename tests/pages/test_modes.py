"""Test mode in Chromium: the switch, the banner on every page, and data that stays apart."""

from playwright.async_api import expect

from billing.accounts import merchants
from tests.pages.conftest import PHONE, screenshot, sign_up
from tests.support.factories.subscriptions import make_customer
from tests.support.pages.subscriptions import merchant_of


async def test_switching_to_test_mode_shows_only_test_data(page, app):
    live_id = await merchant_of(await sign_up(page))
    test_id = (await merchants.tenant_of(live_id, "test")).id
    await make_customer(live_id, email="paying@example.com", name="Paying Customer")
    await make_customer(test_id, email="trial@example.com", name="Trial Customer")

    await page.locator(".sidebar").get_by_role("link", name="Customers").click()
    await expect(page.get_by_text("paying@example.com")).to_be_visible()
    await expect(page.get_by_text("trial@example.com")).to_have_count(0)
    await expect(page.locator(".test-banner")).to_have_count(0)

    await page.get_by_role("button", name="Test mode: off").click()
    await expect(page).to_have_url("/dashboard/customers")  # back where the switch was made
    await expect(page.locator(".test-banner")).to_contain_text("Test mode.")
    await expect(page.get_by_text("trial@example.com")).to_be_visible()
    await expect(page.get_by_text("paying@example.com")).to_have_count(0)
    await expect(page.get_by_role("button", name="Test mode: on")).to_have_attribute(
        "aria-pressed", "true"
    )
    await screenshot(page, "test-mode-customers-1280")

    await page.locator(".sidebar").get_by_role("link", name="API keys").click()
    await expect(page.locator(".test-banner")).to_be_visible()  # on every page
    await expect(page.get_by_text("This makes a test key")).to_be_visible()

    await page.get_by_role("button", name="Test mode: on").click()
    await expect(page.locator(".test-banner")).to_have_count(0)
    await page.locator(".sidebar").get_by_role("link", name="Customers").click()
    await expect(page.get_by_text("paying@example.com")).to_be_visible()


async def test_the_test_mode_banner_fits_a_phone(new_page, app):
    page = await new_page(PHONE)
    await sign_up(page)
    await page.get_by_role("button", name="Menu").click()
    await page.get_by_role("button", name="Test mode: off").click()
    banner = page.locator(".test-banner")
    await expect(banner).to_be_visible()
    box = await banner.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    await screenshot(page, "test-mode-390")
