"""The Tax page in Chromium: settings, the nexus table saved with one Save, a rate added (its
jurisdiction a code, not a name), a preview calculated without a reload that says why no tax
applies, labels that focus their own field, and the phone layout."""

from playwright.async_api import expect

from tests.pages.conftest import PHONE, screenshot, sign_up
from tests.support.factories.subscriptions import make_customer
from tests.support.pages.plans import OVERFLOW
from tests.support.pages.subscriptions import merchant_of


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

    await page.get_by_label("Nexus in Washington").check()
    await page.get_by_role("button", name="Save nexus").click()
    await expect(page.locator("#nexus-WA.nexus-on")).to_be_visible()

    await page.get_by_text("Add a rate").click()
    await page.get_by_label("Name", exact=True).fill("Washington")
    await page.get_by_label("Rate (%)", exact=True).fill("6.5")
    await page.locator("#rate-jurisdiction").fill("US-WA")
    await page.get_by_role("button", name="Add rate").click()
    await expect(page.locator("#rates tbody")).to_contain_text("6.5 %")

    await page.get_by_label("Customer", exact=True).select_option(customer.id)
    await page.locator("#amount").fill("200")
    await page.get_by_role("button", name="Calculate").click()
    await expect(page.locator("#tax-amount")).to_have_text("$13.00")
    await expect(page.locator("#tax-breakdown")).to_contain_text("6.5 %")
    assert await page.evaluate("window.notReloaded === true")
    await screenshot(page, "tax-1280")


async def test_nexus_table_one_save_with_confirmation(page, app):
    """Issue 19, point 9: one Save for the table instead of one per state."""
    await sign_up(page)
    await page.goto("/dashboard/tax")
    await page.evaluate("window.notReloaded = true")
    await expect(page.locator("#nexus").get_by_role("button")).to_have_count(1)
    for state in ("California", "New York", "Texas"):
        await page.get_by_label(f"Nexus in {state}", exact=True).check()
    await page.get_by_label("Texas effective from").fill("2026-07-01")
    await page.get_by_role("button", name="Save nexus").click()
    saved = page.locator("#nexus-saved")
    await expect(saved).to_have_text("Saved: nexus in 3 states (CA, NY, TX).")
    await expect(saved).to_be_in_viewport()
    await screenshot(page, "tax-nexus-saved")
    assert await page.evaluate("window.notReloaded === true")
    await page.reload()
    await expect(page.locator("tr.nexus-on")).to_have_count(3)
    await expect(page.get_by_label("Texas effective from")).to_have_value("2026-07-01")


async def test_jurisdiction_codes_reasons_and_labels(page, app):
    """Issue 19, point 9: codes offered and names refused, a reason for "No tax applies",
    and each Jurisdiction label focusing its own field."""
    merchant_id = await merchant_of(await sign_up(page))
    customer = await make_customer(merchant_id, email="cal@example.com", name="Cal")
    customer.billing_country, customer.billing_postal_code = "US", "94105"
    await customer.save()
    await page.goto("/dashboard/tax")
    await page.get_by_label("Calculate tax automatically").check()
    await page.get_by_role("button", name="Save tax settings").click()
    await expect(page.get_by_role("status")).to_contain_text("Tax settings saved.")

    await page.get_by_text("Add a rate").click()
    await page.get_by_text("Add a registration").click()
    await page.locator("#rates label[for=rate-jurisdiction]").click()
    await expect(page.locator("#rate-jurisdiction")).to_be_focused()
    await page.locator("#registrations label[for=registration-jurisdiction]").click()
    await expect(page.locator("#registration-jurisdiction")).to_be_focused()
    options = page.locator("#rate-jurisdictions option[value='US-CA']")
    await expect(options).to_have_text("US-CA — California")

    await page.get_by_label("Name", exact=True).fill("California")
    await page.get_by_label("Rate (%)", exact=True).fill("7.25")
    await page.locator("#rate-jurisdiction").fill("California")
    await page.get_by_role("button", name="Add rate").click()
    await expect(page.locator("#rates .field-error")).to_have_text(
        "Enter the code US-CA for California, not its name."
    )
    await screenshot(page, "tax-jurisdiction-refused")

    await page.get_by_label("Customer", exact=True).select_option(customer.id)
    await page.locator("#amount").fill("100")
    await page.get_by_role("button", name="Calculate").click()
    await expect(page.locator("#tax-reason")).to_have_text(
        "No tax applies. No nexus in California (US-CA)."
    )
    await screenshot(page, "tax-preview-reason")


async def test_tax_page_fits_a_phone(new_page, app):
    page = await new_page(PHONE)
    await sign_up(page)
    await page.goto("/dashboard/tax")
    await expect(page.locator("#nexus-CA")).to_be_attached()
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "tax-390")
