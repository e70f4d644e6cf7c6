"""Retrying an invoice's payment and refunding a subscription in the browser, against a real
localstripe, at 1280 and 390 px (screenshots to judge): the loading state, the answers in
place, the app's confirm dialog before a refund. This module's server is its own ``tally
serve`` pointed at localstripe; provider A is connected through its page, as a merchant does."""

import asyncio

import pytest
from playwright.async_api import expect

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from tests.pages.conftest import DESKTOP, PHONE, answer_confirm, screenshot
from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD, JAN_1, stored_card
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.refunds import paid_subscription
from tests.support.factories.subscriptions import make_customer
from tests.support.pages.payment_actions import connected_merchant

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture(scope="module")
def live_server(payments_server):
    """The server with both providers' API bases (tests/pages/conftest.py)."""
    return payments_server


@pytest.fixture
def gateway(provider_a_api):  # noqa: F811 (the fixture, imported above)
    return provider_a_api


async def _slowly(route):
    await asyncio.sleep(0.8)
    await route.continue_()


@VIEWPORTS
async def test_retry_payment_declined_then_paid(new_page, viewport, gateway):
    page = await new_page(viewport)
    width = viewport["width"]
    merchant_id = await connected_merchant(page)
    customer = await make_customer(merchant_id)
    await stored_card(gateway, merchant_id, customer, DECLINED_CARD)
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1, customer=customer)
    await bill_due(JAN_1, merchant_id)
    invoice = await Invoice.get(merchant_id=merchant_id, stable_subscription_id=sub.id)

    await page.goto(f"/dashboard/invoices/{invoice.id}")
    payments = page.locator("#payments")
    await expect(payments).to_contain_text("No payment attempts yet")
    await page.route("**/retry-payment", _slowly)
    button = payments.get_by_role("button", name="Retry payment")
    await button.click()
    await expect(button).to_have_attribute("aria-busy", "true")  # the loading state
    answer = page.locator("#retry-answer")
    await expect(answer).to_have_text("The payment failed: Your card was declined.")
    await page.unroute("**/retry-payment")
    await expect(payments.locator("[data-status=failed]").first).to_be_visible()
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"invoice-retry-declined-{width}")

    await page.goto(f"/dashboard/subscriptions/{sub.id}")
    await expect(page.locator("#dunning-latest")).to_contain_text(
        "Your card was declined. Next try on"
    )
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"subscription-dunning-{width}")

    await stored_card(gateway, merchant_id, customer, GOOD_CARD)  # the newest card is charged
    await page.goto(f"/dashboard/invoices/{invoice.id}")
    await page.locator("#payments").get_by_role("button", name="Retry payment").click()
    await expect(page.locator("#retry-answer")).to_have_text("Paid: $49.00 collected.")
    await expect(page.locator("#invoice-head [data-status=paid]")).to_have_text("Paid")
    await expect(page.get_by_role("button", name="Retry payment")).to_have_count(0)
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"invoice-retry-paid-{width}")


@VIEWPORTS
async def test_refund_partial_too_much_then_the_rest_and_cancel(new_page, viewport, gateway):
    page = await new_page(viewport)
    width = viewport["width"]
    merchant_id = await connected_merchant(page)
    paid = await paid_subscription(merchant_id, configured=False)
    sid = paid.subscription.stable_subscription_id

    await page.goto(f"/dashboard/subscriptions/{sid}")
    section = page.locator("#refund")
    amount = section.get_by_label("Amount")
    await expect(amount).to_have_value("49.00")
    await amount.fill("10.00")
    await section.get_by_label("Reason").fill("Charged twice in January")
    await section.get_by_role("button", name="Refund").click()
    await answer_confirm(page, says="Refund this payment?")
    result = page.locator("#refund-result")
    await expect(result).to_contain_text("Refunded: $10.00")
    await expect(result.get_by_role("link")).to_have_text("INV-000002")
    await expect(section.get_by_label("Amount")).to_have_value("39.00")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"subscription-refund-partial-{width}")

    await section.get_by_label("Amount").fill("50.00")
    await section.get_by_role("button", name="Refund").click()
    await answer_confirm(page)
    error = section.locator("small.field-error")
    await expect(error).to_contain_text(
        "$50.00 is more than is left to refund on this payment: $39.00 of $49.00"
    )
    await expect(section.get_by_label("Amount")).to_have_attribute("aria-invalid", "true")
    await screenshot(page, f"subscription-refund-too-much-{width}")

    await section.get_by_label("Amount").fill("39.00")
    await section.get_by_label("Also cancel the subscription").check()
    await section.get_by_role("button", name="Refund").click()
    await answer_confirm(page)
    await expect(result).to_contain_text("Refunded: $39.00")
    await expect(result).to_contain_text("The subscription is cancelled.")
    await expect(page.locator(f"#subscription-{sid}")).to_have_attribute("data-status", "cancelled")
    await expect(section).to_contain_text("This payment has been refunded in full.")
    await expect(page.locator("#invoices")).to_contain_text("INV-000003")
    await expect(page.locator("#upcoming-invoice")).to_have_count(0)
    invoices = page.locator("#invoices .table-scroll")
    widths = await invoices.evaluate("box => [box.scrollWidth, box.clientWidth]")
    assert widths[0] <= widths[1], "the invoices' totals should show without a sideways scroll"
    await expect(page.get_by_role("link", name="Change plan")).to_have_count(0)
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"subscription-refund-cancelled-{width}")
