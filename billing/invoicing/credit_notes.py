"""Credit notes: the adjustment invoices refunds issue, linked both ways to the invoice whose
payment they give money back on.

A credit note is an invoice with ``billing_reason`` ``refund`` whose ``credit_note_for`` names
the original invoice (``billing.payments.refunds.refund_payment`` sets it in the transaction that
issues the note; an issued invoice is never edited). Both links are read from that one column: a
note names its original (``credit_note_of``), and an original's notes are the invoices naming it
(``credit_notes``, oldest first). A voided note (its refund failed at the provider) stays
linked: it was issued, and it shows as void. Reads are scoped to the merchant row, so a link
never leads to another merchant's or the other mode's invoice.
"""

from billing.invoicing.models import Invoice

CREDIT_NOTE_REASON = "refund"


def is_credit_note(invoice: Invoice) -> bool:
    return invoice.billing_reason == CREDIT_NOTE_REASON and bool(invoice.credit_note_for)


async def attach(merchant_id: str, invoices: list[Invoice]) -> None:
    """Set ``credit_notes`` (the notes issued for it, oldest first) and ``credit_note_of`` (the
    original a note is for, else None) on each of ``invoices``: two queries for a whole page."""
    if not invoices:
        return
    ids = [invoice.id for invoice in invoices]
    notes: dict[str, list[Invoice]] = {invoice_id: [] for invoice_id in ids}
    query = Invoice.scoped(merchant_id).filter(credit_note_for__in=ids)
    for note in await query.order_by("issue_date", "number"):
        notes[note.credit_note_for].append(note)
    wanted = {invoice.credit_note_for for invoice in invoices if invoice.credit_note_for}
    originals = {}
    if wanted:
        found = await Invoice.scoped(merchant_id).filter(id__in=list(wanted))
        originals = {original.id: original for original in found}
    for invoice in invoices:
        invoice.credit_notes = notes[invoice.id]
        invoice.credit_note_of = originals.get(invoice.credit_note_for or "")
