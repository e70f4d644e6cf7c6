"""A pending refund is settled once: a success keeps the amount counted, a failure gives it
back to the payment and voids the adjustment invoice."""

import asyncio
from datetime import UTC, datetime

from billing.core.ids import new_id
from billing.invoicing.models import Invoice
from billing.payments.models import Payment, Refund
from billing.payments.refunds.refund_outcomes import settle_refund
from tests.support.factories.refunds import pending_refund

FEB_1 = datetime(2030, 2, 1, 12, tzinfo=UTC)


async def test_a_success_settles_once_and_keeps_the_amount_counted(merchant):
    paid, stored = await pending_refund(merchant.id, 1500)
    assert await settle_refund(stored.id, succeeded=True, at=FEB_1) is True
    assert await settle_refund(stored.id, succeeded=True, at=FEB_1) is False  # redelivered
    assert await settle_refund(stored.id, succeeded=False, at=FEB_1, message="late") is False

    refund = await Refund.get(id=stored.id)
    assert (refund.status, refund.failure_message, refund.updated_at) == ("succeeded", None, FEB_1)
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 1500
    adjustment = await Invoice.get(id=stored.adjustment_invoice_id)
    assert (adjustment.status, adjustment.total_cents) == ("paid", -1500)


async def test_a_failure_gives_the_amount_back_and_voids_the_adjustment(merchant):
    paid, stored = await pending_refund(merchant.id)
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 4900
    assert await settle_refund(stored.id, succeeded=False, at=FEB_1, message="Bank said no")
    assert await settle_refund(stored.id, succeeded=True, at=FEB_1) is False  # never overturned

    refund = await Refund.get(id=stored.id)
    assert (refund.status, refund.failure_message) == ("failed", "Bank said no")
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 0
    assert (await Invoice.get(id=stored.adjustment_invoice_id)).status == "void"
    assert (await Invoice.get(id=paid.invoice.id)).status == "paid"  # the original stands


async def test_a_failure_without_a_message_says_the_provider_refused(merchant):
    _, stored = await pending_refund(merchant.id)
    assert await settle_refund(stored.id, succeeded=False, at=FEB_1)
    refund = await Refund.get(id=stored.id)
    assert refund.failure_message == "The provider refused the refund"


async def test_two_settlements_at_once_change_it_once(merchant):
    paid, stored = await pending_refund(merchant.id)
    results = await asyncio.gather(
        settle_refund(stored.id, succeeded=False, at=FEB_1),
        settle_refund(stored.id, succeeded=False, at=FEB_1),
    )
    assert sorted(results) == [False, True]
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 0


async def test_an_unknown_refund_changes_nothing(merchant):
    assert await settle_refund(new_id("re"), succeeded=True, at=FEB_1) is False
