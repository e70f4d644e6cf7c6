"""The hosted customer portal in Chromium against ``tally serve`` pointed at localstripe, at
1280 and 390 px: a link clicked on the merchant's site (another site, so the Strict cookie
must survive the redirect) opens the page; the customer sees the plan and the overdue
warning, pays (declined: the subscription is past due and the page says what to do), adds a
good card, which pays the invoice at once and becomes the subscription's, removes the old card
through the app's confirm dialog, downloads an invoice and goes back."""

import httpx
import pytest
from playwright.async_api import expect

from tests.conftest import in_test_mode
from tests.pages.conftest import DESKTOP, PHONE, answer_confirm, screenshot
from tests.support.factories.card_payments import DECLINED_CARD, KEYS
from tests.support.factories.portal import RETURN_URL, session_token
from tests.support.factories.portal_pages import overdue_customer

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"
WIDEST = """[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right >
  window.innerWidth).map(e => e.tagName + '.' + e.className + ' ' + e.textContent.slice(0, 40))"""


@pytest.fixture(scope="module")
def live_server(payments_server):
    """The server with both providers' API bases (tests/pages/conftest.py)."""
    return payments_server


async def portal_link(live_server, make_merchant, localstripe_url):  # noqa: F811
    """A test-mode merchant with provider A saved through the server (which seals the keys
    with its own encryption key) and an overdue customer whose card is declined."""
    account = await in_test_mode(await make_merchant(name="Northwind Apps"))
    async with httpx.AsyncClient(base_url=live_server, timeout=30) as http:
        saved = await http.post("/v1/provider-a/config", json=KEYS, headers=account.headers)
    assert saved.status_code == 200, saved.text
    overdue = await overdue_customer(account.id, localstripe_url, DECLINED_CARD)
    token = await session_token(account.id, overdue.customer)
    return f"{live_server}/portal/{token}", overdue


@VIEWPORTS
async def test_customer_pays_an_overdue_invoice_with_a_new_card(
    new_page,
    live_server,
    make_merchant,
    localstripe_url,  # noqa: F811
    other_origin,
    viewport,
):
    link, overdue = await portal_link(live_server, make_merchant, localstripe_url)
    folder, origin = other_origin
    (folder / "account.html").write_text(
        f'<!doctype html><title>Northwind</title><a href="{link}">Manage billing</a>'
    )
    page = await new_page(viewport)
    size = "phone" if viewport == PHONE else "desktop"
    # The merchant's site is another site (localhost, not 127.0.0.1): a cross-site click.
    await page.goto(origin.replace("127.0.0.1", "localhost") + "/account.html")
    await page.get_by_role("link", name="Manage billing").click()
    await expect(page).to_have_url(f"{live_server}/portal/")
    await expect(page.get_by_role("heading", name="Your billing")).to_be_visible()
    await expect(page.locator("[data-merchant]")).to_have_text("Northwind Apps")
    await expect(page.locator(".portal-plan")).to_contain_text("Payment overdue")
    overdue_box = page.locator("#overdue")
    await expect(overdue_box).to_contain_text("Please pay by Jan 15, 2030")
    await expect(overdue_box).to_contain_text(f"{overdue.invoice.number} · $49.00")
    await screenshot(page, f"portal-overdue-{size}")
    assert await page.evaluate(OVERFLOW), await page.evaluate(WIDEST)

    await overdue_box.get_by_role("button", name="Pay now").click()
    outcome = page.locator(".portal-outcome")
    await expect(outcome).to_have_text("The payment failed: Your card was declined.")
    await expect(page.locator("#payments")).to_contain_text("Your card was declined.")
    # The renewal failed: the subscription is past due, and the page says what to do.
    await expect(page.locator(".portal-plan")).to_contain_text("Payment failed")
    await expect(overdue_box).to_contain_text("Your last payment failed")
    await expect(overdue_box).to_contain_text("add a new card under Payment methods")
    await screenshot(page, f"portal-payment-failed-{size}")

    await page.get_by_text("Add a card").click()
    form = page.locator("#card-form")
    await form.get_by_label("Card number").fill("4242 4242 4242 4242")
    await form.get_by_label("Month").fill("12")
    await form.get_by_label("Year").fill("2034")
    await form.get_by_label("CVC").fill("123")
    await form.get_by_role("button", name="Save card").click()
    methods = page.locator("#methods")
    await expect(methods).to_contain_text("Visa •••• 4242 was added.")
    new_card = methods.locator("li", has_text="Visa •••• 4242")
    await expect(new_card).to_contain_text("Expires 12/2034")
    # The new card pays the failed renewal at once and becomes the subscription's.
    await expect(new_card.locator(".portal-badge")).to_have_text("Used for your subscription")
    await expect(page.locator("#overdue")).to_have_count(0)
    await expect(page.locator(".portal-plan")).to_contain_text("Active")
    await expect(page.locator(f'[data-invoice="{overdue.invoice.id}"]')).to_contain_text("Paid")
    await screenshot(page, f"portal-new-card-paid-{size}")

    old_card = methods.locator("li", has_text="•••• 0341")
    await old_card.get_by_role("button", name="Remove").click()
    await answer_confirm(page, says="Remove Card •••• 0341?")
    await expect(methods).to_contain_text("The payment method was removed.")
    await expect(methods.locator("li", has_text="•••• 0341")).to_have_count(0)
    assert await page.evaluate(OVERFLOW), "the page scrolls sideways"
    await screenshot(page, f"portal-paid-{size}")

    pdf = page.locator(f'[data-invoice="{overdue.invoice.id}"]').get_by_role("link", name="PDF")
    download = await page.request.get(await pdf.get_attribute("href"))
    assert download.status == 200 and download.headers["content-type"] == "application/pdf"

    await page.route(
        RETURN_URL,
        lambda route: route.fulfill(body="<h1>Northwind account</h1>", content_type="text/html"),
    )
    await page.get_by_role("link", name="Back to Northwind Apps").click()
    await expect(page).to_have_url(RETURN_URL)


async def test_an_expired_link_says_where_to_go(new_page, live_server):
    page = await new_page(PHONE)
    answer = await page.goto(f"{live_server}/portal/ptok_{'x' * 43}")
    assert answer.status == 404
    await expect(page.get_by_role("heading", name="This link has expired")).to_be_visible()
    await expect(page.locator("[data-expired]")).to_contain_text("open the billing portal again")
