"""The invoice PDF after a refund (read back with pypdf): the original keeps its lines and
total and adds what was paid, "Refunded" (succeeded refunds only), the net amount paid and its
credit notes; the credit note says what it is and which invoice it is for; a pending refund
is a line of its own that changes nothing."""

import io
from urllib.parse import urlsplit

import pytest
from pypdf import PdfReader

from tests.support.factories.refunds import paid_subscription, pending_refund

pytestmark = pytest.mark.usefixtures("memory_gateway")  # the subject is the PDF


async def pdf_text(client, account, invoice_id: str) -> str:
    link = await client.get(f"/v1/invoices/{invoice_id}/pdf", headers=account.headers)
    path = urlsplit((await link.get_json())["pdfUrl"]).path
    download = await client.get(path)  # the signed link: no key
    assert download.status_code == 200
    assert download.headers["Content-Type"] == "application/pdf"
    document = PdfReader(io.BytesIO(await download.get_data()))
    return "\n".join(page.extract_text() for page in document.pages)


async def test_partial_refund_on_the_original_and_its_credit_note(client, merchant):
    paid = await paid_subscription(merchant.id, intent_id="pi_memory_paid")
    sid = paid.subscription.stable_subscription_id
    response = await client.post(
        f"/v1/subscriptions/{sid}/refunds", json={"amountCents": 1000}, headers=merchant.headers
    )
    note_id = (await response.get_json())["adjustmentInvoiceId"]

    text = await pdf_text(client, merchant, paid.invoice.id)
    assert "Invoice number: INV-000001" in text and "Status: Paid" in text
    assert "Total 49.00 USD" in text  # as issued
    assert "Paid 49.00 USD" in text
    assert "Refunded -10.00 USD" in text
    assert "Net amount paid 39.00 USD" in text
    assert "Credit notes: INV-000002" in text
    assert "Refund pending" not in text

    note = await pdf_text(client, merchant, note_id)
    assert "Credit note number: INV-000002" in note
    assert "Credit note for: invoice INV-000001" in note
    assert "Status: Issued" in note and "Status: Paid" not in note
    assert "Refund of invoice INV-000001" in note and "Total -10.00 USD" in note
    assert "Net amount paid" not in note


async def test_a_pending_refund_is_shown_but_not_taken_off(client, merchant):
    paid, _ = await pending_refund(merchant.id, 700)
    text = await pdf_text(client, merchant, paid.invoice.id)
    assert "Refund pending (not yet returned) -7.00 USD" in text
    assert "Refunded -" not in text
    assert "Net amount paid 49.00 USD" in text


async def test_no_refund_no_refund_lines(client, merchant):
    paid = await paid_subscription(merchant.id, intent_id="pi_neverrefunded")
    text = await pdf_text(client, merchant, paid.invoice.id)
    assert "Total 49.00 USD" in text
    for absent in ("Refunded", "Net amount paid", "Credit note"):
        assert absent not in text
