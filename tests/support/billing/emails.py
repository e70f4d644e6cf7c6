"""Customer e-mails in tests: a pending e-mail to a customer, and a merchant row's e-mails.

``pending_to`` writes a test e-mail (no event: the context is its template's sample) through
the outbox, so the sending tests need no event and hold whatever the e-mails' contexts become.
"""

from datetime import datetime

from billing.customers.models import Customer
from billing.emails import outbox
from billing.emails.models import Email


async def pending_to(
    merchant_id: str, customer: Customer, *, at: datetime, template: str = "payment_receipt"
) -> Email:
    return await outbox.enqueue(
        merchant_id, template=template, recipient=customer.email, customer_id=customer.id, at=at
    )


async def emails_of(merchant_id: str) -> list[Email]:
    """The merchant row's e-mails, oldest first."""
    return await Email.filter(merchant_id=merchant_id).order_by("created_at", "id")
