"""The invoice PDF as a document, read back with pypdf: the seller's legal name, address and
tax id from the business profile, the buyer's address and tax id, the plan-named line, the
billing reason in words, one invoice number, the merchant's footer, and a refund listed with
its credit note; the credit note says which invoice it is for."""

import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from billing.invoicing import invoices
from billing.invoicing.models import Invoice
from tests.support.factories.documents import FOOTER, paid_invoice, seller_profile, text_of

pytestmark = pytest.mark.usefixtures("memory_gateway")  # the subject is the document
MAR_1 = datetime(2030, 3, 1, tzinfo=UTC)
LOOK = Path(os.environ.get("TALLY_SCREENSHOT_DIR", tempfile.gettempdir())) / "tally-pages"


async def pdf_of(client, account, invoice_id: str, keep_as: str = "") -> str:
    link = await client.get(f"/v1/invoices/{invoice_id}/pdf", headers=account.headers)
    download = await client.get(urlsplit((await link.get_json())["pdfUrl"]).path)
    assert download.status_code == 200
    document = await download.get_data()
    if keep_as:  # kept beside the screenshots, to be looked at rendered
        LOOK.mkdir(parents=True, exist_ok=True)
        (LOOK / keep_as).write_bytes(document)
    return text_of(document)


async def test_the_invoice_names_seller_buyer_plan_reason_number_footer_and_refund(
    client, merchant
):
    await seller_profile(merchant.id)
    paid = await paid_invoice(merchant.id)
    sid = paid.subscription.stable_subscription_id
    refund = await client.post(
        f"/v1/subscriptions/{sid}/refunds", json={"amountCents": 550}, headers=merchant.headers
    )
    assert refund.status_code == 200, await refund.get_data(as_text=True)
    note_id = (await refund.get_json())["adjustmentInvoiceId"]

    text = await pdf_of(client, merchant, paid.invoice.id, "invoice.pdf")
    for seller in ("From", "Acme Software", "Hauptstrasse 5", "3rd floor", "10115 Berlin"):
        assert seller in text
    assert "Germany" in text and "Tax ID: DE123456789" in text
    for buyer in ("Bill to", "Grace Hopper Ltd", "1 Harbour Road", "D02 X285 Dublin", "Ireland"):
        assert buyer in text
    assert "Tax ID: IE9876543X" in text
    assert "Engine plan — monthly fee" in text
    assert "Jan 1, 2030 - Feb 1, 2030" in text
    assert "Reason: First invoice" in text
    assert "Invoice number: INV-000001" in text
    assert paid.invoice.customer_invoice_number not in text  # one number: the merchant's
    assert "Status: Paid" in text and "Total 49.00 USD" in text
    today = datetime.now(UTC)
    refunded_on = f"{today:%b} {today.day}, {today.year}"
    assert f"Refunded 5.50 USD on {refunded_on} — credit note INV-000002" in text
    assert "Net amount paid 43.50 USD" in text
    assert FOOTER in text

    note = await pdf_of(client, merchant, note_id, "credit-note.pdf")
    assert "Credit note number: INV-000002" in note
    assert "Credit note for: invoice INV-000001" in note
    assert "Refund of invoice INV-000001" in note and "Total -5.50 USD" in note
    assert "Tax ID: DE123456789" in note and FOOTER in note


async def test_later_cycles_are_renewals(client, merchant):
    paid = await paid_invoice(merchant.id, bill_until=MAR_1)
    cycle = Invoice.filter(stable_subscription_id=paid.subscription.stable_subscription_id)
    first, second, third = await cycle.order_by("issue_date")
    assert [await invoices.reason_of(one) for one in (first, second, third)] == [
        "First invoice",
        "Renewal",
        "Renewal",
    ]
    assert "Reason: Renewal" in await pdf_of(client, merchant, second.id)


async def test_without_a_profile_the_invoice_still_issues_and_names_the_business(client, merchant):
    paid = await paid_invoice(merchant.id)
    text = await pdf_of(client, merchant, paid.invoice.id)
    assert "From\nAcme Software" in text and "Tax ID: DE" not in text
    assert "Invoice number: INV-000001" in text
