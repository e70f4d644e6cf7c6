"""Rows of the sent-mail log, for the tests of the e-mail settings, the log's API and pages.

The sending step (its own tests) writes these columns as it settles a message; here a test
states the outcome it needs directly: ``an_email`` writes one row as that step leaves it.
"""

from datetime import datetime, timedelta

from billing.core.ids import random_base62
from billing.core.models import utcnow
from billing.emails.models import Email, EmailStatus


async def an_email(
    merchant_id: str,
    *,
    customer_id: str | None = None,
    template: str = "payment_failed",
    recipient: str = "ada@example.com",
    status: EmailStatus = EmailStatus.SENT,
    attempts: int = 1,
    subject: str = "Your payment to Acme failed",
    html: str = "<p>We could not charge your card.</p>",
    text: str = "We could not charge your card.",
    smtp_response: str = "250 2.0.0 Ok: queued",
    at: datetime | None = None,
    event_id: str | None = None,
) -> Email:
    """One message as the sending step leaves it (``sent_at`` set only when sent); ``at`` is
    when it was written (now by default)."""
    at = at or utcnow()
    email = await Email.create(
        merchant_id=merchant_id,
        customer_id=customer_id,
        event_id=event_id or f"evt_{random_base62(22)}",
        template=template,
        recipient=recipient,
        key=f"test-row:{random_base62(12)}",
        status=status,
        attempts=attempts,
        subject=subject,
        html=html,
        text=text,
        smtp_response=smtp_response,
        next_attempt_at=at + timedelta(minutes=5) if status == EmailStatus.PENDING else None,
        sent_at=at if status == EmailStatus.SENT else None,
    )
    await Email.filter(id=email.id).update(created_at=at)  # auto_now_add ignores a given value
    email.created_at = at
    return email
