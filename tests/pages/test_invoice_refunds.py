"""The merchant's invoice page after a partial refund, in Chromium at 1280 and 390 px
(screenshots to judge): the refund is made on the subscription page, then the original invoice
says "Refunded 5.00 USD of 12.00 USD" with its badge, lists the refund and links its credit
note, whose page is labelled as the credit note for that invoice and links back; and the same
refund in the customer's portal. Against a real localstripe, through this module's own
``tally serve``."""

import re

import pytest
from playwright.async_api import expect

from billing.customers.models import Customer
from billing.payments.refunds import refund_payment as refunds
from tests.pages.conftest import DESKTOP, PHONE, answer_confirm, screenshot
from tests.support.factories.portal import session_token
from tests.support.factories.refunds import FLAT_12, paid_subscription
from tests.support.pages.payment_actions import connected_merchant

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture(scope="module")
def live_server(payments_server):
    """The server with both providers' API bases (tests/pages/conftest.py)."""
    return payments_server


@VIEWPORTS
async def test_the_invoice_page_after_a_partial_refund(new_page, viewport, provider_a_api):
    page = await new_page(viewport)
    width = viewport["width"]
    merchant_id = await connected_merchant(page)
    paid = await paid_subscription(merchant_id, configured=False, pricing=FLAT_12)
    sid = paid.subscription.stable_subscription_id

    await page.goto(f"/dashboard/subscriptions/{sid}")
    section = page.locator("#refund")
    await section.get_by_label("Amount").fill("5.00")
    await section.get_by_label("Reason").fill("Two days without service")
    await section.get_by_role("button", name="Refund").click()
    await answer_confirm(page, says="Refund this payment?")
    await expect(page.locator("#refund-result")).to_contain_text("Refunded: $5.00")
    await expect(page.locator("#refund-payment-refunded")).to_have_text(
        "Refunded 5.00 USD of 12.00 USD."
    )
    await expect(section.locator("[data-refund-state=partially_refunded]")).to_have_text(
        "Partially refunded"
    )

    await section.get_by_role("link", name="INV-000001").click()
    await expect(page).to_have_url(f"/dashboard/invoices/{paid.invoice.id}")
    head = page.locator("#invoice-head")
    await expect(head.locator("[data-status=paid]")).to_have_text("Paid")
    await expect(head.locator("[data-refund-state]")).to_have_text("Partially refunded")
    refunds = page.locator("#refunds")
    await expect(refunds.locator("#refund-summary")).to_contain_text(
        "Refunded 5.00 USD of 12.00 USD"
    )
    await expect(refunds.locator("#refund-summary")).to_contain_text("net amount paid 7.00 USD")
    row = refunds.locator("tr[data-status=succeeded]")
    await expect(row).to_contain_text("5.00 USD")
    await expect(row).to_contain_text("Refunded")
    await expect(refunds).to_contain_text("Reason: Two days without service")
    await expect(page.locator(f"#payment-refunded-{paid.payment.id}")).to_contain_text(
        "Refunded 5.00 USD of 12.00 USD"
    )
    assert await page.evaluate(OVERFLOW)
    for table in (".refund-table", ".invoice-lines"):
        box = page.locator(table).locator("xpath=..")
        widths = await box.evaluate("box => [box.scrollWidth, box.clientWidth]")
        assert widths[0] <= widths[1], f"{table} should fit without a sideways scroll"
    await screenshot(page, f"invoice-partly-refunded-{width}")

    await row.get_by_role("link", name="INV-000002").click()
    note_head = page.locator("#invoice-head")
    await expect(note_head.locator("h1")).to_contain_text("Credit note INV-000002")
    await expect(note_head.locator("[data-credit-note]")).to_have_text("Credit note")
    await expect(page.locator("#credit-note-for")).to_contain_text(
        "Credit note for invoice INV-000001"
    )
    await expect(page.locator("#credit-note-summary")).to_contain_text(
        "records 5.00 USD given back to the customer"
    )
    await expect(note_head.locator(".badge-success")).to_have_count(0)  # no "Paid" look
    await expect(page.locator("#payments")).to_have_count(0)  # nothing to collect
    box = page.locator(".invoice-lines").locator("xpath=..")
    widths = await box.evaluate("box => [box.scrollWidth, box.clientWidth]")
    assert widths[0] <= widths[1], "the credit note's line should wrap, not scroll"
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"credit-note-{width}")

    await page.locator("#credit-note-for").get_by_role("link", name="INV-000001").click()
    await expect(page).to_have_url(f"/dashboard/invoices/{paid.invoice.id}")
    await page.goto("/dashboard/invoices")
    original = page.locator(f"#invoice-{paid.invoice.id}")
    await expect(original.locator("[data-refund-state]")).to_have_text("Partially refunded")
    note = page.locator("[data-number=INV-000002]")
    await expect(note.locator("[data-credit-note]")).to_have_text("Credit note")
    await expect(note.locator(".credit-note-for")).to_have_text("for INV-000001")
    table = page.locator(".invoice-table").first
    widths = await table.evaluate("t => [t.parentElement.scrollWidth, t.parentElement.clientWidth]")
    assert widths[0] <= widths[1], "the list's totals should show without a sideways scroll"
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"invoices-with-credit-note-{width}")


@VIEWPORTS
async def test_the_customer_portal_after_a_partial_refund(
    new_page, viewport, provider_a_api, make_merchant
):
    """The same refund as the customer sees it in the hosted portal (refunded here, in the
    test process, with provider A keys it sealed itself)."""
    page = await new_page(viewport)
    width = viewport["width"]
    merchant_id = (await make_merchant(name="Northwind Apps")).id
    paid = await paid_subscription(merchant_id, pricing=FLAT_12)
    sid = paid.subscription.stable_subscription_id
    answer = await refunds.refund(merchant_id, sid, amount_cents=500, reason="Sorry")
    await Customer.filter(id=paid.invoice.customer_id).update(external_customer_id="ext-shot")
    token = await session_token(merchant_id, await Customer.get(id=paid.invoice.customer_id))

    await page.goto(f"/portal/{token}")
    await expect(page).to_have_url(re.compile(r"/portal/$"))
    original = page.locator(f"[data-invoice={paid.invoice.id}]")
    await expect(original.locator("[data-status=partially_refunded]")).to_have_text(
        "Partly refunded"
    )
    await expect(original).to_contain_text("Refunded 5.00 USD of 12.00 USD")
    note = page.locator(f"[data-invoice={answer['adjustmentInvoiceId']}]")
    await expect(note.locator("[data-status=credit-note]")).to_have_text("Credit note")
    await expect(note).to_contain_text("for INV-000001")
    payment = page.locator(f"[data-payment={paid.payment.id}]")
    await expect(payment).to_contain_text("Refunded 5.00 USD of 12.00 USD")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"portal-partly-refunded-{width}")
