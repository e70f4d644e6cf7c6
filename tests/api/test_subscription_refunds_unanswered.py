"""A refund call that got no answer (a closed port for provider A, a 5xx from the provider B
fake): the API answers 202 with the refund ``pending``, nothing is undone, and the due-work
pass repeats the call with the same idempotency key, which settles it with the money given
back once."""

import dataclasses
from datetime import timedelta

import pytest

from billing.core.models import utcnow
from billing.due_work import run_due
from billing.invoicing.models import Invoice
from billing.payments import setup
from billing.payments.collection.reconcile import FIRST_CHECK
from billing.payments.models import Payment, Refund
from tests.support.api.subscription_refunds import refund
from tests.support.factories.provider_b import configure_b, paid_at_provider_b
from tests.support.factories.refunds import paid_subscription, stripe_client
from tests.support.processes.ports import free_port


def later():
    """A pass after the first check of a refund stored now."""
    return utcnow() + FIRST_CHECK + timedelta(minutes=1)


async def assert_accepted_pending(status, answer, payment_id: str, amount: int) -> Refund:
    assert status == 202, answer
    stored = await Refund.get(id=answer["refund"]["id"])
    assert answer == {
        "success": True,
        "refund": {"id": stored.id, "status": "pending", "amountCents": amount},
        "terminated": False,
        "adjustmentInvoiceId": stored.adjustment_invoice_id,
    }
    assert (stored.status, stored.provider_refund_id) == ("pending", None)
    assert stored.idempotency_key == f"refund:{payment_id}:1"
    assert (await Payment.get(id=payment_id)).refunded_cents == amount  # may have left
    assert (await Invoice.get(id=stored.adjustment_invoice_id)).status == "paid"  # not voided
    return stored


async def test_provider_b_answer_lost_then_settled_once_by_the_pass(client, merchant, provider_b):
    key, _ = await configure_b(merchant.id, provider_b)
    paid = await paid_at_provider_b(merchant.id, provider_b, key)
    at_provider = paid.payment.provider_payment_id
    provider_b.lose_next(2)  # the refund is made, but neither answer (nor the SDK's retry) arrives
    sub_id = paid.subscription.stable_subscription_id
    status, answer = await refund(client, merchant, sub_id, {"amountCents": 1500})
    stored = await assert_accepted_pending(status, answer, paid.payment.id, 1500)
    [made] = [r for r in provider_b.refunds.values() if r["payment_id"] == at_provider]

    report = await run_due(later(), merchant_id=merchant.id)
    assert report.steps["payments"]["refunds reconciled succeeded"] >= 1, report.lines()
    settled = await Refund.get(id=stored.id)
    assert (settled.status, settled.provider_refund_id) == ("succeeded", made["refund_id"])
    # The repeated call carried the same key: the provider gave the money back once.
    assert [r for r in provider_b.refunds.values() if r["payment_id"] == at_provider] == [made]
    assert provider_b.payments[at_provider]["refunded"] == 1500
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 1500


async def test_provider_b_outage_then_the_pass_makes_the_refund(client, merchant, provider_b):
    key, _ = await configure_b(merchant.id, provider_b)
    paid = await paid_at_provider_b(merchant.id, provider_b, key)
    provider_b.fail_next(2)  # nothing reaches the provider, the SDK's retry included
    status, answer = await refund(client, merchant, paid.subscription.stable_subscription_id)
    stored = await assert_accepted_pending(status, answer, paid.payment.id, 4900)
    assert provider_b.payments[paid.payment.provider_payment_id]["refunded"] == 0

    await run_due(later(), merchant_id=merchant.id)
    settled = await Refund.get(id=stored.id)
    assert settled.status == "succeeded" and settled.provider_refund_id
    assert provider_b.refund_keys[settled.provider_refund_id] == stored.idempotency_key
    assert provider_b.payments[paid.payment.provider_payment_id]["refunded"] == 4900


@pytest.mark.usefixtures("provider_a_api")
async def test_provider_a_unreachable_then_the_pass_makes_the_refund(client, merchant):
    paid = await paid_subscription(merchant.id)
    reachable = setup.current()
    closed = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    setup.configure(dataclasses.replace(reachable, provider_a_api_base=closed))
    try:
        status, answer = await refund(
            client, merchant, paid.subscription.stable_subscription_id, {"amountCents": 900}
        )
    finally:
        setup.configure(reachable)
    stored = await assert_accepted_pending(status, answer, paid.payment.id, 900)

    report = await run_due(later(), merchant_id=merchant.id)
    assert report.steps["payments"]["refunds reconciled succeeded"] >= 1, report.lines()
    settled = await Refund.get(id=stored.id)
    assert settled.status == "succeeded" and settled.provider_refund_id
    at_gateway = stripe_client().v1.refunds.retrieve(settled.provider_refund_id)
    assert (at_gateway.amount, at_gateway.payment_intent) == (900, paid.payment.provider_payment_id)
    assert at_gateway.metadata["tally_idempotency_key"] == stored.idempotency_key
    assert (await Payment.get(id=paid.payment.id)).refunded_cents == 900
