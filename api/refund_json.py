"""The refund fields of /v1's invoice and payment objects (an extension of the spec's shapes).

What counts is ``billing.payments.refunds.refund_reads`` (``refund_math`` rule 4): on an invoice and
on a payment, ``amountRefundedCents`` is what succeeded refunds gave back (a pending refund is
listed with status ``pending`` and not counted, a failed one is listed and not counted),
``refundStatus`` is ``none``, ``partially_refunded`` or ``refunded``, and ``refunds`` lists
every refund oldest first as ``{id, status, amountCents, reason, createdAt,
adjustmentInvoiceId}`` (the credit note that records it). On an invoice, ``creditNoteFor``
is the original invoice's id when the invoice is a refund's credit note (else null) and
``creditNoteIds`` the credit notes issued for it (oldest first).
"""

from pydantic import BaseModel

from api.common import iso
from billing.invoicing.models import Invoice
from billing.payments.models import Refund
from billing.payments.refunds.refund_reads import NOTHING, Refunds


class RefundEntryOut(BaseModel):
    id: str
    status: str
    amountCents: int
    reason: str | None
    createdAt: str
    adjustmentInvoiceId: str | None


def refund_entry_json(refund: Refund) -> dict:
    return {
        "id": refund.id,
        "status": refund.status,
        "amountCents": refund.amount_cents,
        "reason": refund.reason,
        "createdAt": iso(refund.created_at),
        "adjustmentInvoiceId": refund.adjustment_invoice_id,
    }


def refunded_json(found: Refunds | None) -> dict:
    """``amountRefundedCents``, ``refundStatus`` and ``refunds`` of one invoice or payment."""
    found = found or NOTHING
    return {
        "amountRefundedCents": found.totals.refunded_cents,
        "refundStatus": found.state,
        "refunds": [refund_entry_json(refund) for refund in found.refunds],
    }


def credit_note_json(invoice: Invoice) -> dict:
    """``creditNoteFor`` and ``creditNoteIds`` (``credit_notes.attach`` read them)."""
    return {
        "creditNoteFor": invoice.credit_note_for,
        "creditNoteIds": [note.id for note in getattr(invoice, "credit_notes", [])],
    }
