"""The dashboard's "Download receipt": the receipt PDF of one succeeded payment of the merchant
row in view (``billing.payments.receipts``), at
``/dashboard/invoices/receipts/<payment_id>.pdf`` on the invoices blueprint. Another
merchant's or mode's payment, or one that did not succeed, answers 404."""

from quart import Response, g

from billing.core.errors import NotFound
from billing.payments import receipts
from webapp.pages.common import login_required
from webapp.pages.invoices import bp


@bp.get("/receipts/<payment_id>.pdf")
@login_required
async def receipt(payment_id: str):
    try:
        number, document = await receipts.receipt_pdf(g.merchant.id, payment_id)
    except NotFound:
        return Response("This receipt was not found.", 404, content_type="text/plain")
    return Response(
        document,
        content_type="application/pdf",
        headers={
            "Content-Disposition": f'inline; filename="Receipt {number}.pdf"',
            "Cache-Control": "private, no-store",
        },
    )
