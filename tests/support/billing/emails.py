"""Customer e-mails in tests: rows as the sending pipeline writes them, and what they are made of.

- ``pending_to`` writes a test e-mail (no event: the context is its template's sample) through
  the outbox, so the sending tests need no event and hold whatever the e-mails' contexts become;
  ``emails_of`` reads a merchant row's e-mails back.
- ``email_for`` makes the row the pipeline would write for an event of the log (or none, the
  dashboard's "send me a test"), and ``declined_renewal`` a declined renewal charge whose
  ``invoice.payment_failed`` event such a row is made from, for tests of what an e-mail says.
"""

from datetime import UTC, datetime, timedelta

from billing.customers.models import Customer
from billing.due_work import run_due
from billing.emails import outbox
from billing.emails.models import Email
from billing.event_log.models import Event
from billing.payments.models import Payment
from tests.support.factories.card_payments import DECLINED_CARD
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.subscriptions import make_customer
from tests.support.fakes.memory_gateway import memory_card, memory_card_merchant

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
PASS = JAN_1 + timedelta(hours=6)


async def pending_to(
    merchant_id: str, customer: Customer, *, at: datetime, template: str = "payment_receipt"
) -> Email:
    return await outbox.enqueue(
        merchant_id, template=template, recipient=customer.email, customer_id=customer.id, at=at
    )


async def emails_of(merchant_id: str) -> list[Email]:
    """The merchant row's e-mails, oldest first."""
    return await Email.filter(merchant_id=merchant_id).order_by("created_at", "id")


async def email_for(event: Event | None, template: str, *, merchant_id: str | None = None):
    """The row the pipeline would write for ``event`` (its customer from the event's object);
    ``event`` None: a test e-mail of ``merchant_id``."""
    merchant_id = event.merchant_id if event else merchant_id
    customer_id = event.data.get("customerId") if event else None
    key = f"{event.id if event else 'test'}:{template}:ada@example.com"
    return await Email.create(
        merchant_id=merchant_id,
        customer_id=customer_id,
        event_id=event.id if event else None,
        template=template,
        recipient="ada@example.com",
        key=key,
    )


async def declined_renewal(make_merchant, *, number: str = DECLINED_CARD, name: str = "Ada"):
    """A $49 invoice issued January 1 2030 whose charge on the card ``number`` one due pass
    made: the merchant, the customer and the payment."""
    merchant = await memory_card_merchant(make_merchant)
    customer = await make_customer(merchant.id, name=name)
    await memory_card(merchant.id, customer, number)
    await priced_subscription(merchant.id, FLAT_49, start=JAN_1, customer=customer)
    await run_due(PASS, merchant_id=merchant.id)
    [payment] = await Payment.filter(merchant_id=merchant.id)
    return merchant, customer, payment
