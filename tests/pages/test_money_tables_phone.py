"""Money tables keep their amount at phone width: on the invoice list, a customer's page (its
invoices and payments), an invoice's payment attempts and the subscription list, at 390 px
the Total or Amount column is on screen without scrolling sideways (less important columns
give way instead), and a long customer name does not push it off. Screenshots at 1280 and
390 px to look at."""

from datetime import UTC, datetime

import pytest
from playwright.async_api import expect

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.subscriptions import make_customer
from tests.support.pages.subscriptions import merchant_of

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
MAR_1 = datetime(2030, 3, 1, tzinfo=UTC)
VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])

# Each amount header and cell of the page's tables, and whether it is wholly on screen.
AMOUNTS_ON_SCREEN = """(selector) => [...document.querySelectorAll(selector)]
  .filter((cell) => cell.offsetParent !== null)
  .map((cell) => { const box = cell.getBoundingClientRect();
    return [cell.textContent.trim(), box.left >= 0 && box.right <= window.innerWidth + 0.5]; })"""
AMOUNT_CELLS = "table th.numeric, table td.numeric"


async def _seeded(page) -> tuple[str, Invoice]:
    merchant_id = await merchant_of(await sign_up(page))
    customer = await make_customer(
        merchant_id,
        name="Maximiliane Oberndorfer-Kowalczyk Consulting",
        email="accounts-payable.department@oberndorfer-kowalczyk-consulting.example.com",
    )
    await priced_subscription(merchant_id, FLAT_49, start=JAN_1, customer=customer)
    await bill_due(MAR_1, merchant_id)
    invoice = await Invoice.filter(merchant_id=merchant_id).order_by("-number").first()
    await Payment.create(
        merchant_id=merchant_id,
        invoice_id=invoice.id,
        customer_id=customer.id,
        provider="provider_a",
        amount_cents=invoice.total_cents,
        currency=invoice.currency,
        attempt=1,
        status="failed",
        idempotency_key=f"{invoice.id}:1",
        provider_payment_id="pi_3QxLongProviderPaymentIdentifier0042",
    )
    return customer.id, invoice


async def _amounts_visible(page, name: str) -> None:
    cells = await page.evaluate(AMOUNTS_ON_SCREEN, AMOUNT_CELLS)
    assert cells, f"no amount column on {name}"
    assert all(on_screen for _, on_screen in cells), (name, cells)
    assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@VIEWPORTS
async def test_amounts_stay_on_screen(new_page, app, viewport):
    page = await new_page(viewport)
    customer_id, invoice = await _seeded(page)
    width = viewport["width"]
    pages = [
        ("invoices", "/dashboard/invoices"),
        ("customer", f"/dashboard/customers/{customer_id}"),
        ("invoice", f"/dashboard/invoices/{invoice.id}"),
        ("subscriptions", "/dashboard/subscriptions"),
    ]
    for name, path in pages:
        await page.goto(path)
        await expect(page.locator("table").first).to_be_visible()
        await screenshot(page, f"money-table-{name}-{width}")
        await _amounts_visible(page, name)
    await page.goto("/dashboard/invoices")
    total = page.locator("#invoices-results thead th", has_text="Total")
    await expect(total).to_be_visible()
    await expect(page.locator("#invoices-results tbody tr").first).to_contain_text("$49.00")
