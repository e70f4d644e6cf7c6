"""The hosted checkout keeps the card (issue 28), in Chromium against ``tally serve`` pointed
at localstripe, at 1280 and 390 px: a trial plan says "Free for 14 days, then $29.00 a
month", saves the card without charging and says the trial started; a paid plan pays; then
the customer portal lists the card the checkout kept, as the subscription's."""

import pytest
from playwright.async_api import expect

from billing.catalog.models import Plan, Price
from billing.catalog.pricing import fixed_price_data
from billing.customers.models import Customer
from billing.invoicing.models import Invoice
from billing.payments.models import PaymentMethod
from billing.subscriptions.models import Subscription
from tests.pages.conftest import DESKTOP, PHONE, screenshot
from tests.support.factories.card_payments import GOOD_CARD
from tests.support.factories.portal import session_token
from tests.support.pages.checkout import shop

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture(scope="module")
def live_server(payments_server):
    """The server with both providers' API bases (tests/pages/conftest.py)."""
    return payments_server


async def fill_card(page, button: str) -> None:
    form = page.locator("#card-form")
    await form.get_by_label("Card number").fill(GOOD_CARD)
    await form.get_by_label("Month").fill("12")
    await form.get_by_label("Year").fill("2034")
    await form.get_by_label("CVC").fill("123")
    await form.get_by_role("button", name=button).click()


async def open_checkout(page, account, plan, price) -> None:
    await page.goto(f"/checkout/pricing/{plan.id}?price={price.id}&key={account.publishable_key}")
    await page.get_by_label("Email").fill("ada@example.com")
    await page.get_by_label("Name").fill("Ada")
    await page.get_by_role("button", name="Continue").click()


async def portal_shows_the_card(page, live_server, account, size: str) -> None:
    customer = await Customer.get(merchant_id=account.id, email="ada@example.com")
    customer.external_customer_id = "ada-1"  # the merchant's own id, which portal links name
    await customer.save(update_fields=["external_customer_id"])
    token = await session_token(account.id, customer)
    await page.goto(f"{live_server}/portal/{token}")
    methods = page.locator("#methods")
    card = methods.locator("li", has_text="Visa •••• 4242")
    await expect(card).to_contain_text("Expires 12/2034")
    await expect(card.locator(".portal-badge")).to_have_text("Used for your subscription")
    await expect(page.get_by_text("No payment methods saved yet")).to_have_count(0)
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"checkout-card-portal-{size}")


@VIEWPORTS
async def test_a_trial_checkout_saves_the_card_and_starts_the_trial(
    new_page, live_server, make_merchant, viewport
):
    account, plan, price = await shop(live_server, make_merchant)
    await Plan.filter(id=plan.id).update(trial_enabled=True, trial_days=14)
    await Price.filter(id=price.id).update(pricing_data=fixed_price_data(2900, "month"))
    page = await new_page(viewport)
    size = "phone" if viewport == PHONE else "desktop"
    await page.goto(f"/checkout/pricing/{plan.id}?price={price.id}&key={account.publishable_key}")
    terms = page.locator("[data-trial-terms]")
    await expect(terms).to_have_text("Free for 14 days, then $29.00 a month")
    await page.get_by_label("Email").fill("ada@example.com")
    await page.get_by_role("button", name="Continue").click()
    await expect(page.locator("[data-total]")).to_have_text("$0.00")
    await expect(page.get_by_text("Nothing is charged today.")).to_be_visible()
    await screenshot(page, f"checkout-trial-card-{size}")

    await fill_card(page, "Start free trial")
    status = page.locator("#status")
    await expect(status).to_contain_text("Your trial has started.")
    await expect(status).to_contain_text("Your card is first charged on")
    await expect(page.get_by_text("Paid")).to_have_count(0)
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"checkout-trial-started-{size}")
    live = await Subscription.get(merchant_id=account.id, deleted_at=None)
    card = await PaymentMethod.get(merchant_id=account.id)
    assert (live.status, live.payment_method_id) == ("trialing", card.id)
    assert not await Invoice.filter(merchant_id=account.id).exists()

    await portal_shows_the_card(page, live_server, account, f"trial-{size}")


@VIEWPORTS
async def test_a_paid_checkout_keeps_the_card_for_the_portal(
    new_page, live_server, make_merchant, viewport
):
    account, plan, price = await shop(live_server, make_merchant)
    page = await new_page(viewport)
    size = "phone" if viewport == PHONE else "desktop"
    await open_checkout(page, account, plan, price)
    await expect(page.locator("[data-trial-terms]")).to_have_count(0)
    await expect(page.locator("[data-total]")).to_have_text("$49.00")
    await fill_card(page, "Pay")
    await expect(page.locator("#status")).to_have_text("Paid — you're subscribed")
    live = await Subscription.get(merchant_id=account.id, deleted_at=None)
    card = await PaymentMethod.get(merchant_id=account.id)
    assert (live.status, live.payment_method_id) == ("active", card.id)

    await portal_shows_the_card(page, live_server, account, f"paid-{size}")
