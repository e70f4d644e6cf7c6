"""Issuing an invoice: charges in, a numbered invoice with its tax out, in the caller's
transaction.

The invoice is issued on the billing date it is for (``issue_date``), so a test clock run
months ahead dates its invoices as they would have been. Tax comes from the tax engine for the
customer's address on that date: one line of type ``tax`` per breakdown row, and a
reverse-charge or exemption note in ``tax_notes`` (shown on the invoice and its PDF). An
invoice whose total is 0 is ``paid`` at once; any other is ``unpaid`` until the payments
issue collects it (``payment_status`` stays ``none`` until then).

Prompt charging: an invoice issued outside a due pass (a proration, a seat added; the first
invoice of ``billing_run.bill_now``) signals the due-work loops with ``collect_soon`` in its
issuing transaction. The NOTIFY is delivered on commit (never for a rollback), so a running
``tally serve`` or ``tally worker`` passes at once (or at the issue date, for one issued ahead)
and its payments step charges a customer's saved method within moments, instead of at the next
``TALLY_DUE_WORK_INTERVAL``. The due pass itself does not signal: it issues its invoices and
collects them in the same pass, as of its own clock.
"""

from datetime import datetime
from decimal import Decimal

from billing.core.due_signal import due_at
from billing.customers.models import Customer
from billing.invoicing.cycles import Charge
from billing.invoicing.invoice_writer import InvoiceDraft, write_invoices
from billing.invoicing.models import Invoice, InvoiceStatus
from billing.tax.tax_engine import MerchantTax, TaxLine, TaxResult, merchant_tax, tax_for

REVERSE_CHARGE = "Reverse charge: the customer accounts for the tax (VAT reverse charge)."
TAX_LABELS = {"vat": "VAT", "gst": "GST", "hst": "HST", "pst": "PST", "qst": "QST"}


def _tax_label(kind: str, rate) -> str:
    label = TAX_LABELS.get(kind, kind.replace("_", " ").title())
    percent = (Decimal(rate) * 100).normalize()  # 0.0725 -> 7.25, 0.2 -> 20
    return f"{label} ({percent:f}%)"


def tax_lines(tax: TaxResult) -> list[tuple[str, int]]:
    """(description, cents) per breakdown row that charges something."""
    return [(_tax_label(r.type, r.rate), r.amount_cents) for r in tax.breakdown if r.amount_cents]


def tax_notes(tax: TaxResult, taxable_total: int) -> list[str]:
    notes = []
    if tax.exempt_cents and tax.exempt_cents >= taxable_total and taxable_total:
        notes.append(REVERSE_CHARGE)
    return notes


def taxes_and_notes(
    setup: MerchantTax, customer: Customer, charges: list[Charge], currency: str, on: datetime
) -> tuple[list[tuple[str, int]], list[str]]:
    """The tax rows (description, cents) and notes of ``charges`` for the customer on ``on``.
    Lines are taxed one by one; with a credit among them (a proration) the net amount is
    taxed as one line, so a credit lowers the tax as much as it lowers the price."""
    if any(charge.subtotal_cents < 0 for charge in charges):
        net = max(sum(charge.subtotal_cents for charge in charges), 0)
        taxable = [TaxLine(net, "proration", "Net of credits")]
    else:
        taxable = [TaxLine(c.subtotal_cents, c.type, c.description) for c in charges]
    tax = tax_for(setup, customer, taxable, currency, on.date())
    return tax_lines(tax), tax_notes(tax, sum(line.subtotal_cents for line in taxable))


async def tax_of(
    merchant_id: str, customer: Customer, charges: list[Charge], currency: str, on: datetime
) -> tuple[list[tuple[str, int]], list[str]]:
    """:func:`taxes_and_notes` with the merchant's tax set-up read now."""
    return taxes_and_notes(await merchant_tax(merchant_id), customer, charges, currency, on)


async def collect_soon(issued_at: datetime) -> None:
    """Wake the due-work loops on commit: an invoice issued at ``issued_at`` outside a due
    pass can be charged from then (the payments step claims invoices issued by its ``now``)."""
    await due_at(issued_at)


async def issue_invoice(
    merchant_id: str,
    customer: Customer,
    charges: list[Charge],
    *,
    currency: str,
    issued_at: datetime,
    reason: str,
    stable_subscription_id: str | None = None,
    subscription_id: str | None = None,
) -> Invoice:
    """A numbered invoice for ``charges`` plus their tax (run inside a transaction), issued
    outside a due pass: one that is owed signals the loops to charge it (``collect_soon``)."""
    taxes, notes = await tax_of(merchant_id, customer, charges, currency, issued_at)
    draft = InvoiceDraft(
        merchant_id,
        customer,
        charges,
        currency=currency,
        issued_at=issued_at,
        reason=reason,
        taxes=taxes,
        notes=notes,
        stable_subscription_id=stable_subscription_id,
        subscription_id=subscription_id,
    )
    [invoice_id] = await write_invoices([draft])
    invoice = await Invoice.get(id=invoice_id)
    if invoice.status == InvoiceStatus.UNPAID:
        await collect_soon(issued_at)
    return invoice
