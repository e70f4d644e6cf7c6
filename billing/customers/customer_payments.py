"""The payment-aggregate view of customers (``GET /v1/customers?includePaymentData=true``).

Payments arrive with a later issue; until then every customer has ``total_payments_cents`` 0
and ``payment_count`` 0, in the merchant's default currency, so clients can rely on the full
shape today. When payments land, the totals are summed here for the whole page in one grouped
query (never one query per customer).
"""

from typing import NamedTuple

from billing.accounts.models import Merchant
from billing.customers.customers import list_customers
from billing.customers.models import Customer


class PaymentSummary(NamedTuple):
    customer: Customer
    total_payments_cents: int
    payment_count: int
    currency: str


async def list_payment_summaries(
    merchant_id: str, *, search: str | None = None, after: str | None = None, limit: int = 50
) -> tuple[list[PaymentSummary], str | None]:
    """One page of customers (as ``list_customers``) with their payment totals."""
    customers, next_cursor = await list_customers(
        merchant_id, search=search, after=after, limit=limit
    )
    currency = await (
        Merchant.filter(id=merchant_id).first().values_list("default_currency", flat=True)
    )
    summaries = [PaymentSummary(customer, 0, 0, currency or "USD") for customer in customers]
    return summaries, next_cursor
