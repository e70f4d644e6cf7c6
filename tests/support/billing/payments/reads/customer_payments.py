"""Helpers for tests of billing/payments/customer_payments, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from datetime import UTC, datetime

from billing.customers.models import Customer
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from tests.support.factories.invoices import FLAT_49, priced_subscription

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)


async def billed(merchant_id: str, *customers: Customer) -> dict[str, Invoice]:
    """One billed $49 invoice per customer, by customer id."""
    for customer in customers:
        await priced_subscription(merchant_id, FLAT_49, start=JAN_1, customer=customer)
    await bill_due(JAN_1, merchant_id)
    invoices = await Invoice.filter(
        merchant_id=merchant_id, customer_id__in=[c.id for c in customers]
    )
    return {invoice.customer_id: invoice for invoice in invoices}


async def pay(invoice: Invoice, attempt: int, status: str, amount: int, **extra) -> Payment:
    return await Payment.create(
        merchant_id=invoice.merchant_id,
        invoice_id=invoice.id,
        customer_id=invoice.customer_id,
        provider="provider_a",
        amount_cents=amount,
        currency=extra.pop("currency", "USD"),
        status=status,
        attempt=attempt,
        idempotency_key=f"{invoice.id}:{attempt}",
        **extra,
    )
