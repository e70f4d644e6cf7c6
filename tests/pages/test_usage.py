"""The Usage page in Chromium: filters and pages swap the results in place (the URL follows and
Back works), the chart draws a line per event name, and the phone layout fits; the customer
page's entitlements panel shows a usage bar."""

import re
from datetime import UTC, datetime, timedelta

from playwright.async_api import expect

from billing.catalog import metrics
from billing.usage import events
from tests.pages.conftest import PHONE, screenshot, sign_up
from tests.support.factories.entitlements import credit_plan, subscribe_to
from tests.support.factories.subscriptions import make_customer
from tests.support.pages.plans import OVERFLOW
from tests.support.pages.subscriptions import merchant_of


async def store(merchant_id: str, name: str, customer: str, hours_ago: int, value=None):
    moment = (datetime.now(UTC) - timedelta(hours=hours_ago)).isoformat()
    body = {"eventName": name, "customerId": customer, "eventTimestamp": moment}
    if value is not None:
        body["eventValue"] = value
    await events.ingest_event(merchant_id, body)


async def test_filter_and_page_in_place(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    for hour in range(1, 53):
        await store(merchant_id, "api-call", f"cust_{hour:02d}", hour)
    await store(merchant_id, "login", "cust_ada", 1)
    await page.locator(".sidebar").get_by_role("link", name="Usage").click()
    await expect(page.locator("#usage-range")).to_have_text("Events 1–50")
    await expect(page.locator("polyline.usage-line")).to_have_count(2)
    await expect(page.locator(".usage-legend")).to_contain_text("api-call 52")
    await screenshot(page, "usage-1280")

    await page.evaluate("window.notReloaded = true")  # survives only in-place swaps
    await page.get_by_label("Event names").fill("login")
    await page.get_by_role("button", name="Apply filters").click()
    await expect(page.locator("#usage-range")).to_have_text("Events 1–1")
    await expect(page.locator(".usage-events")).to_contain_text("cust_ada")
    await expect(page).to_have_url(re.compile(r"eventName=login"))
    assert await page.evaluate("window.notReloaded === true")

    await page.get_by_role("button", name="Clear").click()
    await page.get_by_label("Event names").fill("api-call")
    await page.get_by_role("button", name="Apply filters").click()
    await page.evaluate("window.notReloaded = true")
    await page.get_by_role("link", name="Older →").click()
    await expect(page.locator("#usage-range")).to_have_text("Events 51–52")
    assert await page.evaluate("window.notReloaded === true")
    await page.go_back()
    await expect(page.locator("#usage-range")).to_have_text("Events 1–50")


async def test_from_after_to_shows_the_message_in_place(page, app):
    """Issue 19, point 8: a From date after To used to answer "Something went wrong (400)"."""
    await sign_up(page)
    await page.goto("/dashboard/usage")
    await page.evaluate("window.notReloaded = true")
    await page.get_by_label("From", exact=True).fill("2026-03-10")
    await page.locator("input[name=endDate]").fill("2026-03-01")
    await page.get_by_role("button", name="Apply filters").click()
    await expect(page.locator("#usage-error")).to_have_text(
        "The From date must be on or before the To date."
    )
    await expect(page.locator("#flashes .flash-error")).to_have_count(0)
    assert await page.evaluate("window.notReloaded === true")  # swapped in place
    await screenshot(page, "usage-from-after-to")
    await page.get_by_label("From", exact=True).fill("2026-02-20")
    await page.get_by_role("button", name="Apply filters").click()
    await expect(page.locator("#usage-error")).to_have_count(0)
    await expect(page.get_by_text("No events match these filters.")).to_be_visible()


async def test_usage_page_fits_a_phone(new_page, app):
    page = await new_page(PHONE)
    merchant_id = await merchant_of(await sign_up(page))
    await store(merchant_id, "api-call", "cust_long_customer_identifier_0001", 2, value=3)
    await page.goto("/dashboard/usage")
    await expect(page.locator("polyline.usage-line")).to_have_count(1)
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "usage-390")


async def test_customer_page_entitlement_bar(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    metric = await metrics.create_metric(merchant_id, name="Calls", event_name="api-call")
    plan = await credit_plan(merchant_id, [metric.id], allowance=100)
    customer = await make_customer(merchant_id)
    await subscribe_to(plan, customer)
    await store(merchant_id, "api-call", customer.id, 1, value=40)
    await page.goto(f"/dashboard/customers/{customer.id}")
    row = page.locator('#entitlements tr[data-feature="api-calls"]')
    await expect(row.locator("progress")).to_have_attribute("value", "40")
    await expect(row).to_contain_text("40 of 100 used")
    await expect(page.locator('#entitlements tr[data-feature="sso"]')).to_contain_text("Yes")
    await screenshot(page, "customer-entitlements-1280")


async def test_an_htmx_error_page_shows_its_own_message(page, app):
    """Issue 19, point 8 (the general half): an HTMX request answered by an error page shows
    that page's message, not "Something went wrong (404)"."""
    await sign_up(page)
    await page.goto("/dashboard/tax")
    await page.evaluate(
        "htmx.ajax('POST', '/dashboard/tax/rates/taxrate_0000000000000000000000/deactivate',"
        " {target: '#rates', swap: 'outerHTML'})"
    )
    await expect(page.locator("#flashes .flash-error")).to_have_text("Not found")
    await expect(page.locator("#rates")).to_be_visible()  # nothing swapped away
