"""The portal's own actions in Chromium against ``tally serve``, at 1280 and 390 px: a customer
mid-way through a paid month of Basic sees their receipt with its card, previews the switch
to Pro (today's proration and the new price; nothing changes until they confirm), confirms it,
cancels at the period end with a reason, keeps the subscription after all, and saves a new
billing address and tax id (an error shown in place first). Each action turned off by the
merchant is neither shown nor served, and another customer's subscription answers as a
missing one."""

import re
from decimal import Decimal

import pytest
from playwright.async_api import expect

from billing.invoicing.models import Invoice
from billing.portal import portal_choices
from billing.subscriptions.models import Subscription, SubscriptionEvent
from tests.pages.conftest import DESKTOP, PHONE, screenshot
from tests.support.factories.portal import session_token
from tests.support.factories.portal_actions import subscribed_customer

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


async def live_version(merchant_id: str, stable_id: str) -> Subscription:
    return await Subscription.get(
        merchant_id=merchant_id, stable_subscription_id=stable_id, deleted_at=None
    )


def cents(text: str) -> int:
    """ "$19.35" → 1935."""
    return int(Decimal(re.sub(r"[^0-9.]", "", text)) * 100)


async def open_portal(new_page, merchant_id: str, customer, viewport):
    page = await new_page(viewport)
    await page.goto(f"/portal/{await session_token(merchant_id, customer)}")
    await expect(page.get_by_role("heading", name="Your billing")).to_be_visible()
    return page


@VIEWPORTS
async def test_a_customer_switches_plan_cancels_keeps_and_updates_billing_details(
    new_page, make_merchant, viewport
):
    size = "phone" if viewport == PHONE else "desktop"
    account = await make_merchant(name="Northwind Apps")
    made = await subscribed_customer(account.id)
    stable_id = made.subscription.stable_subscription_id
    page = await open_portal(new_page, account.id, made.customer, viewport)

    receipt = page.locator(f'[data-receipt="{made.payment.id}"]')
    await expect(receipt).to_contain_text("$20.00")
    await expect(receipt).to_contain_text("Visa •••• 4242")
    link = receipt.get_by_role("button", name="Download receipt")
    assert await link.get_attribute("href") == f"/portal/payments/{made.payment.id}/receipt.pdf"
    paid = page.locator(f'[data-payment="{made.payment.id}"]')
    await expect(paid.locator("[data-paid-with]")).to_have_text("Visa •••• 4242")
    await screenshot(page, f"portal-actions-home-{size}")
    assert await page.evaluate(OVERFLOW), "the page scrolls sideways"

    # Change plan: the table's plans at the subscription's interval, then the preview.
    await page.get_by_role("button", name="Change plan").click()
    options = page.locator("#plan-options")
    await expect(options).to_contain_text("Pro")
    await expect(options).not_to_contain_text("Yearly")  # a yearly price only
    await expect(options).not_to_contain_text("Basic")  # the plan it is on
    await screenshot(page, f"portal-switch-{size}")
    await page.get_by_role("button", name="Choose Pro").click()
    preview = page.locator("#switch-preview")
    await expect(preview.locator("#proration")).to_contain_text("Unused time")
    await expect(preview.locator("#proration")).to_contain_text("Remaining time")
    await expect(preview).to_contain_text("Charged now")
    await expect(preview.locator("[data-new-price]")).to_contain_text("$50.00")
    shown = cents(await preview.locator("[data-total]").inner_text())
    # Twenty of the month's days at $30 more: about $20 (the month's length varies).
    assert 1800 <= shown <= 2200, shown
    await screenshot(page, f"portal-switch-preview-{size}")
    assert await page.evaluate(OVERFLOW), "the preview scrolls sideways"
    # The preview changed nothing.
    assert (await live_version(account.id, stable_id)).plan_id == made.basic.id
    assert not await Invoice.filter(merchant_id=account.id, billing_reason="proration").exists()

    await page.get_by_role("button", name="Confirm plan change").click()
    await expect(page.locator("#flashes")).to_contain_text("You are now on Pro")
    await expect(page.locator(".portal-plan")).to_contain_text("Pro")
    live = await live_version(account.id, stable_id)
    assert (live.plan_id, live.effective_price_id) == (made.pro.id, made.pro_price.id)
    settled = await Invoice.get(merchant_id=account.id, billing_reason="proration")
    assert abs(settled.total_cents - shown) <= 1  # the seconds between preview and confirm

    # Cancel at the period end, with a reason; the confirmation says when access ends.
    await page.get_by_role("button", name="Cancel subscription").click()
    ends = page.locator("[data-ends]")
    await expect(ends).to_contain_text("your subscription ends on")
    period_end = live.current_period_end.strftime("%b %-d, %Y")
    await expect(ends).to_contain_text(period_end)
    await page.get_by_label("Why are you cancelling?").fill("Too expensive for our team")
    await screenshot(page, f"portal-cancel-{size}")
    await page.get_by_role("button", name="Cancel subscription").click()
    await expect(page.locator("#flashes")).to_contain_text(f"You keep access until {period_end}")
    await expect(page.locator("[data-period-end]")).to_contain_text("Cancelled: ends on")
    await expect(page.get_by_role("button", name="Change plan")).to_have_count(0)
    live = await live_version(account.id, stable_id)
    assert live.cancel_at_period_end and live.cancel_reason == "Too expensive for our team"
    events = SubscriptionEvent.filter(merchant_id=account.id, stable_subscription_id=stable_id)
    assert await events.filter(kind="cancel_scheduled").count() == 1
    await screenshot(page, f"portal-cancelled-{size}")

    await page.get_by_role("button", name="Keep my subscription").click()
    await expect(page.locator("#flashes")).to_contain_text("Your subscription continues")
    await expect(page.locator("[data-period-end]")).to_contain_text("Renews on")
    live = await live_version(account.id, stable_id)
    assert not live.cancel_at_period_end and live.cancel_reason is None
    assert await events.filter(kind="cancel_unscheduled").count() == 1

    # Billing details: an error in place, then saved and shown.
    await page.get_by_role("button", name="Edit billing details").click()
    await expect(page.get_by_text("Changes apply from your next invoice on")).to_be_visible()
    await page.get_by_label("Street address").fill("12 Rue de Rivoli")
    postal = page.get_by_label("Postal or ZIP code")
    await postal.evaluate("field => field.removeAttribute('maxlength')")  # as a pasted value
    await postal.fill("7" * 41)
    await page.get_by_label("City").fill("Paris")
    await page.get_by_label("Country").select_option(label="France")
    await page.get_by_label("VAT or tax ID").fill("FR40303265045")
    await page.get_by_role("button", name="Save billing details").click()
    error = page.locator("#billing_postal_code-help")
    await expect(error).to_have_text("Field cannot be longer than 40 characters.")
    await screenshot(page, f"portal-billing-details-error-{size}")
    await page.get_by_label("Postal or ZIP code").fill("75001")
    await page.get_by_role("button", name="Save billing details").click()
    await expect(page.locator("#flashes")).to_contain_text("Billing details saved")
    address = page.locator("[data-address]")
    await expect(address).to_contain_text("12 Rue de Rivoli")
    await expect(address).to_contain_text("75001 Paris")
    await expect(address).to_contain_text("France")
    await expect(page.locator("[data-tax-id]")).to_contain_text("FR40303265045")
    await made.customer.refresh_from_db()
    assert (made.customer.billing_country, made.customer.tax_id) == ("FR", "FR40303265045")
    assert made.customer.billing_postal_code == "75001"
    await screenshot(page, f"portal-actions-done-{size}")
    assert await page.evaluate(OVERFLOW), "the page scrolls sideways"


@VIEWPORTS
async def test_actions_the_merchant_turned_off_are_neither_shown_nor_served(
    new_page, make_merchant, viewport
):
    size = "phone" if viewport == PHONE else "desktop"
    account = await make_merchant(name="Northwind Apps")
    made = await subscribed_customer(account.id)
    await portal_choices.save_choices(account.id, [])
    page = await open_portal(new_page, account.id, made.customer, viewport)
    for name in ("Change plan", "Cancel subscription", "Edit billing details"):
        await expect(page.get_by_role("button", name=name)).to_have_count(0)
    await expect(page.locator("#receipts")).to_have_count(0)
    await expect(page.locator("#details")).to_have_count(0)
    await screenshot(page, f"portal-actions-off-{size}")

    sub = made.subscription.stable_subscription_id
    token = await page.locator("input[name=csrf_token]").first.get_attribute("value")
    await page.goto(f"/portal/subscriptions/{sub}/cancel")
    await expect(page.locator("[data-refused]")).to_contain_text("not available")
    await screenshot(page, f"portal-action-refused-{size}")
    for path in (f"subscriptions/{sub}/cancel", f"subscriptions/{sub}/plans", "billing-details"):
        answer = await page.request.get(f"/portal/{path}")
        assert answer.status == 403, path
        assert "not available in this billing portal" in await answer.text()
    posts = (
        f"subscriptions/{sub}/cancel",
        f"subscriptions/{sub}/keep",
        f"subscriptions/{sub}/plans/{made.pro_price.id}",
        "billing-details",
    )
    for path in posts:
        answer = await page.request.post(
            f"/portal/{path}", form={"csrf_token": token, "reason": "x", "billing_city": "Rome"}
        )
        assert answer.status == 403, path
    live = await live_version(account.id, sub)
    assert (live.plan_id, live.cancel_at_period_end) == (made.basic.id, False)
    await made.customer.refresh_from_db()
    assert made.customer.billing_city is None

    await portal_choices.save_choices(account.id, ["receipts"])
    await page.goto("/portal/")
    await expect(page.locator("#receipts")).to_be_visible()
    await expect(page.get_by_role("button", name="Cancel subscription")).to_have_count(0)


async def test_another_customers_subscription_answers_as_a_missing_one(new_page, make_merchant):
    account = await make_merchant(name="Northwind Apps")
    mine = await subscribed_customer(account.id)
    theirs = await subscribed_customer(account.id)
    page = await open_portal(new_page, account.id, mine.customer, DESKTOP)
    token = await page.locator("input[name=csrf_token]").first.get_attribute("value")
    other = theirs.subscription.stable_subscription_id
    unknown = "sub_" + "x" * 22
    for sub in (other, unknown):
        answer = await page.request.get(f"/portal/subscriptions/{sub}/cancel")
        assert answer.status == 404
        assert "This subscription was not found." in await answer.text()
        posted = await page.request.post(
            f"/portal/subscriptions/{sub}/cancel", form={"csrf_token": token, "reason": ""}
        )
        assert posted.status == 404
        preview = await page.request.get(f"/portal/subscriptions/{sub}/plans/{mine.pro_price.id}")
        assert preview.status == 404
    assert not (await live_version(account.id, other)).cancel_at_period_end
    # A price the table does not offer (the plan it is on) is refused in words too.
    mine_id = mine.subscription.stable_subscription_id
    answer = await page.request.get(
        f"/portal/subscriptions/{mine_id}/plans/{mine.subscription.effective_price_id}"
    )
    assert answer.status == 404
    assert "This plan is not available for your subscription." in await answer.text()
