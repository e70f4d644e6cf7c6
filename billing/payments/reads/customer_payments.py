"""The payment-aggregate view of customers (``GET /v1/customers?includePaymentData=true``).

It lives in payments, not customers: the customers context sits below payments and may not
read the payments table, so this module reads a page of customers through the customers
service and adds their totals on top.

What the totals mean (the spec names the fields only):
- ``payment_count`` is the number of the customer's ``succeeded`` payments; pending and failed
  attempts collected nothing and are left out. A refund keeps its payment ``succeeded`` and
  raises ``refunded_cents``, so a refunded payment still counts once.
- ``total_payments_cents`` is what those payments kept: ``amount_cents - refunded_cents``
  summed (a fully refunded payment adds 0).
- ``currency`` is the currency of those payments. A customer who paid in several currencies
  gets the totals of the currency of their most recent succeeded payment only: adding dollars
  to euros would give a number that means nothing. A customer with no succeeded payment has
  0 and 0 in the merchant's default currency, so every row has a currency.

The totals of the whole page come from one grouped query (customer and currency), never one
query per customer.
"""

from datetime import datetime
from typing import NamedTuple

from tortoise.functions import Count, Max, Sum

from billing.accounts.models import Merchant
from billing.customers.customers import list_customers
from billing.customers.models import Customer
from billing.payments.collection.payment_outcomes import SUCCEEDED
from billing.payments.models import Payment

FALLBACK_CURRENCY = "USD"


class PaymentSummary(NamedTuple):
    customer: Customer
    total_payments_cents: int
    payment_count: int
    currency: str


class _Totals(NamedTuple):
    latest: datetime
    total_cents: int
    count: int
    currency: str


async def payment_totals(merchant_id: str, customer_ids: list[str]) -> dict[str, _Totals]:
    """Per customer id (only those with a succeeded payment): the totals of the currency of
    their latest succeeded payment. One query, scoped to the merchant row."""
    if not customer_ids:
        return {}
    rows = await (
        Payment.scoped(merchant_id)
        .filter(customer_id__in=customer_ids, status=SUCCEEDED)
        .annotate(
            paid=Sum("amount_cents"),
            refunded=Sum("refunded_cents"),
            count=Count("id"),
            latest=Max("created_at"),
        )
        .group_by("customer_id", "currency")
        .values("customer_id", "currency", "paid", "refunded", "count", "latest")
    )
    found: dict[str, _Totals] = {}
    for row in rows:
        totals = _Totals(
            latest=row["latest"],
            total_cents=int(row["paid"] or 0) - int(row["refunded"] or 0),
            count=int(row["count"]),
            currency=row["currency"],
        )
        known = found.get(row["customer_id"])
        if known is None or (totals.latest, totals.currency) > (known.latest, known.currency):
            found[row["customer_id"]] = totals
    return found


async def list_payment_summaries(
    merchant_id: str, *, search: str | None = None, after: str | None = None, limit: int = 50
) -> tuple[list[PaymentSummary], str | None]:
    """One page of customers (as ``list_customers``) with their payment totals."""
    customers, next_cursor = await list_customers(
        merchant_id, search=search, after=after, limit=limit
    )
    totals = await payment_totals(merchant_id, [customer.id for customer in customers])
    default = await (
        Merchant.filter(id=merchant_id).first().values_list("default_currency", flat=True)
    )
    summaries = []
    for customer in customers:
        found = totals.get(customer.id)
        if found is None:
            summaries.append(PaymentSummary(customer, 0, 0, default or FALLBACK_CURRENCY))
        else:
            summaries.append(
                PaymentSummary(customer, found.total_cents, found.count, found.currency)
            )
    return summaries, next_cursor
