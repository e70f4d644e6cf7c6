"""What was refunded of payments and of invoices, as everything that shows it reads it: the
invoice and portal JSON, the dashboard's invoice, subscription and customer pages, the portal
page and the invoice PDF.

The figures are ``refund_math`` rule 4 over the stored refunds: only ``succeeded`` refunds
count as refunded, ``pending`` ones are shown apart as pending, ``failed`` ones count nowhere
(they stay listed, with their status, so the merchant sees the attempt). A payment's paid
amount is its ``amount_cents`` once it succeeded (0 before); an invoice's is what its
succeeded payments collected, and its refunds are theirs. Issued invoices are never edited:
the original invoice shows its refunds by these reads, not by a stored total.

Every read is scoped to the merchant row; ids of another merchant (or mode) are answered as
having nothing refunded, exactly as ids with no refunds. A page costs two queries whatever
its length.
"""

from dataclasses import dataclass, field

from tortoise import connections

from billing.invoicing import invoices
from billing.invoicing.models import Invoice
from billing.invoicing.pdf import PaidFigures, RefundRow
from billing.payments.models import Payment, PaymentStatus, Refund, RefundStatus
from billing.payments.refunds import refund_math


@dataclass(frozen=True)
class Refunds:
    """A payment's or an invoice's refunds (every status, oldest first) and their totals."""

    totals: refund_math.RefundTotals
    refunds: list[Refund] = field(default_factory=list)

    @property
    def state(self) -> str:
        """``none``, ``partially_refunded`` or ``refunded`` (rule 4)."""
        return self.totals.state


NOTHING = Refunds(refund_math.refund_totals(0, []))


async def _refunds_of(merchant_id: str, payment_ids: list[str]) -> dict[str, list[Refund]]:
    by_payment: dict[str, list[Refund]] = {payment_id: [] for payment_id in payment_ids}
    if not payment_ids:
        return by_payment
    query = Refund.scoped(merchant_id).filter(payment_id__in=payment_ids)
    for refund in await query.order_by("created_at", "id"):
        by_payment[refund.payment_id].append(refund)
    return by_payment


def _summed(paid_cents: int, refunds: list[Refund]) -> Refunds:
    pairs = [(refund.status, refund.amount_cents) for refund in refunds]
    return Refunds(refund_math.refund_totals(paid_cents, pairs), refunds)


async def payment_refunds(merchant_id: str, payment_ids: list[str]) -> dict[str, Refunds]:
    """Each named payment's refunds and totals (payment id → ``Refunds``); every id asked is
    answered, unknown and other merchants' ones with ``NOTHING``."""
    ids = list(dict.fromkeys(payment_id for payment_id in payment_ids if payment_id))
    found = {payment_id: NOTHING for payment_id in ids}
    if not ids:
        return found
    query = Payment.scoped(merchant_id).filter(id__in=ids)
    rows = await query.values("id", "status", "amount_cents")
    by_payment = await _refunds_of(merchant_id, [row["id"] for row in rows])
    for row in rows:
        paid = row["amount_cents"] if row["status"] == PaymentStatus.SUCCEEDED else 0
        found[row["id"]] = _summed(paid, by_payment[row["id"]])
    return found


# A join to the ids' ``unnest``: one prepared statement whatever the count, and no plan that
# compares every row with every id (``invoices.with_lines`` says why); the event log asks for
# a billing claim's hundreds of invoices at once.
PAID = """
SELECT p.id, p.invoice_id, p.amount_cents FROM unnest($2::text[]) AS wanted(id)
JOIN payments p ON p.invoice_id = wanted.id
WHERE p.merchant_id = $1 AND p.status = $3 AND p.deleted_at IS NULL
"""


async def invoice_refunds(merchant_id: str, invoice_ids: list[str]) -> dict[str, Refunds]:
    """Each named invoice's refunds and totals over its succeeded payments (invoice id →
    ``Refunds``); every id asked is answered, ``NOTHING`` when nothing was paid."""
    ids = list(dict.fromkeys(invoice_id for invoice_id in invoice_ids if invoice_id))
    found = {invoice_id: NOTHING for invoice_id in ids}
    if not ids:
        return found
    paid = await connections.get("default").execute_query_dict(
        PAID, [merchant_id, ids, PaymentStatus.SUCCEEDED.value]
    )
    by_payment = await _refunds_of(merchant_id, [row["id"] for row in paid])
    collected: dict[str, int] = {}
    refunds: dict[str, list[Refund]] = {}
    for row in paid:
        invoice_id = row["invoice_id"]
        collected[invoice_id] = collected.get(invoice_id, 0) + row["amount_cents"]
        refunds.setdefault(invoice_id, []).extend(by_payment[row["id"]])
    for invoice_id, cents in collected.items():
        ordered = sorted(refunds[invoice_id], key=lambda refund: (refund.created_at, refund.id))
        found[invoice_id] = _summed(cents, ordered)
    return found


def refund_rows(refunds: list[Refund]) -> tuple[RefundRow, ...]:
    """The refunds a document lists: a failed one gave nothing back and is left out."""
    return tuple(
        RefundRow(
            r.amount_cents,
            r.created_at,
            r.status == RefundStatus.PENDING,
            r.adjustment_invoice_id,
        )
        for r in refunds
        if r.status != RefundStatus.FAILED
    )


async def invoice_pdf(merchant_id: str, invoice_id: object) -> tuple[Invoice, bytes]:
    """The invoice's PDF with what was paid and refunded under its total (``invoices``'
    ``invoice_pdf`` draws it; an unknown or another merchant's id is its 404)."""
    key = invoice_id if isinstance(invoice_id, str) else ""
    found = (await invoice_refunds(merchant_id, [key])).get(key, NOTHING)
    totals = found.totals
    rows = refund_rows(found.refunds)
    paid = PaidFigures(totals.paid_cents, totals.refunded_cents, totals.pending_cents, rows)
    return await invoices.invoice_pdf(merchant_id, invoice_id, paid)
