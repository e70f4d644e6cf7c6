"""The payment providers page in Chromium at 1280 and 390 px, in its three webhook states:
registered by Tally (no warning), not registered and nothing arrived (the steps to add it by
hand), not registered but events arriving (no warning). Providers are named by what they are."""

import pytest
from playwright.async_api import expect

from billing.payments.models import ProviderEvent
from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up
from tests.support.factories.webhooks import configure
from tests.support.pages.subscriptions import merchant_of

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"
WARNING = "payment results will not reach Tally"


@VIEWPORTS
async def test_webhook_warning_only_while_nothing_proves_the_webhook(new_page, app, viewport):
    page = await new_page(viewport)
    merchant_id = await merchant_of(await sign_up(page))
    width = viewport["width"]
    await configure(merchant_id, "provider_a", None)  # Tally could not register it
    await configure(merchant_id, "provider_b", "whsec_registered")  # registered
    await page.goto("/dashboard/payment-providers")
    a, b = page.locator("#provider-a"), page.locator("#provider-b")
    await expect(a.get_by_role("heading", level=2)).to_have_text(
        "Card payments (provider A, Stripe-compatible)"
    )
    await expect(b.get_by_role("heading", level=2)).to_have_text("Payment links (provider B)")
    await expect(a).to_contain_text(WARNING)
    await expect(a.locator("#provider-a-webhook")).to_have_text("Add it by hand")
    await expect(b).not_to_contain_text(WARNING)
    await expect(b.locator("#provider-b-webhook")).to_have_text("Webhook set up")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"payment-providers-warning-{width}")

    await ProviderEvent.create(
        merchant_id=merchant_id, provider="provider_a", event_id="evt_1", type="charge.succeeded"
    )
    await page.reload()
    await expect(a).not_to_contain_text(WARNING)
    await expect(a.locator("#provider-a-webhook")).to_have_text("Events arriving")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"payment-providers-events-arriving-{width}")
