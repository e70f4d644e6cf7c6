"""The Tax page in Chromium: settings, a nexus state toggled in place, a rate added, a preview
calculated without a reload, and the phone layout."""

from playwright.async_api import expect

from tests.pages.conftest import PHONE, screenshot, sign_up
from tests.pages.test_plans import OVERFLOW
from tests.pages.test_subscriptions import merchant_of
from tests.subscription_factories import make_customer


async def test_configure_tax_and_preview_in_place(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    customer = await make_customer(merchant_id, email="wa@example.com", name="Wanda")
    customer.billing_country, customer.billing_postal_code = "US", "98101"
    await customer.save()
    await page.locator(".sidebar").get_by_role("link", name="Tax").click()
    await page.evaluate("window.notReloaded = true")

    await page.get_by_label("Calculate tax automatically").check()
    await page.get_by_role("button", name="Save tax settings").click()
    await expect(page.get_by_role("status")).to_contain_text("Tax settings saved.")

    row = page.locator("#nexus-WA")
    await row.get_by_label("Nexus in Washington").check()
    await row.get_by_role("button", name="Save").click()
    await expect(page.locator("#nexus-WA.nexus-on")).to_be_visible()

    await page.get_by_text("Add a rate").click()
    await page.get_by_label("Name", exact=True).fill("Washington")
    await page.get_by_label("Rate (%)", exact=True).fill("6.5")
    await page.get_by_label("Jurisdiction").first.fill("US-WA")
    await page.get_by_role("button", name="Add rate").click()
    await expect(page.locator("#rates tbody")).to_contain_text("6.5 %")

    await page.get_by_label("Customer", exact=True).select_option(customer.id)
    await page.locator("#amount").fill("200")
    await page.get_by_role("button", name="Calculate").click()
    await expect(page.locator("#tax-amount")).to_have_text("$13.00")
    await expect(page.locator("#tax-breakdown")).to_contain_text("6.5 %")
    assert await page.evaluate("window.notReloaded === true")
    await screenshot(page, "tax-1280")


async def test_tax_page_fits_a_phone(new_page, app):
    page = await new_page(PHONE)
    await sign_up(page)
    await page.goto("/dashboard/tax")
    await expect(page.locator("#nexus-CA")).to_be_attached()
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "tax-390")
