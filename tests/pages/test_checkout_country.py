"""The hosted checkout's country in Chromium, at 1280 and 390 px: the customer picks "United
States" by name and the customer record keeps "US" (a two-letter input once cut it to "Un")."""

import pytest
from playwright.async_api import expect

from billing.customers.models import Customer
from tests.pages.conftest import screenshot
from tests.support.pages.checkout import OVERFLOW, VIEWPORTS, shop


@pytest.fixture(scope="module")
def live_server(payments_server):
    """The server with both providers' API bases (tests/pages/conftest.py)."""
    return payments_server


@VIEWPORTS
async def test_country_chosen_by_name_is_stored_as_its_code(
    new_page, live_server, make_merchant, viewport
):
    account, plan, price = await shop(live_server, make_merchant)
    page = await new_page(viewport)
    key = account.publishable_key
    await page.goto(f"/checkout/pricing/{plan.id}?price={price.id}&key={key}")
    await expect(page.get_by_text("$49.00 / month")).to_be_visible()
    await page.get_by_label("Email").fill("ada@example.com")
    await page.get_by_label("Name").fill("Ada")
    await page.get_by_label("Country").select_option(label="United States")
    await page.get_by_label("ZIP or postal code").fill("94105")
    await screenshot(page, f"checkout-country-{viewport['width']}")
    await page.get_by_role("button", name="Continue").click()
    await expect(page.locator("[data-total]")).to_have_text("$49.00")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"checkout-country-summary-{viewport['width']}")
    customer = await Customer.get(merchant_id=account.id, email="ada@example.com")
    assert customer.billing_country == "US"
