"""The business address for invoices, in Chromium at desktop and phone width: the overview and
the invoices page warn until the profile can fill an invoice's seller block, Settings takes
the address, country, tax id and footer, and a refused value shows in place."""

import pytest
from playwright.async_api import expect

from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up

WARNING = "Your invoices do not show who they are from yet."


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
async def test_the_warning_leads_to_settings_and_goes_once_saved(new_page, viewport):
    page = await new_page(viewport)
    width = viewport["width"]
    await sign_up(page)
    warning = page.locator("#seller-details-missing")
    await expect(warning).to_contain_text(WARNING)
    await expect(warning).to_contain_text("Add your business address in Settings")
    await screenshot(page, f"seller-details-warning-{width}")
    await page.goto("/dashboard/invoices")
    await expect(page.locator("#seller-details-missing")).to_contain_text(WARNING)

    await page.locator("#seller-details-missing").get_by_role("link").click()
    await expect(page.locator("#seller-details")).to_be_in_viewport()
    form = page.locator("#seller-details")
    await form.locator("#address_line1").fill("Hauptstrasse 5")
    await form.get_by_label("Address line 2").fill("3rd floor")
    await form.get_by_label("Postal code").fill("10115")
    await form.get_by_label("City").fill("Berlin")
    await form.get_by_label("Country").select_option("DE")
    await form.get_by_label("Tax ID").fill("DE123456789")
    await form.get_by_label("Invoice footer").fill("Payment due on receipt. Thank you!")
    await screenshot(page, f"seller-details-filled-{width}")
    await form.get_by_role("button", name="Save invoice details").click()
    await expect(
        page.get_by_role("status").filter(has_text="Invoice details saved.")
    ).to_be_visible()

    await page.reload()
    await expect(form.get_by_label("City")).to_have_value("Berlin")
    await expect(form.get_by_label("Country")).to_have_value("DE")
    await expect(form.get_by_label("Invoice footer")).to_have_value(
        "Payment due on receipt. Thank you!"
    )
    await page.goto("/dashboard")
    await expect(page.locator("#seller-details-missing")).to_have_count(0)
    await page.goto("/dashboard/invoices")
    await expect(page.locator("#seller-details-missing")).to_have_count(0)


async def test_a_refused_value_shows_next_to_its_field(new_page):
    for viewport in (DESKTOP, PHONE):
        page = await new_page(viewport)
        await sign_up(page)
        await page.goto("/dashboard/settings")
        form = page.locator("#seller-details")
        city = form.get_by_label("City")
        await city.evaluate("input => input.removeAttribute('maxlength')")  # as a script could
        await city.fill("B" * 201)
        await form.get_by_role("button", name="Save invoice details").click()
        await expect(city).to_have_attribute("aria-invalid", "true")
        await expect(form.get_by_text("City must be at most 200 characters")).to_be_visible()
        await screenshot(page, f"seller-details-error-{viewport['width']}")
        await page.reload()
        await expect(form.get_by_label("City")).to_have_value("")  # nothing was stored
