"""The dashboard's side of the portal in Chromium, at 1280 and 390 px: a customer's page copies
a portal link that opens that customer's billing portal (and shows it, selectable, with how
long it works), lists their saved payment methods (brand, last four, expiry, the default one,
status), and says which card each payment was made with, as the invoice page does; Settings →
Customer portal turns the portal's actions on and off."""

from urllib.parse import urlsplit

import pytest
from playwright.async_api import expect

from billing.accounts.models import Merchant
from tests.pages.conftest import DESKTOP, PHONE, log_in, screenshot
from tests.support.factories.portal import card
from tests.support.factories.portal_actions import subscribed_customer

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


@VIEWPORTS
async def test_a_customer_page_copies_a_working_portal_link_and_shows_cards(
    new_page, make_merchant, viewport
):
    size = "phone" if viewport == PHONE else "desktop"
    account = await make_merchant(name="Northwind Apps")
    made = await subscribed_customer(account.id)
    await card(account.id, made.customer, last4="0341", status="expired", month=1, year=2025)
    page = await new_page(viewport)
    await log_in(page, account.email)
    await page.goto(f"/dashboard/customers/{made.customer.id}")

    methods = page.locator("#payment-methods")
    default = methods.locator(f'[data-method="{made.card.id}"]')
    await expect(default).to_contain_text("Visa •••• 4242")
    await expect(default).to_contain_text("Expires 12/2034")
    await expect(default.locator("[data-default]")).to_have_text("Default")
    await expect(default).to_contain_text("Active")
    old = methods.locator("li", has_text="•••• 0341")
    await expect(old).to_contain_text("Expired")
    await expect(old.locator("[data-default]")).to_have_count(0)
    payment = page.locator(f"#payment-{made.payment.id}")
    await expect(payment.locator("[data-paid-with]")).to_have_text("Visa •••• 4242")

    box = page.locator("#portal-link")
    await expect(box).to_contain_text("It works until")
    await box.get_by_role("button", name="Copy portal link").click()
    await expect(box.get_by_role("button", name="Copied")).to_be_visible()
    copied = await page.evaluate("navigator.clipboard.readText()")
    assert copied == await box.locator("input").input_value()
    assert "/portal/e/" in copied
    await screenshot(page, f"customer-portal-link-{size}")
    assert await page.evaluate(OVERFLOW), "the customer page scrolls sideways"

    # The invoice page names the card too.
    await page.goto(f"/dashboard/invoices/{made.payment.invoice_id}")
    await expect(page.locator(f"#payment-{made.payment.id} [data-paid-with]")).to_have_text(
        "Visa •••• 4242"
    )

    # The copied link opens the customer's own portal, in a browser with no session (its
    # host is the configured public address; the test server listens on a port of its own).
    customer_browser = await new_page(viewport)
    await customer_browser.goto(urlsplit(copied).path)
    await expect(customer_browser.get_by_role("heading", name="Your billing")).to_be_visible()
    await expect(customer_browser.locator("main")).to_contain_text(made.customer.email)
    await expect(customer_browser.locator(".portal-plan")).to_contain_text("Basic")


@VIEWPORTS
async def test_settings_choose_what_the_portal_offers(new_page, make_merchant, viewport):
    size = "phone" if viewport == PHONE else "desktop"
    account = await make_merchant(name="Northwind Apps")
    page = await new_page(viewport)
    await log_in(page, account.email)
    await page.goto("/dashboard/settings")
    await page.get_by_role("link", name="Customer portal").click()
    form = page.locator("#portal-settings")
    for name in ("Cancel their subscription", "Change plan", "Download receipts"):
        await expect(form.get_by_role("switch", name=name)).to_be_checked()
    await form.get_by_role("switch", name="Cancel their subscription").uncheck()
    await form.get_by_role("switch", name="Download receipts").uncheck()
    await form.get_by_role("button", name="Save portal settings").click()
    await expect(page.locator("#flashes")).to_contain_text("Customer portal settings saved.")
    await expect(form.get_by_role("switch", name="Cancel their subscription")).not_to_be_checked()
    await expect(form.get_by_role("switch", name="Change plan")).to_be_checked()
    await screenshot(page, f"settings-customer-portal-{size}")
    assert await page.evaluate(OVERFLOW), "the settings page scrolls sideways"
    rows = await Merchant.filter(id=account.id).values_list("account_id", flat=True)
    both = await Merchant.filter(account_id=rows[0]).values_list("portal_allows", flat=True)
    assert sorted(both) == [["switch_plan", "update_billing"]] * 2  # test and live alike
