"""The "Pay now" of the hosted portal: the customer charges one of their own unpaid invoices.

It is the merchant's retry (``payments.retry_payment``, what ``POST
/v1/invoices/{id}/retry-payment`` calls: the attempt committed first, the provider called
after with the attempt's idempotency key, the answer recorded as every charge's) behind one
more rule: the invoice must be the session customer's. Another customer's invoice, another
merchant's or mode's and one that never existed all answer the same invoices' 404, so a
portal session cannot learn anything about ids it does not own.

The charge uses the method ``charging`` picks (the subscription's own, else the customer's
newest active one); without one the retry's ``NO_METHOD`` refusal tells the page to ask for
a card first.
"""

from billing.core.errors import NotFound
from billing.core.ids import is_well_formed
from billing.invoicing.invoices import INVOICE_NOT_FOUND
from billing.invoicing.models import Invoice
from billing.payments.collection import retry_payment


async def pay_invoice(merchant_id: str, customer_id: str, invoice_id: object) -> dict:
    """Charge the customer's unpaid invoice now: ``retry_payment``'s answer
    ``{success, message, attemptNumber, paymentId}``; its 400s for what cannot be charged."""
    if not isinstance(invoice_id, str) or not is_well_formed(invoice_id, Invoice.id_prefix):
        raise NotFound(INVOICE_NOT_FOUND, code="invoice_not_found")
    owned = Invoice.scoped(merchant_id).filter(id=invoice_id, customer_id=customer_id)
    if not await owned.exists():
        raise NotFound(INVOICE_NOT_FOUND, code="invoice_not_found")
    return await retry_payment.retry_payment(merchant_id, invoice_id)
