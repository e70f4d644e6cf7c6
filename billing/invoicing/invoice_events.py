"""The invoice events of the log (``billing.event_log``): which change writes which, in one
place, so every path that issues, pays or voids an invoice tells the merchant the same way.

- ``invoice.created``: an invoice is **issued**, that is numbered: by a billing run, immediate
  billing, a proration, a seat, a refund's credit note (``invoice_writer``, the one writer),
  or a checkout's invoice when its payment succeeds and numbers it (``payment_outcomes``). A
  credit note is an issued document like any invoice (negative, ``credit_note_for`` naming
  the original), so it gets ``invoice.created`` too.
- ``invoice.paid``: the invoice became ``paid``: its payment succeeded, or it was issued paid
  because nothing is owed (a total of 0, or a proration's net credit). A credit note is issued
  ``paid`` as well, but nobody paid it (the refund settles it), so it writes no
  ``invoice.paid``: a receiver granting access on ``invoice.paid`` is never misled by one.
- ``invoice.payment_failed``: a charge attempt for an issued, unpaid invoice failed.
- ``invoice.voided``: an issued invoice was voided (a credit note whose refund the provider
  refused; a numbered invoice of an abandoned checkout).

A checkout's draft (no number yet) writes none of these: a receiver hears of an invoice only
once it was told it was created. Its payment's own events (``payment.*``) still tell of every
attempt.

Every event is written in the change's transaction at the change's clock (``at``); a batch
of invoices is written with one ``record_many`` per clock, never one call per invoice.
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from billing.event_log.recording import Change, record_many
from billing.invoicing.credit_notes import CREDIT_NOTE_REASON

CREATED = "invoice.created"
PAID = "invoice.paid"
PAYMENT_FAILED = "invoice.payment_failed"
VOIDED = "invoice.voided"


@dataclass(frozen=True)
class Issued:
    """One numbered invoice just written, at ``at`` (the issuer's clock)."""

    merchant_id: str
    invoice_id: str
    at: datetime
    total_cents: int
    reason: str

    @property
    def issued_paid(self) -> bool:
        """Whether it was issued ``paid`` because nothing is owed (not a credit note)."""
        return self.total_cents <= 0 and self.reason != CREDIT_NOTE_REASON


async def issued(invoices: list[Issued]) -> None:
    """``invoice.created`` (and ``invoice.paid`` for one issued paid) of each of
    ``invoices``, one ``record_many`` per clock (a billing claim has one: its pass's now)."""
    by_clock: dict[datetime, list[Change]] = defaultdict(list)
    for invoice in invoices:
        told = by_clock[invoice.at]
        told.append(Change(invoice.merchant_id, CREATED, invoice.invoice_id))
        if invoice.issued_paid:
            told.append(Change(invoice.merchant_id, PAID, invoice.invoice_id))
    for at, told in by_clock.items():
        await record_many(told, at=at)


def changes(merchant_id: str, invoice_id: str, *types: str) -> list[Change]:
    """The changes of ``types`` about one invoice, for a caller adding its own (a payment's)."""
    return [Change(merchant_id, type_, invoice_id) for type_ in types]


async def voided(merchant_id: str, invoice_ids: list[str], at: datetime) -> None:
    """``invoice.voided`` of each of ``invoice_ids`` (the issued ones a caller just voided)."""
    await record_many([Change(merchant_id, VOIDED, id_) for id_ in invoice_ids], at=at)
