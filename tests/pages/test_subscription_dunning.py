"""The subscription page's dunning state in Chromium: the failed attempt with the provider's
message and the next try's date, then (the schedule run out) the grace period's end and the
end action in words; at 1280 and 390 px without a sideways scroll."""

from playwright.async_api import expect

from billing.invoicing.models import Invoice
from billing.subscriptions.models import Subscription
from tests.pages.conftest import PHONE, screenshot, sign_up
from tests.support.factories.webhooks import pending_payment
from tests.support.pages.plans import OVERFLOW
from tests.support.pages.subscriptions import merchant_of
from tests.support.webapp.refund_pages import day, failed_attempt


async def test_retry_date_then_grace_end_on_the_subscription_page(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    payment = await pending_payment(merchant_id, "provider_a")
    sid = (await Invoice.get(id=payment.invoice_id)).stable_subscription_id
    await failed_attempt(payment, day(3), day(4))

    await page.goto(f"/dashboard/subscriptions/{sid}")
    dunning = page.locator("#dunning")
    await expect(dunning).to_contain_text("Payment failed on Jan 3, 2030: Your card was declined.")
    await expect(dunning).to_contain_text("Next try on Jan 4, 2030.")
    await expect(page.locator("#dunning-grace")).to_have_count(0)
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "subscription-dunning-retry-1280")

    await failed_attempt(payment, day(5), None)  # the last retry failed
    await Subscription.filter(stable_subscription_id=sid).update(grace_period_ends_at=day(12))
    await page.set_viewport_size(PHONE)
    await page.reload()
    await expect(page.locator("#dunning-grace")).to_contain_text(
        "Grace period ends Jan 12, 2030; then the subscription will be cancelled."
    )
    await expect(dunning).not_to_contain_text("Next try")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "subscription-dunning-grace-390")
