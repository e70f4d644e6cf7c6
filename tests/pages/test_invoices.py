"""Invoices in Chromium: the sidebar link, status tabs, an invoice with its lines and total,
its PDF downloading from the page, and the phone-width view."""

from datetime import UTC, datetime

from playwright.async_api import expect

from billing.invoicing.billing_run import bill_due
from tests.pages.conftest import screenshot, sign_up
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.provider_b import waiting_on_a_link
from tests.support.pages.subscriptions import merchant_of

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
MAR_1 = datetime(2030, 3, 1, tzinfo=UTC)


async def test_list_tabs_detail_and_pdf(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    await priced_subscription(merchant_id, FLAT_49, start=JAN_1)
    await bill_due(MAR_1, merchant_id)
    await page.locator(".sidebar").get_by_role("link", name="Invoices").click()
    rows = page.locator("#invoices-results tbody tr")
    await expect(rows).to_have_count(3)
    await expect(rows.first).to_contain_text("INV-000003")
    await expect(rows.first).to_contain_text("$49.00")
    await expect(rows.first).to_contain_text("Unpaid")
    await screenshot(page, "invoices-1280")

    tabs = page.get_by_role("navigation", name="Filter by status")
    await tabs.get_by_role("link", name="Paid 0", exact=True).click()
    await expect(page.locator("#invoices-results")).to_contain_text("No paid invoices")
    await tabs.get_by_role("link", name="All 3", exact=True).click()
    await rows.first.get_by_role("link", name="INV-000003").click()
    await expect(page.get_by_role("heading", level=1)).to_contain_text("Invoice INV-000003")
    lines = page.locator(".invoice-lines")
    await expect(lines).to_contain_text("Mar 1, 2030 – Apr 1, 2030")
    await expect(lines.locator(".invoice-total")).to_contain_text("$49.00")
    await screenshot(page, "invoice-1280")

    link = await page.get_by_role("button", name="Download PDF").get_attribute("href")
    response = await page.request.get(link)
    assert response.status == 200
    assert response.headers["content-type"] == "application/pdf"

    await page.set_viewport_size({"width": 390, "height": 844})
    await expect(page.get_by_role("heading", level=1)).to_be_visible()
    await screenshot(page, "invoice-390")

    await page.set_viewport_size({"width": 1280, "height": 900})
    await page.get_by_role("link", name="View the subscription").click()
    upcoming = page.locator("#upcoming-invoice")
    await expect(upcoming).to_contain_text("Apr 1, 2030")
    await expect(page.locator("#invoices tbody tr")).to_have_count(3)
    await screenshot(page, "subscription-invoices-1280")


async def test_a_payment_link_to_copy_and_send(page, provider_b):
    merchant_id = await merchant_of(await sign_up(page))
    invoice, payment = await waiting_on_a_link(merchant_id, provider_b)
    await page.goto(f"{page.url.split('/dashboard')[0]}/dashboard/invoices/{invoice.id}")
    panel = page.locator("#payment-link")
    await expect(panel).to_contain_text("Send this payment link to the customer")
    await expect(panel.get_by_label("Payment link")).to_have_value(payment.payment_link)
    await panel.get_by_role("button", name="Copy").click()
    await expect(panel.get_by_role("button", name="Copied")).to_be_visible()
    await screenshot(page, "invoice-payment-link-1280")

    await page.set_viewport_size({"width": 390, "height": 844})
    await expect(panel.get_by_label("Payment link")).to_be_visible()
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways at 390 px ({width})"
    await screenshot(page, "invoice-payment-link-390")
