"""A receipt as a PDF: proof that one payment was made, for the customer's books.

It says "Receipt", its number (``receipts.receipt_number``), the amount paid, the date, how
it was paid (``Visa ending in 4242``), the invoice it paid with that invoice's lines, tax and
total (what was paid for), the seller and buyer blocks of the invoice (``pdf_blocks``), every
refund of this payment ("Refunded 5.50 USD on Apr 3, 2026 — credit note INV-000051") and the
merchant's footer. A receipt is drawn on each request from the stored rows, so a refund made
later shows on it.
"""

from dataclasses import dataclass
from datetime import datetime

from billing.invoicing import invoice_words
from billing.invoicing.models import Invoice, InvoiceLine
from billing.invoicing.pdf import RefundRow, refund_words
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


@dataclass(frozen=True)
class ReceiptFacts:
    """What a receipt says beyond its invoice: its number, the payment and its refunds."""

    number: str
    amount_cents: int
    currency: str
    paid_at: datetime
    method: str  # "Visa ending in 4242", "" when the payment names no stored method
    refunds: tuple[RefundRow, ...] = ()


def _rows(invoice: Invoice, lines: list[InvoiceLine], facts: ReceiptFacts) -> list[tuple]:
    money = invoice.currency
    rows = [
        (line.description, "", amount(line.subtotal_cents, money), False)
        for line in lines
        if line.type != "tax"
    ]
    rows += [
        (line.description, "", amount(line.subtotal_cents, money), False)
        for line in lines
        if line.type == "tax"
    ]
    rows.append((f"Invoice {invoice.number} total", "", amount(invoice.total_cents, money), True))
    rows.append(("Amount paid", "", amount(facts.amount_cents, facts.currency), True))
    refunded = sum(r.amount_cents for r in facts.refunds if not r.pending)
    if refunded:
        rows.append(("Refunded", "", amount(-refunded, facts.currency), False))
        net = amount(facts.amount_cents - refunded, facts.currency)
        rows.append(("Net amount paid", "", net, True))
    return rows


def render(
    invoice: Invoice, lines: list[InvoiceLine], seller: Seller, facts_: ReceiptFacts
) -> bytes:
    """The PDF bytes of the receipt of one payment of ``invoice``."""
    pdf = new_document(f"Receipt {facts_.number}", seller, "Receipt", facts_.number)
    parties(pdf, seller, bill_to_lines(invoice.bill_to or {}), "Paid by")
    rows = [
        ("Receipt number", facts_.number),
        ("Amount paid", amount(facts_.amount_cents, facts_.currency)),
        ("Date paid", invoice_words.day(facts_.paid_at)),
    ]
    if facts_.method:
        rows.append(("Payment method", facts_.method))
    rows.append(("For invoice", invoice.number or ""))
    facts(pdf, rows)
    amounts_table(pdf, ("Paid for", "", "Amount"), _rows(invoice, lines, facts_))
    notes(pdf, [refund_words(invoice, refund) for refund in facts_.refunds])
    footer(pdf, seller.footer)
    return bytes(pdf.output())
