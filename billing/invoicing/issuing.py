"""Issuing an invoice: charges in, a numbered invoice with its tax out, in the caller's
transaction.

The invoice is issued on the billing date it is for (``issue_date``), so a test clock run
months ahead dates its invoices as they would have been. Tax comes from the tax engine for the
customer's address on that date: one line of type ``tax`` per breakdown row, and a
reverse-charge or exemption note in ``tax_notes`` (shown on the invoice and its PDF). An
invoice whose total is 0 is ``paid`` at once; any other is ``unpaid`` until the payments
issue collects it (``payment_status`` stays ``none`` until then).
"""

from datetime import datetime
from decimal import Decimal

from billing.customers.models import Customer
from billing.invoicing.cycles import Charge
from billing.invoicing.models import Invoice, InvoiceLine
from billing.invoicing.numbering import take_numbers
from billing.tax.tax_engine import TaxLine, TaxResult, calculate_tax

REVERSE_CHARGE = "Reverse charge: the customer accounts for the tax (VAT reverse charge)."
TAX_LABELS = {"vat": "VAT", "gst": "GST", "hst": "HST", "pst": "PST", "qst": "QST"}


def bill_to(customer: Customer) -> dict:
    """The customer's billing details as they are on the issue date, kept on the invoice."""
    return {
        "name": customer.name,
        "email": customer.email,
        "line1": customer.billing_address_line1,
        "line2": customer.billing_address_line2,
        "city": customer.billing_city,
        "postalCode": customer.billing_postal_code,
        "country": customer.billing_country,
        "taxId": customer.tax_id,
    }


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


async def tax_of(
    merchant_id: str, customer: Customer, charges: list[Charge], currency: str, on: datetime
) -> tuple[list[tuple[str, int]], list[str]]:
    """The tax rows (description, cents) and notes of ``charges`` for the customer on ``on``.
    Lines are taxed one by one; with a credit among them (a proration) the net amount is
    taxed as one line, so a credit lowers the tax as much as it lowers the price."""
    if any(charge.subtotal_cents < 0 for charge in charges):
        net = max(sum(charge.subtotal_cents for charge in charges), 0)
        taxable = [TaxLine(net, "proration", "Net of credits")]
    else:
        taxable = [TaxLine(c.subtotal_cents, c.type, c.description) for c in charges]
    tax = await calculate_tax(merchant_id, customer.id, taxable, currency=currency, on=on.date())
    return tax_lines(tax), tax_notes(tax, sum(line.subtotal_cents for line in taxable))


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
    """A numbered invoice for ``charges`` plus their tax (run inside a transaction)."""
    subtotal = sum(charge.subtotal_cents for charge in charges)
    taxes, notes = await tax_of(merchant_id, customer, charges, currency, issued_at)
    total = subtotal + sum(cents for _, cents in taxes)
    numbers = await take_numbers(merchant_id, customer.id)
    invoice = await Invoice.create(
        merchant_id=merchant_id,
        customer_id=customer.id,
        stable_subscription_id=stable_subscription_id,
        subscription_id=subscription_id,
        number=numbers.number,
        customer_invoice_number=numbers.customer_invoice_number,
        status="paid" if total <= 0 else "unpaid",
        billing_reason=reason,
        currency=currency,
        issue_date=issued_at,
        paid_date=issued_at if total <= 0 else None,
        subtotal_cents=subtotal,
        tax_cents=total - subtotal,
        total_cents=total,
        bill_to=bill_to(customer),
        tax_notes=notes,
    )
    rows = [
        InvoiceLine(
            invoice_id=invoice.id,
            position=position,
            type=charge.type,
            description=charge.description[:300],
            quantity=charge.quantity,
            unit_amount_cents=charge.unit_amount_cents,
            subtotal_cents=charge.subtotal_cents,
            billing_period_start=charge.period_start,
            billing_period_end=charge.period_end,
            component_id=charge.component_id,
            price_id=charge.price_id,
            cycle_key=charge.cycle_key,
        )
        for position, charge in enumerate(charges, start=1)
    ]
    rows += [
        InvoiceLine(
            invoice_id=invoice.id,
            position=len(charges) + n,
            type="tax",
            description=description,
            subtotal_cents=cents,
        )
        for n, (description, cents) in enumerate(taxes, start=1)
    ]
    await InvoiceLine.bulk_create(rows)
    return invoice
