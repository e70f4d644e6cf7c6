"""The dashboard home's MRR chart in Chromium at 1280 and 390 px: with a subscription whose
event history says $0 today, the line still ends at the headline (its last point drawn at the
headline's height, not on the axis), and the chart's words say the same amount."""

from datetime import UTC, datetime

import pytest
from playwright.async_api import expect

from billing.subscriptions.models import SubscriptionEvent
from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up
from tests.support.factories.subscriptions import subscribe
from tests.support.pages.subscriptions import merchant_of

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])


@VIEWPORTS
async def test_last_point_is_the_headline(new_page, app, viewport):
    page = await new_page(viewport)
    merchant_id = await merchant_of(await sign_up(page))
    sub = await subscribe(merchant_id, monthly_cents=2900)
    await SubscriptionEvent.create(
        merchant_id=merchant_id,
        stable_subscription_id=sub.stable_subscription_id,
        subscription_id=sub.id,
        kind="test",
        status_after="active",
        mrr_cents=0,
        occurred_at=datetime.now(UTC),
    )
    await page.goto("/dashboard")
    headline = await page.locator("#mrr-amount").text_content()
    assert headline.strip() in ("€29.00", "$29.00")
    await expect(page.locator("#mrr-chart-desc")).to_contain_text(f"today {headline.strip()}.")
    dot_y = float(await page.locator(".mrr-dot").get_attribute("cy"))
    top_tick = await page.locator(".mrr-chart text.axis-label").nth(2).text_content()
    axis_y = float(await page.locator(".mrr-chart line.grid-line").first.get_attribute("y1"))
    assert dot_y < axis_y, (dot_y, axis_y, top_tick)  # above the $0 line
    assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    await screenshot(page, f"mrr-chart-ends-at-headline-{viewport['width']}")
