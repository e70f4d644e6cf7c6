"""A payment's outcome lands once on the payment and its invoice, and a success is final."""

from datetime import UTC, datetime

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.collection.payment_outcomes import mark_failed, mark_succeeded
from billing.payments.models import Payment
from tests.support.factories.invoices import FLAT_49, priced_subscription

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
JAN_2 = datetime(2030, 1, 2, tzinfo=UTC)


async def pending_payment(merchant_id: str) -> Payment:
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1)
    await bill_due(JAN_1, merchant_id)
    invoice = await Invoice.get(stable_subscription_id=sub.stable_subscription_id)
    return await Payment.create(
        merchant_id=merchant_id,
        invoice_id=invoice.id,
        customer_id=invoice.customer_id,
        provider="provider_a",
        amount_cents=invoice.total_cents,
        currency=invoice.currency,
        attempt=1,
        idempotency_key=f"{invoice.id}:1",
    )


async def test_a_success_pays_the_invoice_once_and_stays(merchant):
    payment = await pending_payment(merchant.id)
    assert await mark_succeeded(payment.id, JAN_2, "pi_123") is True
    assert await mark_succeeded(payment.id, JAN_2, "pi_123") is False  # redelivered
    assert await mark_failed(payment.id, "late failure") is False  # never overturned
    invoice = await Invoice.get(id=payment.invoice_id)
    assert (invoice.status, invoice.paid_date, invoice.payment_status) == (
        "paid",
        JAN_2,
        "succeeded",
    )
    assert invoice.payment_id == payment.id
    stored = await Payment.get(id=payment.id)
    assert (stored.status, stored.provider_payment_id) == ("succeeded", "pi_123")


async def test_a_failure_keeps_the_invoice_unpaid_with_the_message(merchant):
    payment = await pending_payment(merchant.id)
    assert await mark_failed(payment.id, "Your card was declined.", "pi_9") is True
    assert await mark_failed(payment.id, "again") is False
    invoice = await Invoice.get(id=payment.invoice_id)
    assert (invoice.status, invoice.payment_status) == ("unpaid", "failed")
    stored = await Payment.get(id=payment.id)
    assert (stored.status, stored.error_message) == ("failed", "Your card was declined.")
