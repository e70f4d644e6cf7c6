"""Money tables keep their amount at phone width: on the invoice list, a customer's page (its
invoices and payments), an invoice's payment attempts and the subscription list, at 390 px
the Total or Amount column is on screen without scrolling sideways (less important columns
give way instead), and a long customer name does not push it off. Screenshots at 1280 and
390 px to look at."""

from datetime import UTC, datetime

import pytest
from playwright.async_api import expect

from billing.catalog import plan_create
from billing.catalog.models import Price
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


TIERED = {
    "type": "tiered",
    "tiers": [{"upTo": 1000, "unitAmount": 10}, {"upTo": 10000, "unitAmount": 8}]
    + [{"upTo": None, "unitAmount": 5}],
    "interval": "month",
}

# Whether each element matching the selector is wholly on screen (and visible).
ON_SCREEN = """(selector) => [...document.querySelectorAll(selector)]
  .filter((element) => element.offsetParent !== null)
  .map((element) => { const box = element.getBoundingClientRect();
    return [element.textContent.trim(),
      box.left >= 0 && box.right <= window.innerWidth + 0.5]; })"""


@VIEWPORTS
async def test_the_plan_s_prices_fit_a_phone(new_page, app, viewport):
    """The Prices table was 704 px wide in a 324 px box: at phone width Type, Billed and
    Currency go under the price and Clone and Delete stay on screen."""
    page = await new_page(viewport)
    merchant_id = await merchant_of(await sign_up(page))
    view = await plan_create.create_plan(
        merchant_id, plan_name="Pro", currency="EUR", monthly_price=2900, yearly_price=29000
    )
    await Price.create(
        merchant_id=merchant_id, plan_id=view.plan.id, currency="EUR", pricing_data=TIERED
    )
    await page.goto(f"/dashboard/plans/{view.plan.stable_plan_id}")
    rows = page.locator(".prices-table tbody tr")
    await expect(rows).to_have_count(3)
    await screenshot(page, f"money-table-plan-prices-{viewport['width']}")
    assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    box = ".prices-table"
    assert await page.evaluate(
        f"[...document.querySelectorAll('{box}')].every((t) =>"
        " t.parentElement.scrollWidth <= t.parentElement.clientWidth)"
    )
    actions = await page.evaluate(ON_SCREEN, ".prices-table td.actions [role=button]")
    assert len(actions) == 6 and all(on_screen for _, on_screen in actions), actions
    yearly = rows.filter(has_text="€290.00")
    if viewport is PHONE:
        await expect(yearly.locator(".price-facts")).to_have_text("Fixed fee · Yearly · EUR")
    else:
        await expect(yearly.locator("td.price-fact").nth(1)).to_have_text("Yearly")
