"""Helpers for tests of webapp/refund_pages, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from datetime import UTC, datetime

from billing.invoicing.models import Invoice
from billing.payments.models import Payment


def day(n: int) -> datetime:
    return datetime(2030, 1, n, tzinfo=UTC)


async def failed_attempt(payment: Payment, on: datetime, retry_at: datetime | None) -> None:
    await Payment.filter(id=payment.id).update(
        status="failed",
        error_message="Your card was declined.",
        retry_at=retry_at,
        created_at=on,  # the attempt's date: the pass that made it (and saw it fail)
        updated_at=on,
    )
    await Invoice.filter(id=payment.invoice_id).update(payment_status="failed")
