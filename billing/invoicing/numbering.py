"""Invoice numbers: gap-free per merchant (``INV-000042``) and per customer.

Both numbers come from one statement that bumps the merchant's and the customer's
``InvoiceSequence`` rows (created at 1 on first use) inside the transaction that issues the
invoice. The bumped rows stay locked until that transaction ends, so concurrent issuers of one
merchant take numbers one after the other; a transaction that rolls back rolls its numbers
back with it, so the sequence never has a gap. The merchant's row is always bumped first (the
VALUES order), so two issuers never wait on each other in opposite orders.
"""

from dataclasses import dataclass

from tortoise.transactions import in_transaction

from billing.core.ids import new_id

_BUMP = """
INSERT INTO invoice_sequences (id, created_at, updated_at, merchant_id, scope, last_number)
VALUES ($1, now(), now(), $3, '', 1), ($2, now(), now(), $3, $4, 1)
ON CONFLICT (merchant_id, scope)
DO UPDATE SET last_number = invoice_sequences.last_number + 1, updated_at = now()
RETURNING scope, last_number
"""


@dataclass(frozen=True)
class InvoiceNumbers:
    number: str
    customer_invoice_number: str


def merchant_number(sequence: int) -> str:
    return f"INV-{sequence:06d}"


def customer_number(customer_id: str, sequence: int) -> str:
    """The customer's own numbering, prefixed by a short form of their id so two customers'
    "0001" invoices stay distinguishable on paper."""
    short = customer_id.split("_", 1)[-1][:8].upper()
    return f"{short}-{sequence:04d}"


async def take_numbers(merchant_id: str, customer_id: str) -> InvoiceNumbers:
    """The next merchant and customer numbers; call inside the issuing transaction."""
    async with in_transaction() as connection:
        rows = await connection.execute_query_dict(
            _BUMP, [new_id("iseq"), new_id("iseq"), merchant_id, customer_id]
        )
    last = {row["scope"]: row["last_number"] for row in rows}
    return InvoiceNumbers(
        number=merchant_number(last[""]),
        customer_invoice_number=customer_number(customer_id, last[customer_id]),
    )
