"""Reconciliation in the due-work pass: pending payments and refunds asked about at the
provider (provider A: localstripe; provider B: its fake) after the delay, settled once, given
up when a link has expired. Clocks are near the real time: the providers date their objects
with it, and the re-check schedule counts from those dates."""

from datetime import timedelta

import pytest

from billing.core.models import utcnow
from billing.due_work import run_due
from billing.invoicing.models import Invoice
from billing.payments.collection.charging import start_attempt
from billing.payments.collection.reconcile import EXPIRED, FIRST_CHECK, LINK_LIFETIME, MAX_INTERVAL
from billing.payments.gateways.provider_a import calls
from billing.payments.models import Payment, ProviderConfig, Refund
from billing.payments.refunds.refund_payment import refund
from tests.support.factories.card_payments import (
    GOOD_CARD,
    SECRET,
    card_merchant,
    intents_for,
    stored_card,
)
from tests.support.factories.provider_b import b_merchant, billed, records_for, with_mandate
from tests.support.factories.subscriptions import make_customer

HOUR = timedelta(hours=1)


@pytest.fixture
def gateway(provider_a_api):  # noqa: F811 (the fixture, imported above)
    return provider_a_api


def payments_line(report) -> dict:
    return report.steps["payments"]


# --- provider A ------------------------------------------------------------------------------


async def _processing_card_payment(client, make_merchant, url):
    """A card attempt whose charge went through at localstripe while Tally recorded it as
    ``processing`` (what a slow card network answers), its first check an hour later."""
    t0 = utcnow()
    merchant = await card_merchant(client, make_merchant)
    customer = await make_customer(merchant.id)
    card = await stored_card(url, merchant.id, customer, GOOD_CARD)
    invoice = await billed(merchant.id, customer, t0)
    payment = await start_attempt(invoice, t0)
    answer = await calls.charge(
        SECRET,
        amount_cents=payment.amount_cents,
        currency=payment.currency,
        customer=card.external_psp_customer_id,
        payment_method=card.external_psp_payment_method_id,
        idempotency_key=payment.idempotency_key,
        metadata={"invoice_id": invoice.id, "payment_id": payment.id},
    )
    await Payment.filter(id=payment.id).update(
        provider_payment_id=answer.provider_payment_id, retry_at=t0 + FIRST_CHECK
    )
    return t0, invoice, payment


async def test_a_processing_card_payment_is_settled_once_after_the_delay(
    client, make_merchant, gateway
):
    t0, invoice, payment = await _processing_card_payment(client, make_merchant, gateway)

    await run_due(t0 + FIRST_CHECK / 2, merchant_id=invoice.merchant_id)
    assert (await Payment.get(id=payment.id)).status == "pending"  # not asked yet

    report = await run_due(t0 + FIRST_CHECK, merchant_id=invoice.merchant_id)
    assert payments_line(report)["reconciled succeeded"] >= 1, report.lines()
    settled = await Payment.get(id=payment.id)
    assert (settled.status, settled.succeeded_at, settled.retry_at) == (
        "succeeded",
        t0 + FIRST_CHECK,
        None,
    )
    paid = await Invoice.get(id=invoice.id)
    assert (paid.status, paid.payment_status) == ("paid", "succeeded")

    await run_due(t0 + 5 * HOUR, merchant_id=invoice.merchant_id)
    assert (await Payment.get(id=payment.id)).succeeded_at == t0 + FIRST_CHECK
    assert len(await intents_for(gateway, invoice.id)) == 1  # never charged again


# --- provider B ------------------------------------------------------------------------------


async def _link(make_merchant, fake):
    """A provider B link made by the pass at ``t0`` for a $49 invoice; the fake's record."""
    t0 = utcnow()
    merchant_id, _ = await b_merchant(make_merchant, fake)
    customer = await make_customer(merchant_id)
    customer.billing_country = "DE"
    await customer.save()
    invoice = await billed(merchant_id, customer, t0)
    await run_due(t0, merchant_id=merchant_id)
    payment = await Payment.get(invoice_id=invoice.id)
    [link] = records_for(fake.links, invoice)
    assert (payment.status, payment.retry_at) == ("pending", t0 + FIRST_CHECK)
    return t0, merchant_id, invoice, payment, link


async def test_a_link_paid_without_a_webhook_is_settled(make_merchant, provider_b):
    t0, _, invoice, payment, link = await _link(make_merchant, provider_b)
    provider_b.settle_payment(link["payment_id"], "succeeded")
    await run_due(t0 + FIRST_CHECK / 2, merchant_id=invoice.merchant_id)
    assert (await Payment.get(id=payment.id)).status == "pending"

    report = await run_due(t0 + FIRST_CHECK, merchant_id=invoice.merchant_id)
    assert payments_line(report)["reconciled succeeded"] >= 1, report.lines()
    assert (await Payment.get(id=payment.id)).status == "succeeded"
    assert (await Invoice.get(id=invoice.id)).status == "paid"
    await run_due(t0 + 4 * HOUR, merchant_id=invoice.merchant_id)
    read = ("GET", f"/test_mode/payments/{link['payment_id']}")
    assert provider_b.calls.count(read) == 1  # asked once, then settled


async def test_an_unpaid_link_is_asked_again_with_backoff_then_given_up(make_merchant, provider_b):
    t0, _, invoice, payment, link = await _link(make_merchant, provider_b)
    await run_due(t0 + FIRST_CHECK, merchant_id=invoice.merchant_id)
    assert (await Payment.get(id=payment.id)).retry_at == t0 + 2 * FIRST_CHECK  # 1 h old: +1 h
    provider_b.backdate_payment(link["payment_id"], t0 - 3 * HOUR)
    await run_due(t0 + 2 * FIRST_CHECK, merchant_id=invoice.merchant_id)
    assert (await Payment.get(id=payment.id)).retry_at == t0 + 2 * HOUR + 5 * HOUR  # 5 h old
    provider_b.backdate_payment(link["payment_id"], t0 - 3 * MAX_INTERVAL)
    assert (await Payment.get(id=payment.id)).status == "pending"

    report = await run_due(t0 + 7 * HOUR, merchant_id=invoice.merchant_id)
    assert payments_line(report)["reconciled link expired"] >= 1, report.lines()
    expired = await Payment.get(id=payment.id)
    assert (expired.status, expired.error_message) == ("failed", EXPIRED)
    assert expired.retry_at == t0 + 7 * HOUR + timedelta(days=1)  # dunning's first retry
    assert (await Invoice.get(id=invoice.id)).payment_status == "failed"
    assert timedelta(hours=24) < LINK_LIFETIME


async def test_a_payment_that_cannot_be_checked_does_not_stop_the_others(
    own_orm_database, make_merchant, provider_b
):
    """One merchant's pending payment whose check raises (its stored key no longer opens) is
    logged and left for the next pass; the payments behind it are still reconciled. The pass
    crosses merchants, so the test has a database of its own."""
    t0, _, _, payment, link = await _link(make_merchant, provider_b)
    provider_b.settle_payment(link["payment_id"], "succeeded")
    _, broken_merchant, _, broken, _ = await _link(make_merchant, provider_b)
    await ProviderConfig.filter(merchant_id=broken_merchant, provider="provider_b").update(
        secret_key_sealed="not a sealed key"
    )
    await Payment.filter(id=broken.id).update(retry_at=t0)  # due before the healthy one

    report = await run_due(t0 + FIRST_CHECK)
    assert payments_line(report)["failed"] >= 1, report.lines()
    assert (await Payment.get(id=payment.id)).status == "succeeded"
    assert (await Payment.get(id=broken.id)).status == "pending"  # asked again next pass


async def test_a_declined_mandate_charge_fails_and_is_retried(client, make_merchant, provider_b):
    t0 = utcnow()
    merchant_id, signing = await b_merchant(make_merchant, provider_b)
    customer = await with_mandate(client, merchant_id, signing, "sub_reconcile1")
    invoice = await billed(merchant_id, customer, t0)
    await run_due(t0, merchant_id=merchant_id)
    [charge] = records_for(provider_b.charges, invoice)
    provider_b.settle_payment(charge["payment_id"], "failed", "Insufficient funds")

    await run_due(t0 + FIRST_CHECK, merchant_id=merchant_id)
    failed = await Payment.get(invoice_id=invoice.id, attempt=1)
    assert (failed.status, failed.error_message) == ("failed", "Insufficient funds")
    assert failed.retry_at == t0 + FIRST_CHECK + timedelta(days=1)


# --- refunds ---------------------------------------------------------------------------------


async def test_a_pending_provider_b_refund_is_settled_by_the_check(
    client, make_merchant, provider_b
):
    if not hasattr(provider_b, "settle_refund"):
        pytest.skip("the provider B fake has no refund routes yet")
    t0, merchant_id, invoice, payment, link = await _link(make_merchant, provider_b)
    provider_b.settle_payment(link["payment_id"], "succeeded")
    await run_due(t0 + FIRST_CHECK, merchant_id=merchant_id)
    assert (await Payment.get(id=payment.id)).status == "succeeded"
    provider_b.payments[link["payment_id"]]["refund_status"] = "pending"

    answer = await refund(merchant_id, invoice.stable_subscription_id)
    stored = await Refund.get(id=answer["refund"]["id"])
    assert stored.status == "pending" and stored.provider_refund_id
    provider_b.settle_refund(stored.provider_refund_id, succeeded=True)

    report = await run_due(utcnow() + FIRST_CHECK / 2, merchant_id=merchant_id)
    assert (await Refund.get(id=stored.id)).status == "pending"  # not asked yet
    report = await run_due(utcnow() + FIRST_CHECK + timedelta(minutes=1), merchant_id=merchant_id)
    assert payments_line(report)["refunds reconciled succeeded"] >= 1, report.lines()
    settled = await Refund.get(id=stored.id)
    assert settled.status == "succeeded"
    assert (await Payment.get(id=payment.id)).refunded_cents == 4900
