"""A past-due subscription on the dashboard in Chromium, at 1280 and 390 px: the subscription
list's own "Past due" tab with an orange badge, the customers list's subscription column, and
the subscription page with the failed attempts on the dates the passes made them, the next
try, then (the schedule run out) no more tries and the grace period's fixed end."""

import pytest
from playwright.async_api import expect

from billing.invoicing.models import Invoice
from billing.payments.collection.payment_outcomes import mark_failed
from billing.payments.models import Payment
from billing.subscriptions.models import Subscription
from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up
from tests.support.factories.webhooks import pending_payment
from tests.support.pages.plans import OVERFLOW
from tests.support.pages.subscriptions import merchant_of
from tests.support.webapp.refund_pages import day

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])


async def _attempt(invoice: Invoice, number: int, on) -> Payment:
    """Attempt ``number`` of the invoice, made and declined by the pass of ``on``."""
    payment = await Payment.create(
        merchant_id=invoice.merchant_id,
        invoice_id=invoice.id,
        customer_id=invoice.customer_id,
        provider="provider_a",
        amount_cents=invoice.total_cents,
        currency=invoice.currency,
        attempt=number,
        idempotency_key=f"{invoice.id}:attempt-{number}",
        created_at=on,
    )
    await Invoice.filter(id=invoice.id).update(payment_status="pending", payment_id=payment.id)
    assert await mark_failed(payment.id, "Your card was declined.", at=on)
    return payment


@VIEWPORTS
async def test_a_past_due_subscription_in_the_lists_and_on_its_page(new_page, app, viewport):
    page = await new_page(viewport)
    size = "phone" if viewport == PHONE else "desktop"
    merchant_id = await merchant_of(await sign_up(page))
    first = await pending_payment(merchant_id, "provider_a")
    invoice = await Invoice.get(id=first.invoice_id)
    sid = invoice.stable_subscription_id
    await Payment.filter(id=first.id).update(created_at=day(1))
    await mark_failed(first.id, "Your card was declined.", at=day(1))  # the renewal's pass
    live = await Subscription.get(stable_subscription_id=sid, deleted_at=None)
    assert live.status == "past_due"

    await page.goto("/dashboard/subscriptions")
    tab = page.locator(".status-filter").get_by_role("link", name="Past due")
    await expect(tab).to_contain_text("1")
    await tab.click()
    row = page.locator(f"#subscription-{sid}")
    badge = row.locator(".status-badge")
    await expect(badge).to_have_text("Past due")
    await expect(badge).to_have_class("badge status-badge badge-past-due")
    # Its own orange, not paused's amber nor unpaid's red.
    await expect(badge).to_have_css("background-color", "rgb(255, 240, 230)")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"subscriptions-past-due-tab-{size}")

    await page.goto("/dashboard/customers")
    customer_row = page.locator(f"#customer-{invoice.customer_id}")
    await expect(customer_row.locator(".status-badge")).to_have_text("Past due")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"customers-past-due-{size}")

    await page.goto(f"/dashboard/subscriptions/{sid}")
    dunning = page.locator("#dunning")
    await expect(dunning).to_contain_text("Payment failed on Jan 1, 2030: Your card was declined.")
    await expect(dunning).to_contain_text("Next try on Jan 2, 2030.")
    await expect(dunning).not_to_contain_text("No more tries")
    await expect(page.locator("#dunning-grace")).to_have_count(0)
    await screenshot(page, f"subscription-past-due-retrying-{size}")

    for number, on in ((2, day(2)), (3, day(4)), (4, day(6))):  # the default 1, 3, 5 days
        await _attempt(invoice, number, on)
    live = await Subscription.get(stable_subscription_id=sid, deleted_at=None)
    assert (live.status, live.grace_period_ends_at) == ("past_due", day(13))
    await _attempt(invoice, 5, day(8))  # retried by hand: the grace end stays
    await page.reload()
    await expect(dunning).to_contain_text("Payment failed on Jan 8, 2030: Your card was declined.")
    await expect(dunning).to_contain_text("No more tries are scheduled.")
    await expect(dunning).not_to_contain_text("Next try")
    await expect(dunning).to_contain_text("(Jan 1, 2030, Jan 2, 2030, Jan 4, 2030, Jan 6, 2030")
    await expect(page.locator("#dunning-grace")).to_have_text(
        "Grace period ends Jan 13, 2030; then the subscription will be cancelled."
    )
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"subscription-past-due-grace-{size}")
