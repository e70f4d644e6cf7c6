"""A customer's receipts in the portal: the PDF of one of their own succeeded payments, when the
merchant lets the portal offer receipts (``"receipts"`` in ``Merchant.portal_allows``).

A portal that does not offer receipts, a payment of another customer, or one that did not
succeed answer exactly as a payment that does not exist: the customer learns nothing about
what is not theirs to download.
"""

from billing.accounts.models import Merchant
from billing.core.errors import NotFound
from billing.payments import receipts


async def customer_receipt(
    merchant_id: str, customer_id: str, payment_id: object
) -> tuple[str, bytes]:
    """The receipt number and PDF of ``payment_id`` for the session's customer."""
    merchant = await Merchant.get(id=merchant_id)
    if "receipts" not in (merchant.portal_allows or []):
        raise NotFound(receipts.RECEIPT_NOT_FOUND, code="receipt_not_found")
    return await receipts.receipt_pdf(merchant_id, payment_id, customer_id=customer_id)
