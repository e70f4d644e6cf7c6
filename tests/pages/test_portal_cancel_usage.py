"""Cancelling in the portal a price with usage, in Chromium at 1280 and 390 px: a customer on
$29 a month plus 0.001 USD per call, with 12,340 calls so far, is told before and after
cancelling that the usage up to the end is billed once then ($12.34 so far), never that
"nothing more will be charged"; with no other plan in the merchant's table, no "Change plan"
link is offered."""

from datetime import timedelta

import pytest
from playwright.async_api import expect

from billing.core.models import utcnow
from billing.invoicing.billing_run import bill_due
from billing.subscriptions.subscriptions import get_live
from tests.pages.conftest import DESKTOP, PHONE, screenshot
from tests.support.factories.invoices import fee_and_calls, priced_subscription, sum_metric, use
from tests.support.factories.portal import known_customer, session_token

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


@VIEWPORTS
async def test_cancelling_says_the_usage_until_the_end_is_billed_once(
    new_page, make_merchant, viewport
):
    size = "phone" if viewport == PHONE else "desktop"
    account = await make_merchant(name="Northwind Apps")
    customer = await known_customer(account.id, name="Ada Lovelace")
    metric = await sum_metric(account.id, "api-call")
    start = utcnow() - timedelta(days=10)
    sub = await priced_subscription(
        account.id, fee_and_calls(metric.id), start=start, customer=customer
    )
    await use(account.id, customer.id, metric, 12340, start + timedelta(days=1))
    await bill_due(start, account.id)  # the first month's $29
    ends = (await get_live(account.id, sub.id)).current_period_end.strftime("%b %-d, %Y")

    page = await new_page(viewport)
    await page.goto(f"/portal/{await session_token(account.id, customer)}")
    await expect(page.get_by_role("heading", name="Your billing")).to_be_visible()
    await expect(page.get_by_role("button", name="Change plan")).to_have_count(0)

    await page.get_by_role("button", name="Cancel subscription").click()
    await expect(page.locator("[data-ends]")).to_contain_text(ends)
    final = page.locator("[data-final-usage]")
    await expect(final).to_contain_text(f"Your usage until {ends} is billed once on that day")
    await expect(final).to_contain_text("$12.34 so far")
    await expect(page.locator("main")).not_to_contain_text("nothing more will be charged.")
    await screenshot(page, f"portal-cancel-usage-{size}")
    assert await page.evaluate(OVERFLOW), "the page scrolls sideways"

    await page.get_by_role("button", name="Cancel subscription").click()
    flashes = page.locator("#flashes")
    await expect(flashes).to_contain_text(f"You keep access until {ends}.")
    await expect(flashes).to_contain_text("until then is billed once that day ($12.34 so far)")
    await expect(page.locator("[data-period-end]")).to_contain_text("Cancelled: ends on")
    assert (await get_live(account.id, sub.id)).cancel_at_period_end
    await screenshot(page, f"portal-cancelled-usage-{size}")
    assert await page.evaluate(OVERFLOW), "the page scrolls sideways"
