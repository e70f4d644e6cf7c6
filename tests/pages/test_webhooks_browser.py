"""Developers → Webhooks in Chromium, at desktop and phone widths: add an endpoint (a bad URL
first, its error in place), see its secret once, reveal and rotate it, send a test event,
resend an event from the log, see how each event's deliveries stand, disable the endpoint;
nothing wider than the screen."""

import asyncio
import re
from datetime import timedelta

import pytest
from playwright.async_api import Page, expect

from billing.event_log.models import WebhookDelivery
from tests.pages.conftest import DESKTOP, PHONE, answer_confirm, screenshot, sign_up
from tests.support.pages.subscriptions import merchant_of
from tests.support.pages.webhooks import customer_created, failed_attempt

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"
RETRY = timedelta(minutes=5)
SECRET = re.compile(r"whsec_[A-Za-z0-9+/=]{40,}")


async def open_webhooks(page: Page) -> None:
    """Through the sidebar, as a merchant finds it (on a phone, behind the menu button)."""
    toggle = page.get_by_role("button", name="Menu")
    if await toggle.is_visible():
        await toggle.click()
    await page.locator(".sidebar").get_by_role("link", name="Webhooks").click()
    await expect(page.get_by_role("heading", name="Webhooks", exact=True)).to_be_visible()


async def fits(page: Page, shot: str) -> None:
    await page.evaluate("window.scrollTo(0, 0)")  # the sticky sidebar drawn where it starts
    await screenshot(page, shot)
    assert await page.evaluate(OVERFLOW), f"{shot} is wider than the screen"


@VIEWPORTS
async def test_endpoint_journey(new_page, app, viewport):
    width = viewport["width"]
    page = await new_page(viewport)
    merchant_id = await merchant_of(await sign_up(page))
    await open_webhooks(page)
    await expect(page.get_by_text("No endpoints yet")).to_be_visible()

    url = page.get_by_label("Endpoint URL")
    await url.fill("example.com/hooks")
    await page.get_by_role("button", name="Add endpoint").click()
    await expect(url).to_have_attribute("aria-invalid", "true")
    await expect(page.locator("#url-help")).to_contain_text("starts with https:// or http://")
    await fits(page, f"webhooks-error-{width}")

    await url.fill("http://127.0.0.1:9/hooks/tally")
    await page.get_by_label("Description").fill("Grants access in the app")
    await expect(page.get_by_label("All events")).to_be_checked()
    await page.get_by_role("button", name="Add endpoint").click()
    shown = page.locator("#new-secret-value")
    await expect(shown).to_have_value(SECRET)
    secret = await shown.input_value()
    await page.locator("#new-endpoint").get_by_role("button", name="Copy").click()
    await expect(page.get_by_role("button", name="Copied")).to_be_visible()
    row = page.locator(".endpoint-row", has_text="127.0.0.1:9/hooks/tally")
    await expect(row).to_contain_text("All events")
    await expect(row).to_contain_text("Enabled")
    await fits(page, f"webhooks-created-{width}")

    await page.reload()  # shown once: a reload does not show it again
    assert secret not in await page.content()
    await row.get_by_role("link", name="http://127.0.0.1:9/hooks/tally").click()
    card = page.locator("#secret-card")
    await expect(card.get_by_label("Signing secret (hidden)")).to_be_visible()
    assert secret not in await page.content()
    await card.get_by_role("button", name="Reveal").click()
    await expect(card.get_by_label("Signing secret", exact=True)).to_have_value(secret)
    await fits(page, f"webhooks-revealed-{width}")

    await card.get_by_role("button", name="Rotate secret").click()
    await answer_confirm(page, says="keeps working for 24 hours")
    rotated = card.get_by_label("Signing secret", exact=True)
    await expect(rotated).not_to_have_value(secret)
    await expect(rotated).to_have_value(SECRET)
    await expect(card).to_contain_text("The old secret keeps working for 24 hours")
    await fits(page, f"webhooks-rotated-{width}")

    held = asyncio.Event()  # the request waits until the button's busy state is seen

    async def hold(route):
        await held.wait()
        await route.continue_()

    await page.route("**/test", hold)
    send = page.get_by_role("button", name="Send test event")
    await send.click()
    await expect(send).to_be_disabled()
    await expect(send).to_have_attribute("aria-busy", "true")
    held.set()
    result = page.locator("#test-result")
    await expect(result.locator(".delivery-status")).to_have_text("Pending")
    await expect(send).to_be_enabled()
    await page.unroute("**/test")
    await expect(result).to_contain_text("webhook_endpoint.test")
    await fits(page, f"webhooks-test-event-{width}")

    event = await customer_created(merchant_id, name="Grace")
    await page.get_by_role("link", name="See recent events").click()
    listed = page.locator(f"#event-{event.id}")
    await expect(listed).to_contain_text("customer.created")
    await expect(listed.locator(".delivery-outcome")).to_have_text("Deliveries: 1 waiting")
    await expect(page.locator(".event-row").nth(1)).to_contain_text("webhook_endpoint.test")
    await listed.get_by_role("button", name="Resend").click()
    await expect(listed.locator(".resend-note")).to_have_text(
        "Sent again to 1 endpoint: on its way."
    )
    assert await WebhookDelivery.filter(event_id=event.id, resend=True).count() == 1
    await fits(page, f"webhooks-events-{width}")

    first = await WebhookDelivery.get(event_id=event.id, resend=False)
    await failed_attempt(first, at=event.created_at, retry_at=event.created_at + RETRY)
    await listed.get_by_role("link", name="customer.created").click()
    attempt = page.locator(".attempts-table tbody tr")
    await expect(attempt).to_contain_text("HTTP 500")
    await expect(attempt).to_contain_text("http://127.0.0.1:9/hooks/tally")
    await fits(page, f"webhooks-event-{width}")

    # Back in the list, the event says how its deliveries stand: the first failed once and
    # waits for its retry, the resend is not tried yet.
    await WebhookDelivery.filter(id=first.id).update(
        attempts=1, next_attempt_at=event.created_at + RETRY
    )
    await page.locator(".crumbs").get_by_role("link", name="Events").click()
    outcome = listed.locator(".delivery-outcome")
    await expect(outcome).to_have_text("Deliveries: 1 retrying · 1 waiting")
    await expect(outcome).to_have_class(re.compile(r"\bbadge-warning\b"))
    await expect(outcome).to_be_in_viewport()
    await fits(page, f"webhooks-events-outcomes-{width}")
    await page.go_back()

    await page.locator(".crumbs").get_by_role("link", name="Webhooks").click()
    await page.get_by_role("link", name="http://127.0.0.1:9/hooks/tally").click()
    await page.get_by_role("button", name="Disable").click()
    await expect(page.get_by_role("status")).to_contain_text("Endpoint disabled")
    await expect(page.locator("#endpoint-status")).to_contain_text("Disabled by you")
    await expect(page.get_by_role("button", name="Send test event")).to_have_count(0)
    await fits(page, f"webhooks-disabled-{width}")

    await page.goto("/dashboard/webhooks/events")
    await listed.get_by_role("button", name="Resend").click()
    await expect(listed.locator(".resend-error")).to_contain_text(
        "None of your enabled endpoints receives this type of event"
    )
