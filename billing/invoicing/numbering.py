"""Invoice numbers: gap-free per merchant (``INV-000042``) and per customer.

Numbers come from one statement that bumps the merchant's ``InvoiceSequence`` row and those of
the customers involved, each by how many invoices it issues (rows are created on first use),
inside the transaction that issues the invoices: a billing run numbers hundreds of invoices
with one statement. The bumped rows stay locked until that transaction ends, so concurrent
issuers of one merchant take numbers one after the other; a transaction that rolls back rolls
its numbers back with it, so the sequence never has a gap. The merchant's row is always bumped
first and the customers' in id order (the rows' order in the statement), so two issuers never
wait on each other in opposite orders. Callers number a merchant's invoices in issue order.
"""

from collections import Counter
from dataclasses import dataclass

from tortoise.transactions import in_transaction

from billing.core.ids import new_id

_BUMP = """
INSERT INTO invoice_sequences (id, created_at, updated_at, merchant_id, scope, last_number)
SELECT id, now(), now(), $1, scope, taken
FROM unnest($2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS u(id, scope, taken, n)
ORDER BY n
ON CONFLICT (merchant_id, scope) DO UPDATE
SET last_number = invoice_sequences.last_number + excluded.last_number, updated_at = now()
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


async def number_invoices(merchant_id: str, customer_ids: list[str]) -> list[InvoiceNumbers]:
    """Numbers for the merchant's next invoices, one per entry of ``customer_ids`` (the
    customer each is for), in that order; call inside the issuing transaction."""
    taken = Counter(customer_ids)
    scopes = ["", *sorted(taken)]
    counts = [len(customer_ids), *(taken[scope] for scope in scopes[1:])]
    async with in_transaction() as connection:
        rows = await connection.execute_query_dict(
            _BUMP, [merchant_id, [new_id("iseq") for _ in scopes], scopes, counts]
        )
    last = {row["scope"]: row["last_number"] for row in rows}
    next_of = {scope: last[scope] - count + 1 for scope, count in zip(scopes, counts, strict=True)}
    numbers = []
    for customer_id in customer_ids:
        numbers.append(
            InvoiceNumbers(
                merchant_number(next_of[""]),
                customer_number(customer_id, next_of[customer_id]),
            )
        )
        next_of[""] += 1
        next_of[customer_id] += 1
    return numbers


async def take_numbers(merchant_id: str, customer_id: str) -> InvoiceNumbers:
    """The next merchant and customer numbers for one invoice."""
    return (await number_invoices(merchant_id, [customer_id]))[0]
