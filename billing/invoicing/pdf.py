"""An invoice as a PDF: the merchant, who is billed, the number and dates, every line with its
period, the tax rows and notes, the totals and the status.

Drawn with fpdf2 (pure Python, nothing to install on the system) in its built-in Helvetica,
whose character set is Latin-1: a character outside it (a name in Cyrillic, say) is printed as
its closest ASCII spelling or "?" rather than failing the document. Amounts are printed with
the currency's own decimals and its ISO code ("49.00 USD"), which every font can draw.

Refunds: an invoice whose payment was partly or wholly refunded keeps its lines and total as
issued, and gets under the total what was paid, a "Refunded" line (succeeded refunds only;
one still on its way is a "Refund pending" line that changes nothing) and the net amount
paid, with the numbers of its credit notes. A credit note says so in its title ("Credit note
INV-000002") and names the invoice it is for; its status reads "Issued" rather than "Paid".
"""

import unicodedata
from dataclasses import dataclass
from datetime import datetime

from fpdf import FPDF

from billing.core.currencies import major_units
from billing.invoicing.models import Invoice, InvoiceLine, InvoiceStatus

DRAFT = "(draft, numbered when paid)"  # a checkout's invoice waiting for its payment
STATUS_WORDS = {
    InvoiceStatus.PAID: "Paid",
    InvoiceStatus.UNPAID: "Due",
    InvoiceStatus.DRAFT: "Draft",
    InvoiceStatus.VOID: "Void",
}
CREDIT_NOTE_STATUS_WORDS = {InvoiceStatus.PAID: "Issued", InvoiceStatus.VOID: "Void"}
LINE_WIDTHS = (92, 58, 40)  # description, period, amount (mm, on a 190 mm text width)


def latin1(text: object) -> str:
    """``text`` in Helvetica's Latin-1: accents kept where Latin-1 has them, others spelt
    without (``Łódź`` → ``Lodz``), anything else ``?``."""
    value = str(text or "")
    try:
        value.encode("latin-1")
        return value
    except UnicodeEncodeError:
        pass
    out = []
    for char in value:
        try:
            char.encode("latin-1")
            out.append(char)
        except UnicodeEncodeError:
            plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            out.append(plain or {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d"}.get(char, "?"))
    return "".join(out)


def _day(moment: datetime | None) -> str:
    """``Jan 1, 2030``, the way the dashboard writes a date (no leading zero)."""
    return f"{moment:%b} {moment.day}, {moment.year}" if moment else ""


def _period(line: InvoiceLine) -> str:
    if line.billing_period_start is None or line.billing_period_end is None:
        return ""
    return f"{_day(line.billing_period_start)} - {_day(line.billing_period_end)}"


def bill_to_lines(bill_to: dict) -> list[str]:
    """The billing details kept on an invoice as the lines of an address block."""
    place = " ".join(p for p in (bill_to.get("postalCode"), bill_to.get("city")) if p)
    parts = [
        bill_to.get("name"),
        bill_to.get("email"),
        bill_to.get("line1"),
        bill_to.get("line2"),
        place,
        bill_to.get("country"),
        f"Tax ID: {bill_to['taxId']}" if bill_to.get("taxId") else None,
    ]
    return [part for part in parts if part]


@dataclass(frozen=True)
class PaidFigures:
    """What an invoice's payments collected and what of it came back (the payments context's
    ``refund_math`` rule 4: succeeded refunds count, pending ones are shown apart)."""

    paid_cents: int
    refunded_cents: int
    pending_cents: int = 0


def _credit_note_of(invoice: Invoice):
    """The original invoice a credit note is for (``credit_notes.attach``), else None."""
    return getattr(invoice, "credit_note_of", None)


def _facts(invoice: Invoice) -> list[tuple[str, str]]:
    original = _credit_note_of(invoice)
    words = CREDIT_NOTE_STATUS_WORDS if original else STATUS_WORDS
    facts = [
        ("Customer invoice number", invoice.customer_invoice_number or DRAFT),
        ("Issued", _day(invoice.issue_date)),
        ("Status", words.get(invoice.status, invoice.status)),
    ]
    if original is not None:
        facts.append(("Credit note for", f"invoice {original.number}"))
    elif invoice.paid_date:
        facts.append(("Paid", _day(invoice.paid_date)))
    notes = getattr(invoice, "credit_notes", None) or []
    if notes:
        facts.append(("Credit notes", ", ".join(note.number for note in notes)))
    return facts


def render(
    invoice: Invoice,
    lines: list[InvoiceLine],
    merchant_name: str,
    paid: PaidFigures | None = None,
) -> bytes:
    """The PDF bytes of ``invoice`` (its ``lines`` in order) issued by ``merchant_name``, with
    ``paid`` (what was paid and refunded) under the total when anything was refunded."""
    title = f"{'Credit note' if _credit_note_of(invoice) else 'Invoice'} {invoice.number or DRAFT}"
    pdf = FPDF(format="A4")
    pdf.set_title(latin1(title))
    pdf.set_author(latin1(merchant_name))
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 18)
    pdf.cell(0, 10, latin1(merchant_name), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 11)
    pdf.cell(0, 7, latin1(title), new_x="LMARGIN", new_y="NEXT")
    for label, value in _facts(invoice):
        pdf.cell(0, 6, latin1(f"{label}: {value}"), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 6, "Bill to", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 11)
    for text in bill_to_lines(invoice.bill_to or {}):
        pdf.cell(0, 6, latin1(text), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)
    _table(pdf, invoice, lines, paid)
    for note in invoice.tax_notes or []:
        pdf.ln(2)
        pdf.multi_cell(0, 6, latin1(note), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def _row(pdf: FPDF, cells: tuple[str, str, str], *, bold: bool = False) -> None:
    pdf.set_font("Helvetica", "B" if bold else "", 10)
    description, period, amount = cells
    widths = LINE_WIDTHS
    pdf.cell(widths[0], 7, latin1(description)[:60], border="B")
    pdf.cell(widths[1], 7, latin1(period), border="B")
    pdf.cell(widths[2], 7, latin1(amount), border="B", align="R", new_x="LMARGIN", new_y="NEXT")


def _table(pdf: FPDF, invoice: Invoice, lines: list[InvoiceLine], paid: PaidFigures | None) -> None:
    money = invoice.currency

    def amount(cents: int) -> str:
        return f"{major_units(cents, money)} {money}"

    _row(pdf, ("Description", "Period", "Amount"), bold=True)
    for line in lines:
        if line.type != "tax":
            _row(pdf, (line.description, _period(line), amount(line.subtotal_cents)))
    _row(pdf, ("Subtotal", "", amount(invoice.subtotal_cents)), bold=True)
    for line in lines:
        if line.type == "tax":
            _row(pdf, (line.description, "", amount(line.subtotal_cents)))
    _row(pdf, ("Total", "", amount(invoice.total_cents)), bold=True)
    if paid is None or not (paid.refunded_cents or paid.pending_cents):
        return
    pdf.ln(3)
    _row(pdf, ("Paid", "", amount(paid.paid_cents)))
    if paid.refunded_cents:
        _row(pdf, ("Refunded", "", amount(-paid.refunded_cents)))
    if paid.pending_cents:
        _row(pdf, ("Refund pending (not yet returned)", "", amount(-paid.pending_cents)))
    _row(pdf, ("Net amount paid", "", amount(paid.paid_cents - paid.refunded_cents)), bold=True)
