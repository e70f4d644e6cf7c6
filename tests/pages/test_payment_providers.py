"""The payment providers page in the browser: provider A against a real localstripe, provider
B against the fake, at 1280 and 390 px (screenshots to judge), and the payments listed on an
invoice. This module's server is its own ``tally serve`` pointed at both providers."""

import asyncio
import re

import pytest
from playwright.async_api import expect

from billing.accounts.models import Membership
from billing.invoicing.models import Invoice
from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up
from tests.support.factories.webhooks import pending_payment

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture(scope="module")
def live_server(payments_server):
    """The server with both providers' API bases (tests/pages/conftest.py)."""
    return payments_server


async def _open_page(page, viewport) -> None:
    """From the checklist to the page, through the phone menu on a phone."""
    link = page.locator(".checklist-item", has_text="payment provider").get_by_role("link")
    await expect(link).to_have_text("Connect a provider")
    if viewport is PHONE:
        await page.get_by_role("button", name="Menu").click()
    await page.locator(".sidebar nav").get_by_role("link", name="Payment providers").click()
    await expect(page.get_by_role("heading", name="Payment providers", level=1)).to_be_visible()


async def _slowly(route):
    await asyncio.sleep(0.8)
    await route.continue_()


@VIEWPORTS
async def test_provider_a_keys_checked_saved_and_webhook_added_by_hand(new_page, viewport):
    page = await new_page(viewport)
    await sign_up(page)
    await _open_page(page, viewport)
    width = viewport["width"]
    section = page.locator("#provider-a")
    await expect(section.get_by_text("Not connected")).to_be_visible()
    await screenshot(page, f"payment-providers-empty-{width}")

    await section.get_by_label("Publishable key").fill("pk_live_51HxAcmePublic")
    await section.get_by_label("Secret key").fill("sk_test_51HxAcmeSecret7e21")
    await section.get_by_role("button", name="Check keys").click()
    error = section.locator("small.field-error")
    await expect(error).to_contain_text("you are in live mode")
    await expect(section.get_by_label("Secret key")).to_have_attribute("aria-invalid", "true")
    await screenshot(page, f"payment-providers-a-wrong-mode-{width}")

    await section.get_by_label("Secret key").fill("sk_live_51HxAcmeSecret9f3a")
    await page.route("**/provider-a/check", _slowly)
    check = section.get_by_role("button", name="Check keys")
    await check.click()
    await expect(check).to_have_attribute("aria-busy", "true")  # the loading state
    accepted = "The card payment provider (A) accepted the keys."
    await expect(section.locator("#provider-a-check")).to_have_text(accepted)
    await page.unroute("**/provider-a/check")

    await section.get_by_role("button", name="Save keys").click()
    await expect(section.get_by_text("Connected", exact=True)).to_be_visible()
    await expect(page.locator("#provider-a-secret")).to_have_text("••••••••9f3a")
    await expect(page.locator("#flashes")).to_contain_text("Card payment keys saved.")
    await expect(page.locator("#provider-a-webhook-url")).to_have_value(
        re.compile(r"/v1/public/webhook/")
    )
    await expect(section.locator(".event-list li")).to_have_count(5)
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"payment-providers-a-saved-{width}")

    await section.get_by_role("button", name="Save signing secret").click()
    await expect(section.locator("small.field-error")).to_contain_text("Paste the signing secret")
    await section.get_by_label("Webhook signing secret").fill("whsec_byhand42")
    await section.get_by_role("button", name="Save signing secret").click()
    await expect(page.locator("#flashes")).to_contain_text("Webhook signing secret saved.")
    await expect(section).to_contain_text("one is saved; a new one replaces it")

    await page.goto("/dashboard")
    await expect(page.locator(".checklist-count")).to_have_text("1 of 3 done")


@VIEWPORTS
async def test_provider_b_key_checked_and_saved_with_its_environment(
    new_page, viewport, provider_b_fake
):
    page = await new_page(viewport)
    await sign_up(page)
    await _open_page(page, viewport)
    width = viewport["width"]
    section = page.locator("#provider-b")

    await section.get_by_label("Secret key").fill("not-a-key-at-all")
    await section.get_by_role("button", name="Check key").click()
    await expect(section.locator("small.field-error")).to_contain_text(
        "did not accept this secret key"
    )
    await section.get_by_label("Secret key").fill(provider_b_fake.add_key("test_mode"))
    await section.get_by_role("button", name="Check key").click()
    await expect(section.locator("small.field-error")).to_contain_text("test-mode key")
    await screenshot(page, f"payment-providers-b-wrong-kind-{width}")

    key = provider_b_fake.add_key("live_mode")
    await section.get_by_label("Secret key").fill(key)
    await section.get_by_role("button", name="Check key").click()
    await expect(section.locator("#provider-b-check")).to_contain_text("Environment: Live mode")
    await section.get_by_role("button", name="Save key").click()
    await expect(page.locator("#provider-b-secret")).to_have_text("••••••••" + key[-4:])
    await expect(page.locator("#provider-b-environment")).to_have_text("Live mode")
    await expect(section.get_by_text("Webhook set up")).to_be_visible()
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"payment-providers-b-saved-{width}")


@VIEWPORTS
async def test_invoice_lists_its_payment_attempts(new_page, viewport, app):
    page = await new_page(viewport)
    email = await sign_up(page)
    merchant_id = (await Membership.filter(user__email=email).first()).merchant_id
    payment = await pending_payment(merchant_id, "provider_a", "pi_3NxDeclined")
    payment.status = "failed"
    payment.error_message = "Your card was declined. The customer's bank gave no reason."
    await payment.save()
    invoice = await Invoice.get(id=payment.invoice_id)
    await page.goto(f"/dashboard/invoices/{invoice.id}")
    payments = page.locator("#payments")
    await expect(payments.locator("[data-status=failed]").first).to_be_visible()
    await expect(payments).to_contain_text("Your card was declined.")
    await expect(payments).to_contain_text("pi_3NxDeclined")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"invoice-payments-{viewport['width']}")
    await page.goto(f"/dashboard/customers/{invoice.customer_id}")
    customer_payments = page.locator("#customer-payments")
    await expect(customer_payments).to_contain_text("Failed")
    message = customer_payments.get_by_text("The customer's bank gave no reason.", exact=False)
    await expect(message).to_be_visible()
    box, panel = await message.bounding_box(), await customer_payments.bounding_box()
    assert box["x"] + box["width"] <= panel["x"] + panel["width"], "the message is cut off"
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"customer-payments-{viewport['width']}")
