"""The hosted checkout page in Chromium beyond the card form (tests/pages/test_checkout.py):
the loading state while a request is held back, provider B's link with the outcome arriving
through the event stream, provider A flipped by its webhook rather than the card form's answer,
and the ``<tally-pricing-table checkout="hosted">`` element opening the page."""

import asyncio
import html

import httpx
import pytest
from playwright.async_api import Route, expect

from billing.subscriptions.models import Subscription
from tests.pages.conftest import DESKTOP, PHONE, screenshot
from tests.support.factories.card_payments import GOOD_CARD, KEYS
from tests.support.factories.webhooks import new_stripe_secret, stripe_event, stripe_headers
from tests.support.fakes.provider_b_events import send_event, settled_event
from tests.support.pages.checkout import OVERFLOW, VIEWPORTS, fill_card, shop


@pytest.fixture(scope="module")
def live_server(payments_server):
    """The server with both providers' API bases (tests/pages/conftest.py)."""
    return payments_server


SLOW = 1.5  # seconds a request is held back, long enough to look at the page meanwhile
PAID = "Paid — you're subscribed"


def checkout_url(account, plan, price) -> str:
    return f"/checkout/pricing/{plan.id}?price={price.id}&key={account.publishable_key}"


async def hold_back(page, pattern: str) -> None:
    async def handle(route: Route) -> None:
        await asyncio.sleep(SLOW)
        await route.continue_()

    await page.route(pattern, handle)


async def start(page, country: str | None = None) -> dict:
    """Fill in the customer and continue; payment-init's answer."""
    await page.get_by_label("Email").fill("ada@example.com")
    await page.get_by_label("Name").fill("Ada")
    if country:
        await page.get_by_label("Country").select_option(country)
    async with page.expect_response("**/v1/public/payment-init") as answered:
        await page.get_by_role("button", name="Continue").click()
    return await (await answered.value).json()


async def test_buttons_are_busy_while_their_request_runs(new_page, live_server, make_merchant):
    account, plan, price = await shop(live_server, make_merchant)
    page = await new_page(DESKTOP)
    await page.goto(checkout_url(account, plan, price))
    await hold_back(page, "**/v1/public/payment-init")
    await page.get_by_label("Email").fill("ada@example.com")
    go = page.get_by_role("button", name="Continue")
    await go.click()
    await expect(page.locator("#status")).to_have_text("Processing…")
    await expect(go).to_be_disabled()
    await expect(go).to_have_attribute("aria-busy", "true")
    await screenshot(page, "checkout-starting-1280")
    await expect(page.locator("[data-total]")).to_have_text("$49.00")

    await hold_back(page, "**/payment-init/confirm-card")
    await fill_card(page, GOOD_CARD)
    pay = page.locator("#card-form").get_by_role("button", name="Pay")
    await expect(pay).to_be_disabled()
    await expect(pay).to_have_attribute("aria-busy", "true")
    await expect(page.locator("#status")).to_have_text("Processing…")
    await expect(page.locator("#status")).to_have_text(PAID)


async def test_a_refused_customer_is_told_in_place(new_page, live_server, make_merchant):
    account, plan, price = await shop(live_server, make_merchant)
    page = await new_page(PHONE)
    await page.goto(checkout_url(account, plan, price))
    await page.get_by_role("button", name="Continue").click()  # no email
    status = page.locator("#status")
    await expect(status).to_have_text("Enter your email address.")
    await expect(page.get_by_label("Email")).to_have_attribute("aria-invalid", "true")
    await page.get_by_label("Email").fill("ada at example")  # refused by the server
    await page.get_by_role("button", name="Continue").click()
    await expect(status).to_have_text("Check your email address.")
    await expect(page.get_by_role("button", name="Try again")).to_be_hidden()
    await expect(page.get_by_role("button", name="Continue")).to_be_enabled()
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "checkout-refused-390")


@VIEWPORTS
async def test_provider_b_link_then_the_stream_says_paid(
    new_page, live_server, make_merchant, provider_b_fake, viewport
):
    key = provider_b_fake.add_key("test_mode")
    account, plan, price = await shop(live_server, make_merchant, ("b", {"secretKey": key}))
    page = await new_page(viewport)
    await page.goto(checkout_url(account, plan, price))
    answer = await start(page, country="DE")
    assert answer["provider"] == "provider_b", answer
    link = page.get_by_role("button", name="Pay on the payment page")
    await expect(link).to_have_attribute("href", answer["paymentLink"])
    await expect(page.locator("#status")).to_contain_text("Waiting for your payment")
    await screenshot(page, f"checkout-link-{viewport['width']}")
    assert await page.evaluate(OVERFLOW)

    made = next(x for x in provider_b_fake.links if x["payment_id"] == answer["paymentId"])
    secret = next(h["secret"] for h in provider_b_fake.webhooks.values() if h["key"] == key)
    url = f"{live_server}/v1/public/webhook-provider-b/{account.id}"
    sent = await asyncio.to_thread(send_event, url, secret, settled_event(made))
    assert sent.status_code == 200, sent.text
    await expect(page.locator("#status")).to_have_text(PAID)
    await expect(link).to_be_hidden()
    await screenshot(page, f"checkout-link-paid-{viewport['width']}")
    sub = await Subscription.get(stable_subscription_id=answer["subscriptionId"])
    assert sub.status == "active"


async def test_provider_a_webhook_flips_the_page(new_page, live_server, make_merchant):
    signing = new_stripe_secret()
    config = {**KEYS, "webhookSecret": signing}
    account, plan, price = await shop(live_server, make_merchant, ("a", config))
    page = await new_page(DESKTOP)
    await page.goto(checkout_url(account, plan, price))
    answer = await start(page)
    await expect(page.locator("#card-form")).to_be_visible()
    intent = {"id": answer["paymentIntentId"], "object": "payment_intent", "metadata": {}}
    payload = stripe_event("payment_intent.succeeded", intent)
    async with httpx.AsyncClient(base_url=live_server, timeout=30) as http:
        sent = await http.post(
            f"/v1/public/webhook/{account.id}",
            content=payload,
            headers=stripe_headers(signing, payload),
        )
    assert sent.status_code == 200, sent.text
    await expect(page.locator("#status")).to_have_text(PAID)
    await expect(page.locator("#card-form")).to_be_hidden()


async def test_the_element_opens_the_hosted_checkout(
    new_page, live_server, make_merchant, other_origin
):
    account, plan, price = await shop(live_server, make_merchant)
    folder, origin = other_origin
    slug, key = html.escape("pricing"), html.escape(account.publishable_key)
    (folder / "index.html").write_text(
        f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="{live_server}/static/pricing-table.js" defer></script></head><body>
<tally-pricing-table slug="{slug}" publishable-key="{key}" checkout="hosted">
</tally-pricing-table></body></html>"""
    )
    page = await new_page(DESKTOP)
    await page.goto(f"{origin}/index.html")
    async with page.context.expect_page() as opened:
        await page.get_by_role("button", name="Get started").click()
    checkout = await opened.value
    await checkout.wait_for_load_state()
    assert checkout.url.startswith(f"{live_server}/checkout/pricing/{plan.id}?price={price.id}")
    await expect(checkout.get_by_role("heading", name="Pro")).to_be_visible()
    await expect(checkout.get_by_text("$49.00 / month")).to_be_visible()
