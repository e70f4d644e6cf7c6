"""Writing the e-mails an event sends, in the event's own transaction (the outbox).

``write`` is the event log's consumer (``recording.add_consumer``; ``register`` adds it at
start-up, beside the renderer): for the events it is handed, each of a type that has a
customer e-mail (``kinds.BY_EVENT``), it writes one pending ``Email``, due at the event's
clock, when the event's object has a customer who is not deleted and the merchant row has
not turned that e-mail off. A refund's credit note (an issued invoice of a negative total)
is told by the refund's e-mail, never mailed as an invoice to pay. The recipient is the
customer's address as it is now; the key (event, template, address) makes each e-mail once
only. A billing claim records hundreds of events at once, so the whole batch is one
``INSERT … SELECT``. It then tells the due loops
(``due_signal.due_at``, on commit), so the first attempt goes within moments; the sending
itself is due work (``sending``), never inside the change.

A refund's credit note is an issued invoice too, told ``invoice.created``; it writes no
invoice e-mail (a "-15.00 USD invoice" beside the refund's own e-mail would only confuse).

The customer of an event's object: ``customerId`` of an invoice, a subscription or a payment
method; for a payment or a refund (which name their invoice, not their customer), the
customer of ``invoiceId``.

``enqueue`` writes one e-mail by hand: a test e-mail (no event, the dashboard's "send me a
test") or, in tests, one for a given event and address.
"""

from datetime import datetime

from tortoise import connections

from billing.core import due_signal
from billing.core.ids import new_id
from billing.core.models import utcnow
from billing.emails import kinds
from billing.emails.models import Email, EmailStatus
from billing.event_log import recording

# e: the e-mails to write (the customer named by the object, or its invoice's);
# c: that customer, live; s: the merchant row's settings, whose ``disabled`` may list it.
INSERT = f"""
INSERT INTO emails (id, merchant_id, customer_id, event_id, template, recipient, key, status,
                    attempts, next_attempt_at, subject, html, text, smtp_response,
                    created_at, updated_at)
SELECT e.id, e.merchant_id, c.id, e.event_id, e.template, c.email,
       e.event_id || ':' || e.template || ':' || lower(c.email),
       '{EmailStatus.PENDING}', 0, $7, '', '', '', '', $7, $7
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
     AS e(id, merchant_id, event_id, template, customer_id, invoice_id)
LEFT JOIN invoices i
  ON e.customer_id IS NULL AND i.merchant_id = e.merchant_id AND i.id = e.invoice_id
JOIN customers c
  ON c.merchant_id = e.merchant_id AND c.id = coalesce(e.customer_id, i.customer_id)
 AND c.deleted_at IS NULL
LEFT JOIN email_settings s ON s.merchant_id = e.merchant_id
WHERE s.disabled IS NULL OR NOT s.disabled @> jsonb_build_array(e.template)
ON CONFLICT (merchant_id, key) DO NOTHING
RETURNING id
"""

INSERT_ONE = f"""
INSERT INTO emails (id, merchant_id, customer_id, event_id, template, recipient, key, status,
                    attempts, next_attempt_at, subject, html, text, smtp_response,
                    created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, '{EmailStatus.PENDING}', 0, $8, '', '', '', '', $8, $8)
ON CONFLICT (merchant_id, key) DO NOTHING
"""


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


async def write(events: list[tuple[str, str, str, str, dict]], at: datetime) -> None:
    """The pending e-mails of ``events`` (``(event_id, merchant_id, type, object_id, data)``,
    written at ``at``), in the caller's transaction."""
    rows = []
    for event_id, merchant_id, type_, _object_id, data in events:
        kind = kinds.BY_EVENT.get(type_)
        if kind is None:
            continue
        if type_ == "invoice.created" and data.get("creditNoteFor"):
            continue  # a refund's credit note: the refund e-mail says it, not an "invoice"
        customer_id = _text(data.get("customerId"))
        invoice_id = None if customer_id else _text(data.get("invoiceId"))
        if customer_id is None and invoice_id is None:
            continue
        rows.append(
            (new_id("email"), merchant_id, event_id, kind.template, customer_id, invoice_id)
        )
    if not rows:
        return
    connection = connections.get("default")
    columns = [list(column) for column in zip(*rows, strict=True)]
    written = await connection.execute_query_dict(INSERT, [*columns, at])
    if written:
        await due_signal.due_at(at)


async def enqueue(
    merchant_id: str,
    *,
    template: str,
    recipient: str,
    customer_id: str | None = None,
    event_id: str | None = None,
    at: datetime | None = None,
) -> Email:
    """One pending e-mail of ``template`` to ``recipient``, due at ``at`` (default: now). With
    no ``event_id`` it is a test e-mail (a key of its own, so each is sent); with one, the
    key is the event's, and an e-mail already written for it is answered instead."""
    at = at or utcnow()
    email_id = new_id("email")
    key = f"{event_id}:{template}:{recipient.lower()}" if event_id else f"test:{email_id}"
    await connections.get("default").execute_query(
        INSERT_ONE,
        [email_id, merchant_id, customer_id, event_id, template, recipient, key, at],
    )
    await due_signal.due_at(at)
    return await Email.get(merchant_id=merchant_id, key=key)


def register() -> None:
    """Have the event log hand every event to ``write`` (``webapp/db.py``, at start-up)."""
    recording.add_consumer(write)
