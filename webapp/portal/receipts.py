"""``GET /portal/payments/<payment_id>/receipt.pdf``: the session's customer downloads the
receipt of one of their payments (``billing.portal.receipt_downloads`` decides whether they
may). Anything they may not download answers 404, as a payment that does not exist."""

from quart import Response, g

from billing.core.errors import NotFound
from billing.portal import receipt_downloads
from webapp.portal.pages import bp
from webapp.portal.session import portal_required


@bp.get("/payments/<payment_id>/receipt.pdf")
@portal_required
async def receipt(payment_id: str):
    session = g.portal
    try:
        number, document = await receipt_downloads.customer_receipt(
            session.merchant_id, session.customer_id, payment_id
        )
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
