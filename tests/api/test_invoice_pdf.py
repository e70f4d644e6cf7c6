"""Invoice PDFs: the signed 15-minute link, what the document says, and refused links."""

import io
import time
from datetime import UTC, datetime
from urllib.parse import urlsplit

from itsdangerous import TimestampSigner, URLSafeTimedSerializer
from pypdf import PdfReader

from billing.invoicing.billing_run import bill_due
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.subscriptions import make_customer
from webapp.invoice_links import ALTERED, EXPIRED

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)


async def an_invoice(client, merchant, customer=None) -> dict:
    await priced_subscription(merchant.id, FLAT_49, start=JAN_1, customer=customer)
    await bill_due(JAN_1, merchant.id)
    listed = await (await client.get("/v1/invoices", headers=merchant.headers)).get_json()
    return listed["invoices"][0]


def text_of(document: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(document)).pages)


async def test_the_link_downloads_the_pdf_without_a_key(client, merchant):
    invoice = await an_invoice(client, merchant)
    response = await client.get(f"/v1/invoices/{invoice['id']}/pdf", headers=merchant.headers)
    assert response.status_code == 200
    body = await response.get_json()
    assert body["invoice"] == {
        "id": invoice["id"],
        "customerInvoiceNumber": invoice["customerInvoiceNumber"],
    }
    assert body["expiresIn"] == 900
    link = urlsplit(body["pdfUrl"])
    assert link.scheme in ("http", "https") and link.netloc
    download = await client.get(link.path)  # no API key, no session
    assert download.status_code == 200
    assert download.headers["Content-Type"] == "application/pdf"
    text = text_of(await download.get_data())
    for expected in ("INV-000001", "49.00 USD", "Total", "Jan 1, 2030 - Feb 1, 2030", "Due"):
        assert expected in text
    assert invoice["hasPdf"] is True and invoice["pdfUrl"].startswith("http")


async def test_an_altered_or_expired_link_is_refused(client, merchant, app):
    invoice = await an_invoice(client, merchant)
    body = await (
        await client.get(f"/v1/invoices/{invoice['id']}/pdf", headers=merchant.headers)
    ).get_json()
    path = urlsplit(body["pdfUrl"]).path
    altered = await client.get(path[:-3] + ("AAA" if not path.endswith("AAA") else "BBB"))
    assert altered.status_code == 403
    assert ALTERED in (await altered.get_data(as_text=True))

    class FifteenMinutesAgo(TimestampSigner):
        def get_timestamp(self) -> int:
            return int(time.time()) - 901

    signer = URLSafeTimedSerializer(
        app.config["SECRET_KEY"], salt="invoice-pdf", signer=FifteenMinutesAgo
    )
    token = signer.dumps([merchant.id, invoice["id"]])
    expired = await client.get(f"/invoices/pdf/{token}")
    assert expired.status_code == 403
    assert EXPIRED in (await expired.get_data(as_text=True))


async def test_another_merchant_cannot_get_a_link(client, merchant, make_merchant):
    invoice = await an_invoice(client, merchant)
    other = await make_merchant()
    response = await client.get(f"/v1/invoices/{invoice['id']}/pdf", headers=other.headers)
    assert response.status_code == 404
    assert await response.get_json() == {"error": "Invoice not found or access denied"}


async def test_names_outside_latin_1_do_not_break_the_pdf(client, merchant):
    customer = await make_customer(merchant.id, name="Łukasz Żółw 東京")
    invoice = await an_invoice(client, merchant, customer=customer)
    body = await (
        await client.get(f"/v1/invoices/{invoice['id']}/pdf", headers=merchant.headers)
    ).get_json()
    download = await client.get(urlsplit(body["pdfUrl"]).path)
    assert download.status_code == 200
    assert "Lukasz" in text_of(await download.get_data())
