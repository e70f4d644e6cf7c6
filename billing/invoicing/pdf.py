"""An invoice as a PDF document a customer can file: who sells (the business profile) and who
buys (the invoice's ``bill_to``), the one invoice number the customer sees (``INV-000042``,
the merchant's gap-free number; the per-customer number stays an API field only), the dates,
the billing reason in words, every line with its period, the tax rows and notes, the totals,
paid or due, and the merchant's footer. Blocks shared with the receipt: ``pdf_blocks``.

Refunds: an invoice whose payment was partly or wholly refunded keeps its lines and total as
issued, and gets under the total what was paid, a "Refunded" line (succeeded refunds only;
one still on its way is a "Refund pending" line that changes nothing) and the net amount
paid, then each refund on a line of its own with its date and credit note ("Refunded 5.50
USD on Apr 3, 2026 — credit note INV-000051"). A credit note says so in its title ("Credit
note INV-000002") and names the invoice it is for; its status reads "Issued" rather than
"Paid".
"""

from dataclasses import dataclass, field
from datetime import datetime

from billing.invoicing import invoice_words
from billing.invoicing.models import Invoice, InvoiceLine, InvoiceStatus
from billing.invoicing.pdf_blocks import (
    Seller,
    amount,
    amounts_table,
    bill_to_lines,
    facts,
    footer,
    new_document,
    notes,
    parties,
)

DRAFT = "(draft, numbered when paid)"  # a checkout's invoice waiting for its payment
STATUS_WORDS = {
    InvoiceStatus.PAID: "Paid",
    InvoiceStatus.UNPAID: "Due",
    InvoiceStatus.DRAFT: "Draft",
    InvoiceStatus.VOID: "Void",
}
CREDIT_NOTE_STATUS_WORDS = {InvoiceStatus.PAID: "Issued", InvoiceStatus.VOID: "Void"}

__all__ = ["PaidFigures", "RefundRow", "Seller", "bill_to_lines", "render"]


def _day(moment: datetime | None) -> str:
    return invoice_words.day(moment) if moment else ""


def _period(line: InvoiceLine) -> str:
    if line.billing_period_start is None or line.billing_period_end is None:
        return ""
    return f"{_day(line.billing_period_start)} - {_day(line.billing_period_end)}"


@dataclass(frozen=True)
class RefundRow:
    """One refund of the invoice's payments that did not fail: how much, when, whether the
    provider has yet to settle it, and its credit note."""

    amount_cents: int
    created_at: datetime
    pending: bool
    credit_note_id: str | None = None


@dataclass(frozen=True)
class PaidFigures:
    """What an invoice's payments collected and what of it came back (the payments context's
    ``refund_math`` rule 4: succeeded refunds count, pending ones are shown apart)."""

    paid_cents: int
    refunded_cents: int
    pending_cents: int = 0
    refunds: tuple[RefundRow, ...] = field(default_factory=tuple)


def _credit_note_of(invoice: Invoice):
    """The original invoice a credit note is for (``credit_notes.attach``), else None."""
    return getattr(invoice, "credit_note_of", None)


def _facts(invoice: Invoice, reason: str) -> list[tuple[str, str]]:
    original = _credit_note_of(invoice)
    words = CREDIT_NOTE_STATUS_WORDS if original else STATUS_WORDS
    kind = "Credit note" if original else "Invoice"
    rows = [
        (f"{kind} number", invoice.number or DRAFT),
        ("Issued", _day(invoice.issue_date)),
    ]
    if original is not None:
        rows.append(("Credit note for", f"invoice {original.number}"))
    else:
        rows.append(("Reason", reason))
    rows.append(("Status", words.get(invoice.status, str(invoice.status))))
    if original is None and invoice.paid_date and invoice.status == InvoiceStatus.PAID:
        rows.append(("Paid", _day(invoice.paid_date)))
    credit_notes = getattr(invoice, "credit_notes", None) or []
    if credit_notes:
        rows.append(("Credit notes", ", ".join(note.number or DRAFT for note in credit_notes)))
    return rows


def refund_words(invoice: Invoice, refund: RefundRow) -> str:
    """``Refunded 5.50 USD on Apr 3, 2026 — credit note INV-000051``."""
    notes_by_id = {note.id: note for note in getattr(invoice, "credit_notes", None) or []}
    note = notes_by_id.get(refund.credit_note_id or "")
    verb = "Refund pending" if refund.pending else "Refunded"
    text = f"{verb} {amount(refund.amount_cents, invoice.currency)} on {_day(refund.created_at)}"
    return text + (f" — credit note {note.number}" if note is not None and note.number else "")


def _rows(invoice: Invoice, lines: list[InvoiceLine], paid: PaidFigures | None) -> list[tuple]:
    money = invoice.currency
    rows = [
        (line.description, _period(line), amount(line.subtotal_cents, money), False)
        for line in lines
        if line.type != "tax"
    ]
    rows.append(("Subtotal", "", amount(invoice.subtotal_cents, money), True))
    rows += [
        (line.description, "", amount(line.subtotal_cents, money), False)
        for line in lines
        if line.type == "tax"
    ]
    rows.append(("Total", "", amount(invoice.total_cents, money), True))
    if paid is None or not (paid.refunded_cents or paid.pending_cents):
        return rows
    rows.append(("Paid", "", amount(paid.paid_cents, money), False))
    if paid.refunded_cents:
        rows.append(("Refunded", "", amount(-paid.refunded_cents, money), False))
    if paid.pending_cents:
        pending = amount(-paid.pending_cents, money)
        rows.append(("Refund pending (not yet returned)", "", pending, False))
    net = amount(paid.paid_cents - paid.refunded_cents, money)
    rows.append(("Net amount paid", "", net, True))
    return rows


def render(
    invoice: Invoice,
    lines: list[InvoiceLine],
    seller: Seller,
    paid: PaidFigures | None = None,
    reason: str = "",
) -> bytes:
    """The PDF bytes of ``invoice`` (its ``lines`` in order) issued by ``seller``, with
    ``paid`` (what was paid and refunded) under the total when anything was refunded and
    ``reason`` (``invoice_words.reason_words``) among its facts."""
    kind = "Credit note" if _credit_note_of(invoice) else "Invoice"
    number = invoice.number or DRAFT
    pdf = new_document(f"{kind} {number}", seller, kind, number)
    parties(pdf, seller, bill_to_lines(invoice.bill_to or {}))
    facts(pdf, _facts(invoice, reason or invoice_words.reason_words(invoice.billing_reason)))
    amounts_table(pdf, ("Description", "Period", "Amount"), _rows(invoice, lines, paid))
    notes(pdf, [refund_words(invoice, row) for row in (paid.refunds if paid else ())])
    notes(pdf, list(invoice.tax_notes or []))
    footer(pdf, seller.footer)
    return bytes(pdf.output())
