"""The hosted portal in Chromium for a merchant whose provider is B (``tally serve`` pointed at
the provider B fake), at 1280 and 390 px: the overdue invoice offers its payment link, which
opens the provider's page in a new tab; the provider's signed ``payment.succeeded`` webhook
pays it and the page, reloaded, says so; "Add a payment method" takes the customer to the
provider's mandate page."""

import asyncio

import httpx
import pytest
from playwright.async_api import expect

from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from tests.conftest import in_test_mode
from tests.pages.conftest import DESKTOP, PHONE, screenshot
from tests.support.factories.portal import session_token
from tests.support.factories.portal_pages import overdue_customer
from tests.support.fakes.provider_b_events import event_payload, payment_data, send_event

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture(scope="module")
def live_server(payments_server):
    """The server with both providers' API bases (tests/pages/conftest.py)."""
    return payments_server


async def waiting_on_a_link(live_server, make_merchant, fake):
    """A test-mode merchant with provider B saved through the server, and an overdue
    customer (billing country DE) whose invoice's pending attempt holds a link at the fake."""
    key = fake.add_key("test_mode")
    account = await in_test_mode(await make_merchant(name="Northwind Apps"))
    async with httpx.AsyncClient(base_url=live_server, timeout=30) as http:
        saved = await http.post(
            "/v1/provider-b/config", json={"secretKey": key}, headers=account.headers
        )
    assert saved.status_code == 200, saved.text
    overdue = await overdue_customer(account.id, None, None)
    overdue.customer.billing_country = "DE"
    await overdue.customer.save()
    paid_there = fake.add_payment(key, overdue.invoice.total_cents)
    payment = await Payment.create(
        merchant_id=account.id,
        invoice_id=overdue.invoice.id,
        customer_id=overdue.customer.id,
        provider="provider_b",
        amount_cents=overdue.invoice.total_cents,
        currency=overdue.invoice.currency,
        status="pending",
        attempt=1,
        idempotency_key=f"{overdue.invoice.id}:1",
        provider_payment_id=paid_there,
        payment_link=f"{fake.url}/checkout/{paid_there}",
    )
    await Invoice.filter(id=overdue.invoice.id).update(payment_id=payment.id)
    secret = next(h["secret"] for h in fake.webhooks.values() if h["key"] == key)
    return account, overdue, payment, secret


@VIEWPORTS
async def test_pay_with_the_link_then_add_a_payment_method(
    new_page, live_server, make_merchant, provider_b_fake, viewport
):
    account, overdue, payment, secret = await waiting_on_a_link(
        live_server, make_merchant, provider_b_fake
    )
    token = await session_token(account.id, overdue.customer)
    page = await new_page(viewport)
    size = "phone" if viewport == PHONE else "desktop"
    await page.goto(f"{live_server}/portal/{token}")
    await expect(page).to_have_url(f"{live_server}/portal/")
    overdue_box = page.locator("#overdue")
    await expect(overdue_box).to_contain_text(f"{overdue.invoice.number} · $49.00")
    link = overdue_box.get_by_role("button", name="Pay with the payment link")
    await expect(link).to_have_attribute("href", payment.payment_link)
    await screenshot(page, f"portal-b-link-{size}")
    assert await page.evaluate(OVERFLOW), "the page scrolls sideways"
    async with page.context.expect_page() as opened:
        await link.click()
    provider_page = await opened.value
    assert provider_page.url == payment.payment_link
    await provider_page.close()

    data = payment_data(payment.provider_payment_id, metadata={"payment_id": payment.id})
    url = f"{live_server}/v1/public/webhook-provider-b/{account.id}"
    sent = await asyncio.to_thread(
        send_event, url, secret, event_payload("payment.succeeded", data)
    )
    assert sent.status_code == 200, sent.text
    await page.reload()
    await expect(page.locator("#overdue")).to_have_count(0)
    await expect(page.locator(f'[data-invoice="{overdue.invoice.id}"]')).to_contain_text("Paid")

    # Not a form's redirect, which the pages' form-action 'self' policy would stop here.
    await page.get_by_role("button", name="Add a payment method").click()
    await page.wait_for_url(f"{provider_b_fake.url}/mandate/**")
    [mandate] = [
        m
        for m in provider_b_fake.mandates
        if m["body"]["metadata"].get("customer_id") == overdue.customer.id
    ]
    assert page.url == mandate["payment_link"]
    assert mandate["body"]["return_url"] == f"{live_server}/portal/"
