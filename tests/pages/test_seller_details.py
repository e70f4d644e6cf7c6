"""The business address for invoices, in Chromium at desktop and phone width: before the first
live invoice the overview, customers, subscriptions, payment providers and invoices pages ask
for the address and tax ID; once live invoices went out without them the overview and invoices
pages warn instead. Settings takes the address, country, tax id and footer, and a refused value
shows in place."""

from datetime import UTC, datetime

import pytest
from playwright.async_api import expect

from billing.invoicing.billing_run import bill_due
from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.pages.subscriptions import merchant_of

ASK = "Before your first invoice: add your business address and tax ID"
PRINTED = "they are printed on every invoice and receipt"
WARNING = "Your invoices do not show who they are from yet."
ASKING_PAGES = (
    "/dashboard",
    "/dashboard/customers",
    "/dashboard/subscriptions",
    "/dashboard/payment-providers",
    "/dashboard/invoices",
)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
async def test_the_prompt_asks_before_the_first_invoice_and_goes_once_saved(new_page, viewport):
    page = await new_page(viewport)
    width = viewport["width"]
    await sign_up(page)
    prompt = page.locator("#seller-details-missing")
    await expect(prompt).to_contain_text(ASK)
    await expect(prompt).to_contain_text(PRINTED)
    await expect(prompt).not_to_contain_text(WARNING)
    await expect(prompt.get_by_role("button", name="Add business details")).to_be_in_viewport()
    await screenshot(page, f"seller-details-prompt-{width}")
    for path in ASKING_PAGES[1:]:
        await page.goto(path)
        await expect(page.locator("#seller-details-missing")).to_contain_text(ASK)
    await screenshot(page, f"seller-details-prompt-invoices-{width}")

    await page.locator("#seller-details-missing").get_by_role("button").click()
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
    for path in ASKING_PAGES:
        await page.goto(path)
        await expect(page.get_by_role("heading", level=1)).to_be_visible()
        await expect(page.locator("#seller-details-missing")).to_have_count(0)


async def test_after_the_first_live_invoice_a_warning_replaces_the_prompt(new_page, app):
    page = await new_page(DESKTOP)
    merchant_id = await merchant_of(await sign_up(page))
    await priced_subscription(merchant_id, FLAT_49, start=datetime(2030, 1, 1, tzinfo=UTC))
    await bill_due(datetime(2030, 2, 1, tzinfo=UTC), merchant_id)  # issued without an address

    await page.goto("/dashboard")
    warning = page.locator("#seller-details-missing")
    await expect(warning).to_contain_text(WARNING)
    await expect(warning).to_contain_text("Add your business address in Settings")
    await expect(warning).not_to_contain_text(ASK)
    await screenshot(page, "seller-details-warning-1280")
    await page.goto("/dashboard/invoices")
    await expect(page.locator("#seller-details-missing")).to_contain_text(WARNING)
    for path in ASKING_PAGES[1:4]:  # only the invoices and the overview keep warning
        await page.goto(path)
        await expect(page.get_by_role("heading", level=1)).to_be_visible()
        await expect(page.locator("#seller-details-missing")).to_have_count(0)
    await page.set_viewport_size(PHONE)
    await page.goto("/dashboard")
    await expect(page.locator("#seller-details-missing")).to_contain_text(WARNING)
    await screenshot(page, "seller-details-warning-390")


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
