"""A live-mode customer adds a card in the hosted portal with provider A's own script, in
Chromium at 390 px, against ``tally serve`` pointed at localstripe (which serves a stand-in
for that script at its API base): the card fields are the script's, the card number goes to
the gateway only, and the card is listed at once. The page's Content-Security-Policy allows
the script's origin there and nowhere else (any blocked load fails the test)."""

import httpx
import pytest
from playwright.async_api import expect

from billing.payments.models import PaymentMethod
from tests.pages.conftest import PHONE, screenshot
from tests.support.factories.portal import known_customer, session_token

LIVE_KEYS = {"secretKey": "sk_live_51HxPortalSecret0c4d", "publicKey": "pk_live_51HxPortalPublic"}


@pytest.fixture(scope="module")
def live_server(payments_server):
    """The server with both providers' API bases (tests/pages/conftest.py)."""
    return payments_server


async def test_a_live_customer_adds_a_card_with_the_providers_script(
    new_page,
    live_server,
    make_merchant,
    localstripe_url,  # noqa: F811
):
    account = await make_merchant(name="Northwind Apps")  # live mode
    async with httpx.AsyncClient(base_url=live_server, timeout=30) as http:
        saved = await http.post("/v1/provider-a/config", json=LIVE_KEYS, headers=account.headers)
        assert saved.status_code == 200, saved.text
        customer = await known_customer(account.id, name="Ada")
        token = await session_token(account.id, customer)
        dashboard = await http.get("/login")
    assert localstripe_url not in dashboard.headers["Content-Security-Policy"]

    page = await new_page(PHONE)
    answer = await page.goto(f"{live_server}/portal/{token}")
    await expect(page).to_have_url(f"{live_server}/portal/")
    home = await page.request.get(f"{live_server}/portal/")
    policy = home.headers["content-security-policy"]
    for directive in ("script-src", "connect-src", "frame-src"):
        assert f"{directive} 'self' {localstripe_url.rstrip('/')}" in policy, policy
    assert answer is not None
    methods = page.locator("#methods")
    await expect(methods).to_contain_text("No payment methods saved yet.")
    await expect(page.locator("input[name=number]")).to_have_count(0)  # no sandbox form

    await page.get_by_text("Add a card").click()
    element = page.locator("#card-element")
    await element.locator("input[placeholder=number]").fill("4242424242424242")
    await element.locator("input[placeholder=exp_month]").fill("12")
    await element.locator("input[placeholder=exp_year]").fill("34")
    await element.locator("input[placeholder=cvc]").fill("123")
    await element.locator("input[placeholder=postal_code]").fill("10115")
    await screenshot(page, "portal-live-card-form-phone")
    await page.get_by_role("button", name="Save card").click()

    await expect(methods.locator("li[data-method]")).to_have_count(1)
    await expect(methods).to_contain_text("4242")
    await expect(methods.get_by_role("status").first).to_have_text("Visa •••• 4242 was added.")
    await screenshot(page, "portal-live-card-added-phone")
    stored = await PaymentMethod.filter(merchant_id=account.id, customer_id=customer.id)
    found = [(m.provider, m.status, m.card_last_four) for m in stored]
    assert found == [("provider_a", "active", "4242")]
    assert stored[0].external_psp_payment_method_id.startswith("pm_")
