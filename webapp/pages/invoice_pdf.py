"""The public download behind an invoice's ``pdfUrl`` (no API key, no session: the signed link
is the permission; see webapp/invoice_links.py). An expired or altered link answers 403 with
a page that says which; a link to an invoice that no longer exists answers 404. The document
shows what was refunded of the invoice's payments (``refund_reads.invoice_pdf``)."""

from quart import Blueprint, Response, render_template

from billing.core.errors import NotFound
from billing.payments.refunds import refund_reads
from webapp import invoice_links

bp = Blueprint("invoice_pdf", __name__)


@bp.get("/invoices/pdf/<token>")
async def download(token: str):
    try:
        merchant_id, invoice_id = invoice_links.read(token)
        invoice, document = await refund_reads.invoice_pdf(merchant_id, invoice_id)
    except invoice_links.LinkRefused as refused:
        html = await render_template("public/invoice_link.html", message=refused.message)
        return html, 403
    except NotFound:
        message = "This invoice no longer exists."
        return await render_template("public/invoice_link.html", message=message), 404
    return Response(
        document,
        content_type="application/pdf",
        headers={
            "Content-Disposition": f'inline; filename="{invoice.number or invoice.id}.pdf"',
            "Cache-Control": "private, max-age=900",
        },
    )
