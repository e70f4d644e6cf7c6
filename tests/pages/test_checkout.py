"""The hosted checkout page in Chromium against ``tally serve`` pointed at localstripe: the
iframe pricing table with ``checkout=hosted`` opens it, the sandbox card form pays with
4242... and shows a decline of ...0341 in place, with "Try again"; at 1280 and 390 px."""

import pytest
from playwright.async_api import expect

from billing.customers import customers
from billing.customers.models import Customer
from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from billing.subscriptions import subscriptions
from billing.subscriptions.models import Subscription
from tests.pages.conftest import DESKTOP, screenshot
from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD
from tests.support.pages.checkout import OVERFLOW, VIEWPORTS, fill_card, shop


@pytest.fixture(scope="module")
def live_server(payments_server):
    """The server with both providers' API bases (tests/pages/conftest.py)."""
    return payments_server


@VIEWPORTS
async def test_checkout_declines_then_pays(new_page, live_server, make_merchant, viewport):
    account, plan, price = await shop(live_server, make_merchant)
    page = await new_page(viewport)
    await page.goto(f"/embed/pricing-tables/pricing?key={account.publishable_key}&checkout=hosted")
    async with page.context.expect_page() as opened:
        await page.get_by_role("button", name="Get started").click()
    checkout = await opened.value
    await checkout.wait_for_load_state()
    assert f"/checkout/pricing/{plan.id}?price={price.id}" in checkout.url
    await expect(checkout.get_by_text("$49.00 / month")).to_be_visible()
    await expect(checkout.get_by_role("heading", name="Pro")).to_be_visible()

    await checkout.get_by_label("Email").fill("ada@example.com")
    await checkout.get_by_label("Name").fill("Ada")
    await checkout.get_by_role("button", name="Continue").click()
    await expect(checkout.locator("[data-total]")).to_have_text("$49.00")

    await fill_card(checkout, DECLINED_CARD)
    status = checkout.locator("#status")
    await expect(status).to_contain_text("The payment failed")
    await expect(checkout.get_by_role("button", name="Try again")).to_be_visible()
    assert await checkout.evaluate(OVERFLOW)
    await screenshot(checkout, f"checkout-declined-{viewport['width']}")

    await checkout.get_by_role("button", name="Try again").click()
    await fill_card(checkout, GOOD_CARD)
    await expect(status).to_have_text("Paid — you're subscribed")
    assert await checkout.evaluate(OVERFLOW)
    await screenshot(checkout, f"checkout-paid-{viewport['width']}")
    # "Try again" continues the page's own checkout (retryOf): one customer, one subscription,
    # its first invoice paid by the second attempt.
    tries = await Subscription.filter(merchant_id=account.id, deleted_at=None)
    assert [s.status for s in tries] == ["active"]
    assert await Customer.filter(merchant_id=account.id, deleted_at=None).count() == 1
    [invoice] = await Invoice.filter(merchant_id=account.id)
    assert invoice.status == "paid" and invoice.number
    attempts = await Payment.filter(invoice_id=invoice.id).order_by("attempt")
    assert [p.status for p in attempts] == ["failed", "succeeded"]


async def test_paying_with_a_subscribers_email_says_it_is_refunded(
    new_page, live_server, make_merchant
):
    """The page cannot learn who subscribes before payment (the same form, the same total);
    paid, it says the payment is refunded (billing/payments/checkout/checkout_claims.py)."""
    account, plan, price = await shop(live_server, make_merchant)
    subscriber = await customers.create_customer(account.id, email="sub@example.com")
    await subscriptions.create_subscription(
        account.id, customer_id=subscriber.id, plan_id=plan.id, effective_price_id=price.id
    )
    page = await new_page(DESKTOP)
    await page.goto(f"/checkout/pricing/{plan.id}?price={price.id}&key={account.publishable_key}")
    await page.get_by_label("Email").fill("sub@example.com")
    await page.get_by_role("button", name="Continue").click()
    await expect(page.locator("[data-total]")).to_have_text("$49.00")
    await fill_card(page, GOOD_CARD)
    await expect(page.locator("#status")).to_have_text(
        "You already have a subscription: this payment is refunded"
    )
    assert await Subscription.filter(customer_id=subscriber.id).count() == 1
