"""Receipt PDFs for succeeded payments, read back with pypdf: in the dashboard ("Download
receipt" on the invoice page) and in the portal at /portal/payments/<id>/receipt.pdf, for
the session's customer only and only while the merchant's portal offers receipts."""

import os
import tempfile
from pathlib import Path

import pytest

from billing.accounts.models import Merchant
from billing.payments.models import Payment
from billing.portal import receipt_downloads
from tests.support.factories.documents import FOOTER, paid_invoice, seller_profile, text_of
from tests.support.factories.portal import session_token
from tests.support.webapp.catalog_pages import signed_up
from tests.support.webapp.portal_pages import opens

pytestmark = pytest.mark.usefixtures("memory_gateway")
LOOK = Path(os.environ.get("TALLY_SCREENSHOT_DIR", tempfile.gettempdir())) / "tally-pages"


async def test_the_dashboard_links_and_serves_the_receipt(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    await seller_profile(merchant_id)
    paid = await paid_invoice(merchant_id)
    page = await client.get(f"/dashboard/invoices/{paid.invoice.id}")
    html = await page.get_data(as_text=True)
    href = f"/dashboard/invoices/receipts/{paid.payment.id}.pdf"
    assert f'href="{href}"' in html and "Download receipt" in html
    assert '<p id="invoice-reason">First invoice · issued' in html
    assert "INV-000001, the number your customer sees" in html
    assert paid.invoice.customer_invoice_number not in html
    download = await client.get(href)
    assert download.status_code == 200
    assert download.headers["Content-Type"] == "application/pdf"
    assert 'filename="Receipt INV-000001-R1.pdf"' in download.headers["Content-Disposition"]
    document = await download.get_data()
    LOOK.mkdir(parents=True, exist_ok=True)
    (LOOK / "receipt.pdf").write_bytes(document)
    text = text_of(document)
    for expected in (
        "Receipt",
        "Receipt number: INV-000001-R1",
        "Amount paid: 49.00 USD",
        "Date paid: Jan 1, 2030",
        "Payment method: Visa ending in 4242",
        "For invoice: INV-000001",
        "Engine plan — monthly fee",
        "Hauptstrasse 5",
        "Tax ID: DE123456789",
        "Paid by",
        "Grace Hopper Ltd",
        "Tax ID: IE9876543X",
        FOOTER,
    ):
        assert expected in text
    assert "Refunded" not in text


async def test_a_refund_of_the_payment_shows_on_its_receipt(client, merchant):
    paid = await paid_invoice(merchant.id)
    sid = paid.subscription.stable_subscription_id
    await client.post(
        f"/v1/subscriptions/{sid}/refunds", json={"amountCents": 1000}, headers=merchant.headers
    )
    _, document = await receipt_downloads.customer_receipt(
        merchant.id, paid.payment.customer_id, paid.payment.id
    )
    text = text_of(document)
    assert "Refunded -10.00 USD" in text and "Net amount paid 39.00 USD" in text
    assert "credit note INV-000002" in text


async def test_another_merchants_or_a_failed_payment_answers_404(client, sign_up, merchant):
    theirs = await paid_invoice(merchant.id)
    merchant_id, _ = await signed_up(sign_up)
    mine = await paid_invoice(merchant_id)
    await Payment.filter(id=mine.payment.id).update(status="failed")
    for payment_id in (theirs.payment.id, mine.payment.id, "pay_nothing"):
        answer = await client.get(f"/dashboard/invoices/receipts/{payment_id}.pdf")
        assert answer.status_code == 404
        assert await answer.get_data(as_text=True) == "This receipt was not found."


async def test_the_portal_serves_its_customers_receipts_only_while_allowed(client, merchant):
    paid = await paid_invoice(merchant.id)
    other = await paid_invoice(merchant.id, configured=True)  # the merchant's other customer
    customer = await paid.subscription.customer
    client.cookie_jar.clear()
    await opens(client, await session_token(merchant.id, customer))
    path = f"/portal/payments/{paid.payment.id}/receipt.pdf"
    mine = await client.get(path)
    assert mine.status_code == 200 and mine.headers["Content-Type"] == "application/pdf"
    assert "Receipt number: INV-000001-R1" in text_of(await mine.get_data())
    theirs = await client.get(f"/portal/payments/{other.payment.id}/receipt.pdf")
    assert theirs.status_code == 404
    await Merchant.filter(id=merchant.id).update(portal_allows=["cancel", "update_billing"])
    assert (await client.get(path)).status_code == 404


async def test_without_a_portal_session_there_is_no_receipt(client, merchant):
    paid = await paid_invoice(merchant.id)
    client.cookie_jar.clear()
    answer = await client.get(f"/portal/payments/{paid.payment.id}/receipt.pdf")
    assert answer.status_code == 401
