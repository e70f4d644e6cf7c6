"""Signed invoice PDF links: ``pdfUrl`` works without an API key for 15 minutes.

A link carries the merchant row and the invoice id, signed with the app's secret key
(itsdangerous, salted for this one purpose) and stamped with the time it was made. Anyone who
holds the link may fetch that one PDF until it expires; altering any character breaks the
signature. Nothing is stored: a new link is made each time an invoice is read.
"""

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from quart import current_app, url_for

LIFETIME_SECONDS = 900  # the spec's 15 minutes (expiresIn)
EXPIRED = "This invoice link has expired. Ask for a new link to download the invoice."
ALTERED = "This invoice link is not valid. Check that it was copied completely."


class LinkRefused(Exception):
    """An expired or altered link; ``message`` says which, in plain words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _signer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="invoice-pdf")


def pdf_url(merchant_id: str, invoice_id: str) -> str:
    """An absolute link to the invoice's PDF, valid for ``LIFETIME_SECONDS``."""
    token = _signer().dumps([merchant_id, invoice_id])
    return url_for("invoice_pdf.download", token=token, _external=True)


def read(token: str) -> tuple[str, str]:
    """(merchant id, invoice id) of a valid link, else ``LinkRefused``."""
    try:
        merchant_id, invoice_id = _signer().loads(token, max_age=LIFETIME_SECONDS)
    except SignatureExpired:
        raise LinkRefused(EXPIRED) from None
    except (BadSignature, ValueError, TypeError):
        raise LinkRefused(ALTERED) from None
    return str(merchant_id), str(invoice_id)
