"""The live hosted checkout in Chromium at 390 px against ``tally serve`` pointed at
localstripe: after payment-init the card fields are provider A's own script's (its stand-in
at the API base), drawn in the page with nothing blocked by the Content-Security-Policy, and
no sandbox card form is offered. (The stand-in's ``confirmCardPayment`` only finishes a 3-D
Secure step of an intent already confirmed with a card, so the payment itself is not driven
to the end here; the portal's live card test drives its script's ``confirmCardSetup``.)"""

import httpx
import pytest
from playwright.async_api import expect

from billing.catalog import pricing_tables
from billing.catalog.models import Price
from tests.pages.conftest import PHONE, screenshot
from tests.support.factories.catalog import make_plan

LIVE_KEYS = {"secretKey": "sk_live_51HxCheckout0c4d", "publicKey": "pk_live_51HxCheckout"}


@pytest.fixture(scope="module")
def live_server(payments_server):
    """The server with both providers' API bases (tests/pages/conftest.py)."""
    return payments_server


async def test_the_live_checkout_draws_the_providers_card_fields(
    new_page, live_server, make_merchant
):
    account = await make_merchant()  # live mode
    async with httpx.AsyncClient(base_url=live_server, timeout=30) as http:
        saved = await http.post("/v1/provider-a/config", json=LIVE_KEYS, headers=account.headers)
    assert saved.status_code == 200, saved.text
    plan = await make_plan(account.id, name="Pro", monthly_cents=4900)
    await pricing_tables.create_table(
        account.id, name="Pricing", slug="pricing", plan_ids=[plan.id]
    )
    price = await Price.filter(plan_id=plan.id).first()
    page = await new_page(PHONE)
    await page.goto(f"/checkout/pricing/{plan.id}?price={price.id}&key={account.publishable_key}")
    await page.get_by_label("Email").fill("ada@example.com")
    await page.get_by_role("button", name="Continue").click()
    await expect(page.locator("[data-total]")).to_have_text("$49.00")

    fields = page.locator("#card-element input")
    await expect(fields).to_have_count(5)  # the stand-in's number, month, year, CVC, postcode
    await fields.first.fill("4242424242424242")
    await expect(page.locator("input[name=number]")).to_have_count(0)  # no sandbox form
    await expect(page.get_by_role("button", name="Pay")).to_be_enabled()
    await screenshot(page, "checkout-live-card-phone")
