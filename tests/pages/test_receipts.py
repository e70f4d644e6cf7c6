"""A paid invoice's page in Chromium at 1280 and 390 px: "Download receipt" beside the
succeeded payment, the reason in words and one invoice number; the link and the portal's
receipt path answer the receipt PDF (read back with pypdf)."""

import pytest
from playwright.async_api import expect

from billing.accounts.models import Membership
from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up
from tests.support.factories.documents import paid_invoice, seller_profile, text_of
from tests.support.factories.portal import session_token

pytestmark = pytest.mark.usefixtures("app", "memory_gateway")  # the ORM, in this process
VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])


@VIEWPORTS
async def test_the_receipt_is_a_click_away_for_merchant_and_customer(new_page, viewport):
    page = await new_page(viewport)
    email = await sign_up(page)
    merchant_id = (await Membership.filter(user__email=email).first()).merchant_id
    await seller_profile(merchant_id)
    paid = await paid_invoice(merchant_id)

    await page.goto(f"/dashboard/invoices/{paid.invoice.id}")
    await expect(page.locator("#invoice-reason")).to_contain_text("First invoice")
    await expect(page.get_by_text("INV-000001, the number your customer sees")).to_be_visible()
    link = page.locator("#payments").get_by_role("link", name="Download receipt")
    await link.scroll_into_view_if_needed()
    await expect(link).to_be_visible()
    fits = "document.documentElement.scrollWidth <= window.innerWidth"
    assert await page.evaluate(fits)
    await screenshot(page, f"invoice-receipt-link-{viewport['width']}")
    download = await page.request.get(await link.get_attribute("href"))
    assert download.status == 200 and download.headers["content-type"] == "application/pdf"
    assert "Receipt number: INV-000001-R1" in text_of(await download.body())

    customer = await paid.subscription.customer
    await page.goto(f"/portal/{await session_token(merchant_id, customer)}")
    receipt = await page.request.get(f"/portal/payments/{paid.payment.id}/receipt.pdf")
    assert receipt.status == 200
    assert "Payment method: Visa ending in 4242" in text_of(await receipt.body())
