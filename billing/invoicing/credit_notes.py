"""Credit notes: the adjustment invoices refunds issue, linked both ways to the invoice whose
payment they give money back on.

A credit note is an invoice with ``billing_reason`` ``refund`` whose ``credit_note_for`` names
the original invoice (``billing.payments.refunds.refund_payment`` sets it on the note's row as
it is written; an issued invoice is never edited). Both links are read from that one column: a
note names its original (``credit_note_of``), and an original's notes are the invoices naming it
(``credit_notes``, oldest first). A voided note (its refund failed at the provider) stays
linked: it was issued, and it shows as void. Reads are scoped to the merchant row, so a link
never leads to another merchant's or the other mode's invoice.
"""

from tortoise import connections

from billing.core.models import column_names, from_row
from billing.invoicing.models import Invoice

CREDIT_NOTE_REASON = "refund"


def is_credit_note(invoice: Invoice) -> bool:
    return invoice.billing_reason == CREDIT_NOTE_REASON and bool(invoice.credit_note_for)


# ``= ANY($2)`` over the ``(merchant_id, credit_note_for)`` index: one prepared statement
# whatever the count, where the ORM's ``IN ($1, ..., $n)`` is a new statement for every length
# (the event log renders a billing claim's hundreds of invoices through here).
NOTES = """
SELECT {columns} FROM invoices i
WHERE i.merchant_id = $1 AND i.credit_note_for = ANY($2::text[]) AND i.deleted_at IS NULL
ORDER BY i.issue_date, i.number
"""
ORIGINALS = """
SELECT {columns} FROM unnest($2::text[]) AS wanted(id) JOIN invoices i ON i.id = wanted.id
WHERE i.merchant_id = $1 AND i.deleted_at IS NULL
"""


async def attach(merchant_id: str, invoices: list[Invoice]) -> None:
    """Set ``credit_notes`` (the notes issued for it, oldest first) and ``credit_note_of`` (the
    original a note is for, else None) on each of ``invoices``: two queries for a whole page."""
    if not invoices:
        return
    ids = [invoice.id for invoice in invoices]
    notes: dict[str, list[Invoice]] = {invoice_id: [] for invoice_id in ids}
    for note in await _invoices(NOTES, merchant_id, ids):
        notes[note.credit_note_for].append(note)
    wanted = {invoice.credit_note_for for invoice in invoices if invoice.credit_note_for}
    originals = {}
    if wanted:
        found = await _invoices(ORIGINALS, merchant_id, list(wanted))
        originals = {original.id: original for original in found}
    for invoice in invoices:
        invoice.credit_notes = notes[invoice.id]
        invoice.credit_note_of = originals.get(invoice.credit_note_for or "")


async def _invoices(sql: str, merchant_id: str, ids: list[str]) -> list[Invoice]:
    columns = ", ".join(f"i.{column}" for column in column_names(Invoice))
    rows = await connections.get("default").execute_query_dict(
        sql.format(columns=columns), [merchant_id, ids]
    )
    return [from_row(Invoice, row) for row in rows]
