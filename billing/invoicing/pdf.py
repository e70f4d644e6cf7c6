"""An invoice as a PDF: the merchant, who is billed, the number and dates, every line with its
period, the tax rows and notes, the totals and the status.

Drawn with fpdf2 (pure Python, nothing to install on the system) in its built-in Helvetica,
whose character set is Latin-1: a character outside it (a name in Cyrillic, say) is printed as
its closest ASCII spelling or "?" rather than failing the document. Amounts are printed with
the currency's own decimals and its ISO code ("49.00 USD"), which every font can draw.
"""

import unicodedata
from datetime import datetime

from fpdf import FPDF

from billing.core.currencies import major_units
from billing.invoicing.models import Invoice, InvoiceLine

STATUS_WORDS = {"paid": "Paid", "unpaid": "Due", "draft": "Draft", "void": "Void"}
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


def render(invoice: Invoice, lines: list[InvoiceLine], merchant_name: str) -> bytes:
    """The PDF bytes of ``invoice`` (its ``lines`` in order) issued by ``merchant_name``."""
    pdf = FPDF(format="A4")
    pdf.set_title(latin1(f"Invoice {invoice.number}"))
    pdf.set_author(latin1(merchant_name))
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 18)
    pdf.cell(0, 10, latin1(merchant_name), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 11)
    pdf.cell(0, 7, latin1(f"Invoice {invoice.number}"), new_x="LMARGIN", new_y="NEXT")
    facts = [
        ("Customer invoice number", invoice.customer_invoice_number),
        ("Issued", _day(invoice.issue_date)),
        ("Status", STATUS_WORDS.get(invoice.status, invoice.status)),
    ]
    if invoice.paid_date:
        facts.append(("Paid", _day(invoice.paid_date)))
    for label, value in facts:
        pdf.cell(0, 6, latin1(f"{label}: {value}"), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 6, "Bill to", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 11)
    for text in bill_to_lines(invoice.bill_to or {}):
        pdf.cell(0, 6, latin1(text), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)
    _table(pdf, invoice, lines)
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


def _table(pdf: FPDF, invoice: Invoice, lines: list[InvoiceLine]) -> None:
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
