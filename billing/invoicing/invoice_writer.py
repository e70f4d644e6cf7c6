"""Storing issued invoices: any number of drafts in, numbered invoices and their lines stored
with one statement per table.

The one way invoices reach the database: a proration's single invoice and a billing run's
hundreds alike. Drafts carry everything decided before (charges, tax rows, notes); here they
get their numbers (``numbering``: one bump per merchant, in the drafts' order, which callers
keep as issue order) and are inserted with ``INSERT ... SELECT FROM unnest(...)``, so a claim
of 500 subscriptions costs a handful of statements however many invoices it issues. Call
inside the issuing transaction: the numbers and the rows commit or roll back together.

A draft marked not ``numbered`` (a checkout's first invoice, waiting for the customer's
payment) is stored without numbers; ``payment_outcomes`` numbers it when it is paid, so
abandoned checkouts burn no numbers. An invoice whose total is 0 (or less) is ``paid`` on its
issue date (and always numbered); any other is ``unpaid``
until payments collect it (``payment_status`` stays ``none`` until then).

Events (``invoice_events``): every numbered invoice is issued here, so here its
``invoice.created`` is written, one ``record_many`` for the whole call (a billing claim's
hundreds of invoices cost a handful of statements more, not a few per invoice), with
``invoice.paid`` too for one issued paid (total 0: nothing to collect). A checkout's draft
has neither until it is paid and numbered (``payment_outcomes``).
"""

import json
from dataclasses import dataclass, field
from datetime import datetime

from tortoise import connections

from billing.core.db_access import as_columns
from billing.core.ids import new_id
from billing.customers.models import Customer
from billing.invoicing import invoice_events, money_math
from billing.invoicing.cycles import Charge
from billing.invoicing.models import InvoicePaymentStatus, InvoiceStatus
from billing.invoicing.numbering import number_invoices


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


@dataclass
class InvoiceDraft:
    """An invoice decided but not stored: its charges, tax rows (description, cents), notes."""

    merchant_id: str
    customer: Customer
    charges: list[Charge]
    currency: str
    issued_at: datetime
    reason: str
    taxes: list[tuple[str, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    stable_subscription_id: str | None = None
    subscription_id: str | None = None
    numbered: bool = True  # False: a checkout's first invoice, numbered when paid
    credit_note_for: str | None = None  # a credit note's original invoice (payments' refunds)

    @property
    def subtotal_cents(self) -> int:
        return sum(charge.subtotal_cents for charge in self.charges)

    @property
    def total_cents(self) -> int:
        return self.subtotal_cents + sum(cents for _, cents in self.taxes)


INSERT_INVOICES = f"""
INSERT INTO invoices (id, created_at, updated_at, merchant_id, customer_id,
    stable_subscription_id, subscription_id, number, customer_invoice_number, status,
    billing_reason, currency, issue_date, paid_date, subtotal_cents, tax_cents, total_cents,
    bill_to, tax_notes, payment_status, credit_note_for)
SELECT id, created, created, merchant_id, customer_id, stable_id, subscription_id, number,
    customer_number,
    CASE WHEN total <= 0 THEN '{InvoiceStatus.PAID}' ELSE '{InvoiceStatus.UNPAID}' END,
    reason, currency,
    issued, CASE WHEN total <= 0 THEN issued END, subtotal, total - subtotal, total,
    bill_to::jsonb, notes::jsonb, '{InvoicePaymentStatus.NONE}', credit_note_for
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
            $7::text[], $8::text[], $9::text[], $10::timestamptz[], $11::bigint[],
            $12::bigint[], $13::text[], $14::text[], $15::timestamptz[], $16::text[])
  AS u(id, merchant_id, customer_id, stable_id, subscription_id, number, customer_number,
       reason, currency, issued, subtotal, total, bill_to, notes, created, credit_note_for)
"""

LINE_COLUMNS = (
    "invoice_id, position, type, description, quantity, unit_amount_cents, subtotal_cents, "
    "billing_period_start, billing_period_end, component_id, price_id, cycle_key, "
    "unit_amount_decimal"
)
INSERT_LINES = f"""
INSERT INTO invoice_lines (id, created_at, updated_at, {LINE_COLUMNS})
SELECT id, created, created, {LINE_COLUMNS}
FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::numeric[],
            $7::bigint[], $8::bigint[], $9::timestamptz[], $10::timestamptz[], $11::text[],
            $12::text[], $13::text[], $14::numeric[], $15::timestamptz[])
  AS u(id, {LINE_COLUMNS}, created)
"""


def _line_rows(invoice_id: str, draft: InvoiceDraft, created: datetime) -> list[tuple]:
    rows = [
        (
            new_id("il"),
            invoice_id,
            position,
            charge.type,
            charge.description[:300],
            charge.quantity,
            charge.unit_amount_cents,
            charge.subtotal_cents,
            charge.period_start,
            charge.period_end,
            charge.component_id,
            charge.price_id,
            charge.cycle_key,
            charge.unit_amount_decimal,
            created,
        )
        for position, charge in enumerate(draft.charges, start=1)
    ]
    first = len(rows) + 1
    rows += [
        (new_id("il"), invoice_id, position, "tax", description, None, None, cents)
        + (None,) * 6
        + (created,)
        for position, (description, cents) in enumerate(draft.taxes, start=first)
    ]
    return rows


async def write_invoices(drafts: list[InvoiceDraft], now: datetime | None = None) -> list[str]:
    """Number and store ``drafts`` (in the caller's transaction); their ids, in order. The
    rows' ``created_at`` is ``now``, the clock of whoever issues them (a due pass's), else
    each draft's issue instant: never the wall clock of a pass running as of another time.
    A total past ``money_math``'s ceiling (rule 9) is refused before anything is written."""
    for draft in drafts:
        money_math.check_amount("The invoice total", draft.total_cents)
    ids = [new_id("inv") for _ in drafts]
    numbers: dict[int, tuple[str | None, str | None]] = {}
    by_merchant: dict[str, list[int]] = {}
    for index, draft in enumerate(drafts):
        by_merchant.setdefault(draft.merchant_id, []).append(index)
    for merchant_id in sorted(by_merchant):  # merchants in one order: no crossed waits
        indexes = [i for i in by_merchant[merchant_id] if drafts[i].numbered]
        for index in by_merchant[merchant_id]:
            numbers[index] = (None, None)
        if not indexes:
            continue
        taken = await number_invoices(merchant_id, [drafts[i].customer.id for i in indexes])
        for index, number in zip(indexes, taken, strict=True):
            numbers[index] = (number.number, number.customer_invoice_number)
    invoices = [
        (
            ids[i],
            d.merchant_id,
            d.customer.id,
            d.stable_subscription_id,
            d.subscription_id,
            *numbers[i],
            d.reason,
            d.currency,
            d.issued_at,
            d.subtotal_cents,
            d.total_cents,
            json.dumps(bill_to(d.customer)),
            json.dumps(d.notes),
            now or d.issued_at,
            d.credit_note_for,
        )
        for i, d in enumerate(drafts)
    ]
    lines = [
        row
        for i, draft in enumerate(drafts)
        for row in _line_rows(ids[i], draft, now or draft.issued_at)
    ]
    connection = connections.get("default")
    if invoices:
        await connection.execute_query(INSERT_INVOICES, as_columns(invoices, 16))
    if lines:
        await connection.execute_query(INSERT_LINES, as_columns(lines, 15))
    await invoice_events.issued(
        [
            invoice_events.Issued(
                d.merchant_id, ids[i], now or d.issued_at, d.total_cents, d.reason
            )
            for i, d in enumerate(drafts)
            if d.numbered
        ]
    )
    return ids
