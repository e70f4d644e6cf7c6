"""What every document Tally draws shares: the seller and buyer blocks, the facts under the
title, a table of amounts and the merchant's footer (the invoice and credit note in ``pdf``,
the receipt in ``receipt_pdf``).

Drawn with fpdf2 (pure Python, nothing to install on the system) in its built-in Helvetica,
encoded as Windows-1252 (Latin-1 plus the dashes, curly quotes and € the line words use): a
character outside it (a name in Cyrillic, say) is printed as its closest ASCII spelling or
"?" rather than failing the document. Amounts are printed with
the currency's own decimals and its ISO code ("49.00 USD"), which every font can draw.

The seller block is the business profile (``Seller.of``: the legal name, the address and the
tax id the merchant keeps in Settings, ``billing.accounts.seller_details``); the buyer block
is the ``bill_to`` copy kept on the invoice when it was issued, so a customer who moves later
does not move last year's invoices.
"""

import unicodedata
from dataclasses import dataclass

from fpdf import FPDF
from fpdf.fonts import FontFace

from billing.accounts.models import Merchant
from billing.core.currencies import major_units
from billing.tax.countries import COUNTRIES

TEXT_WIDTH = 190  # mm on A4 with 10 mm margins
COLUMN = 92  # one of two side-by-side blocks
MUTED = (90, 90, 90)
_BOLD = FontFace(emphasis="BOLD")


ENCODING = "windows-1252"


def latin1(text: object) -> str:
    """``text`` in Helvetica's Windows-1252: accents kept where it has them, others spelt
    without (``Łódź`` → ``Lodz``), anything else ``?``."""
    value = str(text or "")
    try:
        value.encode(ENCODING)
        return value
    except UnicodeEncodeError:
        pass
    out = []
    for char in value:
        try:
            char.encode(ENCODING)
            out.append(char)
        except UnicodeEncodeError:
            plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            out.append(plain or {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d"}.get(char, "?"))
    return "".join(out)


def amount(cents: int, currency: str) -> str:
    return f"{major_units(cents, currency)} {currency}"


def country_name(code: str | None) -> str | None:
    return COUNTRIES.get((code or "").upper(), code) if code else None


def address_lines(
    line1: str | None,
    line2: str | None,
    postal_code: str | None,
    city: str | None,
    country: str | None,
) -> list[str]:
    place = " ".join(part for part in (postal_code, city) if part)
    return [part for part in (line1, line2, place, country_name(country)) if part]


@dataclass(frozen=True)
class Seller:
    """Who issues the document, as the business profile says today."""

    display_name: str
    lines: tuple[str, ...]  # legal name, address, tax id
    footer: str = ""

    @classmethod
    def of(cls, merchant: Merchant) -> "Seller":
        address = address_lines(
            merchant.address_line1,
            merchant.address_line2,
            merchant.postal_code,
            merchant.city,
            merchant.country,
        )
        tax_id = f"Tax ID: {merchant.tax_id}" if merchant.tax_id else None
        lines = [merchant.legal_name, *address, tax_id]
        return cls(
            merchant.display_name or merchant.legal_name,
            tuple(line for line in lines if line),
            merchant.invoice_footer or "",
        )


def bill_to_lines(bill_to: dict) -> list[str]:
    """The billing details kept on an invoice as the lines of an address block."""
    address = address_lines(
        bill_to.get("line1"),
        bill_to.get("line2"),
        bill_to.get("postalCode"),
        bill_to.get("city"),
        bill_to.get("country"),
    )
    tax_id = f"Tax ID: {bill_to['taxId']}" if bill_to.get("taxId") else None
    parts = [bill_to.get("name"), bill_to.get("email"), *address, tax_id]
    return [part for part in parts if part]


def new_document(title: str, seller: Seller, heading: str, number: str) -> FPDF:
    """A4 with the seller's name large at the left and ``heading`` with ``number`` at the
    right ("Invoice" / "INV-000042")."""
    pdf = FPDF(format="A4")
    pdf.core_fonts_encoding = ENCODING
    pdf.set_margins(10, 12, 10)
    pdf.set_auto_page_break(True, margin=18)
    pdf.set_title(latin1(title))
    pdf.set_author(latin1(seller.display_name))
    pdf.add_page()
    top = pdf.get_y()
    pdf.set_font("Helvetica", "B", 18)
    pdf.multi_cell(120, 9, latin1(seller.display_name), new_x="LMARGIN", new_y="NEXT")
    below_name = pdf.get_y()
    pdf.set_xy(130, top)
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(70, 9, latin1(heading), align="R", new_x="LEFT", new_y="NEXT")
    pdf.set_font("Helvetica", "", 11)
    pdf.cell(70, 6, latin1(number), align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.set_y(max(below_name, pdf.get_y()) + 4)
    return pdf


def _block(pdf: FPDF, x: float, y: float, title: str, lines: list[str]) -> float:
    pdf.set_xy(x, y)
    pdf.set_font("Helvetica", "B", 10)
    pdf.set_text_color(*MUTED)
    pdf.cell(COLUMN, 6, latin1(title), new_x="LEFT", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)
    pdf.set_font("Helvetica", "", 10)
    for text in lines or ["-"]:
        pdf.multi_cell(COLUMN, 5, latin1(text), new_x="LEFT", new_y="NEXT")
    return pdf.get_y()


def parties(pdf: FPDF, seller: Seller, buyer: list[str], buyer_title: str = "Bill to") -> None:
    """The seller ("From") and the buyer side by side."""
    top = pdf.get_y()
    left = _block(pdf, pdf.l_margin, top, "From", list(seller.lines))
    right = _block(pdf, pdf.l_margin + COLUMN + 6, top, buyer_title, buyer)
    pdf.set_xy(pdf.l_margin, max(left, right) + 5)


def facts(pdf: FPDF, rows: list[tuple[str, str]]) -> None:
    """``Label: value`` lines under the parties (number, dates, reason, status)."""
    pdf.set_font("Helvetica", "", 10)
    for label, value in rows:
        pdf.cell(0, 5.5, latin1(f"{label}: {value}"), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)


def amounts_table(
    pdf: FPDF,
    heading: tuple[str, str, str],
    rows: list[tuple[str, str, str, bool]],
) -> None:
    """Rows of (description, period or note, amount, bold); descriptions wrap, never cut."""
    pdf.set_font("Helvetica", "", 10)
    with pdf.table(
        col_widths=(96, 56, 38),
        text_align=("LEFT", "LEFT", "RIGHT"),
        borders_layout="HORIZONTAL_LINES",
        line_height=6,
        padding=(1.2, 1, 1.2, 1),
    ) as table:
        head = table.row()
        for text in heading:
            head.cell(latin1(text))
        for description, period, value, bold in rows:
            row = table.row()
            for text in (description, period, value):
                row.cell(latin1(text), style=_BOLD if bold else None)
    pdf.ln(3)


def notes(pdf: FPDF, texts: list[str]) -> None:
    pdf.set_font("Helvetica", "", 9)
    for text in texts:
        pdf.multi_cell(0, 5, latin1(text), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)


def footer(pdf: FPDF, text: str) -> None:
    """The merchant's own words under everything (payment terms, registered office)."""
    if not text:
        return
    pdf.ln(4)
    pdf.set_draw_color(200, 200, 200)
    pdf.line(pdf.l_margin, pdf.get_y(), pdf.l_margin + TEXT_WIDTH, pdf.get_y())
    pdf.ln(2)
    pdf.set_font("Helvetica", "", 9)
    pdf.set_text_color(*MUTED)
    pdf.multi_cell(0, 4.5, latin1(text), new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)
