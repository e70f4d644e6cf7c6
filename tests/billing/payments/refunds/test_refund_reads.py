"""What counts as refunded (billing/payments/refunds/refund_reads.py over refund_math rule 4), from
stored payments and refunds, against a table worked out by hand: only succeeded refunds
count, pending ones are shown apart, failed ones count nowhere but stay listed."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.models import Payment, Refund
from billing.payments.refunds import refund_reads
from tests.support.factories.invoices import priced_subscription

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
FLAT_12 = {"type": "flat_rate", "amount": 1200, "interval": "month"}

# refunds of a 12.00 payment (status, cents) -> refunded, pending, net paid, state (by hand)
TABLE = [
    ([], 0, 0, 1200, "none"),
    ([("succeeded", 500)], 500, 0, 700, "partially_refunded"),
    ([("succeeded", 500), ("pending", 300), ("failed", 200)], 500, 300, 700, "partially_refunded"),
    ([("pending", 1200)], 0, 1200, 1200, "none"),  # on its way: not refunded yet
    ([("failed", 1200)], 0, 0, 1200, "none"),  # refused: the money never left
    ([("succeeded", 500), ("succeeded", 700)], 1200, 0, 0, "refunded"),
    ([("failed", 500), ("succeeded", 1200)], 1200, 0, 0, "refunded"),
]


async def paid_invoice(merchant_id: str, refunds: list[tuple[str, int]]) -> Payment:
    """A 12.00 invoice paid by one succeeded payment, with ``refunds`` stored on it in order."""
    sub = await priced_subscription(merchant_id, FLAT_12, start=JAN_1)
    await bill_due(JAN_1, merchant_id)
    invoice = await Invoice.get(merchant_id=merchant_id, stable_subscription_id=sub.id)
    payment = await Payment.create(
        merchant_id=merchant_id,
        invoice_id=invoice.id,
        customer_id=invoice.customer_id,
        provider="provider_a",
        amount_cents=1200,
        currency="USD",
        status="succeeded",
        succeeded_at=JAN_1,
        attempt=1,
        idempotency_key=f"{invoice.id}:1",
        provider_payment_id="pi_reads",
    )
    for n, (status, cents) in enumerate(refunds, start=1):
        await Refund.create(
            merchant_id=merchant_id,
            payment_id=payment.id,
            amount_cents=cents,
            status=status,
            idempotency_key=f"refund:{payment.id}:{n}",
            created_at=JAN_1 + timedelta(days=n),
        )
    return payment


@pytest.mark.parametrize(("refunds", "refunded", "pending", "net", "state"), TABLE)
async def test_invoice_and_payment_totals_match_the_hand_table(
    merchant, refunds, refunded, pending, net, state
):
    payment = await paid_invoice(merchant.id, refunds)
    by_invoice = await refund_reads.invoice_refunds(merchant.id, [payment.invoice_id])
    by_payment = await refund_reads.payment_refunds(merchant.id, [payment.id])
    for found in (by_invoice[payment.invoice_id], by_payment[payment.id]):
        totals = found.totals
        assert (totals.paid_cents, totals.refunded_cents, totals.pending_cents) == (
            1200,
            refunded,
            pending,
        )
        assert (totals.net_paid_cents, found.state) == (net, state)
        assert [(r.status, r.amount_cents) for r in found.refunds] == refunds  # all, in order


async def test_nothing_paid_and_other_merchants_ids_count_nothing(merchant, make_merchant):
    payment = await paid_invoice(merchant.id, [("succeeded", 500)])
    other = await make_merchant()
    theirs = await refund_reads.invoice_refunds(other.id, [payment.invoice_id, "inv_unknown"])
    assert theirs == {payment.invoice_id: refund_reads.NOTHING, "inv_unknown": refund_reads.NOTHING}
    assert await refund_reads.payment_refunds(other.id, [payment.id]) == {
        payment.id: refund_reads.NOTHING
    }
    declined = await paid_invoice(merchant.id, [])
    await Payment.filter(id=declined.id).update(status="failed")  # it collected nothing
    mine = await refund_reads.payment_refunds(merchant.id, [declined.id])
    assert mine[declined.id] == refund_reads.NOTHING
    by_invoice = await refund_reads.invoice_refunds(merchant.id, [declined.invoice_id])
    assert by_invoice[declined.invoice_id] == refund_reads.NOTHING
