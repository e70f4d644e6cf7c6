"""Invoices, their lines, and the counters that number them.

An invoice is issued once and never edited or deleted afterwards: a mistake is corrected by a
new invoice (a credit line), and ``void`` is the only change an issued invoice accepts. So an
invoice keeps a copy of what it was issued to (``bill_to``: the customer's name, email and
address on the issue date) rather than reading the customer row later.

Each merchant row (one per mode) numbers its invoices gap-free (``INV-000042``), and each
customer's invoices are numbered too (``customer_invoice_number``). Both come from
``InvoiceSequence`` rows bumped inside the transaction that issues the invoice: the row lock
orders concurrent issuers, and a rolled-back issue rolls its number back, so no gap appears.
A checkout's first invoice is the exception: it waits for the customer's payment without a
number (both columns null) and is numbered when it is paid (``payment_outcomes``), so a
checkout nobody pays (voided after 24 hours) burns no number. The API shows such an invoice's
numbers as empty strings, pages and PDFs as "draft".

A refund is recorded on a **credit note**: an adjustment invoice (``billing_reason``
``refund``, negative total) whose ``credit_note_for`` names the original invoice it gives
money back on, set in the transaction that issues it and never changed after. The original
finds its credit notes by that column (``credit_notes``); it is not edited itself. What was
refunded of its payments is read from the refunds (``billing.payments.refunds.refund_reads``).

``InvoiceLine.cycle_key`` is unique: one key per (subscription, component, billing date), so a
billing cycle cannot be billed twice however many workers run the due work at once.
"""

from enum import StrEnum

from tortoise import fields
from tortoise.indexes import Index

from billing.core.models import PrefixedIdModel, TenantModel


class InvoiceStatus(StrEnum):
    """``Invoice.status``. A ``StrEnum``: the column stays a plain string and a member
    renders and serialises as its word."""

    DRAFT = "draft"
    UNPAID = "unpaid"
    PAID = "paid"
    VOID = "void"


class InvoicePaymentStatus(StrEnum):
    """``Invoice.payment_status``: ``none`` until payments first try to collect it, then the
    status of its latest attempt (``payment_id``)."""

    NONE = "none"
    PENDING = "pending"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


INVOICE_STATUSES = tuple(InvoiceStatus)
LINE_TYPES = ("fixed", "usage", "proration", "tax", "refund")  # refund: payments' credit notes


class Invoice(TenantModel):
    id_prefix = "inv"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="invoices")
    customer = fields.ForeignKeyField(
        "models.Customer", related_name="invoices", on_delete=fields.RESTRICT
    )
    stable_subscription_id = fields.CharField(max_length=40, null=True)
    subscription_id = fields.CharField(max_length=40, null=True)
    number = fields.CharField(max_length=20, null=True)  # null: a checkout's draft, unpaid
    customer_invoice_number = fields.CharField(max_length=30, null=True)
    status = fields.CharField(max_length=10, default=InvoiceStatus.DRAFT)
    billing_reason = fields.CharField(max_length=30)
    currency = fields.CharField(max_length=3)
    issue_date = fields.DatetimeField()
    paid_date = fields.DatetimeField(null=True)
    subtotal_cents = fields.BigIntField(default=0)
    tax_cents = fields.BigIntField(default=0)
    total_cents = fields.BigIntField(default=0)
    bill_to = fields.JSONField(default=dict)
    tax_notes = fields.JSONField(default=list)
    payment_status = fields.CharField(max_length=20, default=InvoicePaymentStatus.NONE)
    payment_id = fields.CharField(max_length=40, null=True)
    credit_note_for = fields.CharField(max_length=40, null=True)  # the original invoice's id

    class Meta:
        table = "invoices"
        unique_together = (("merchant_id", "number"),)
        indexes = (
            Index(fields=("merchant_id", "status", "issue_date"), name="invoices_status_idx"),
            Index(
                fields=("merchant_id", "customer_id", "issue_date"), name="invoices_customer_idx"
            ),
            Index(fields=("merchant_id", "stable_subscription_id"), name="invoices_sub_idx"),
            Index(fields=("merchant_id", "credit_note_for"), name="invoices_credit_note_idx"),
        )


class InvoiceLine(PrefixedIdModel):
    """One line: a fixed fee, a usage charge, a proration credit or charge, a tax row, or the
    price part given back by a refund (negative, on a ``refund`` adjustment invoice)."""

    id_prefix = "il"
    invoice = fields.ForeignKeyField("models.Invoice", related_name="lines")
    position = fields.IntField()
    type = fields.CharField(max_length=10)
    description = fields.CharField(max_length=300)
    quantity = fields.DecimalField(max_digits=24, decimal_places=6, null=True)
    unit_amount_cents = fields.BigIntField(null=True)
    # A usage price finer than a cent (``unitAmountDecimal``, in cents, e.g. 0.04 for
    # 0.0004 USD a unit); ``unit_amount_cents`` is then its whole-cent rounding, for show only.
    unit_amount_decimal = fields.DecimalField(max_digits=30, decimal_places=12, null=True)
    subtotal_cents = fields.BigIntField()
    billing_period_start = fields.DatetimeField(null=True)
    billing_period_end = fields.DatetimeField(null=True)
    component_id = fields.CharField(max_length=100, null=True)
    price_id = fields.CharField(max_length=40, null=True)
    cycle_key = fields.CharField(max_length=200, null=True, unique=True)

    class Meta:
        table = "invoice_lines"
        indexes = (Index(fields=("invoice_id", "position"), name="invoice_lines_order_idx"),)


class InvoiceSequence(PrefixedIdModel):
    """The last number issued in one numbering: a merchant's (``scope`` "") or a customer's
    (``scope`` = the customer id)."""

    id_prefix = "iseq"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="invoice_sequences")
    scope = fields.CharField(max_length=40)
    last_number = fields.IntField(default=0)

    class Meta:
        table = "invoice_sequences"
        unique_together = (("merchant_id", "scope"),)
