"""Payment events written by real charges: a due pass's charge that goes through or is
declined (the in-memory gateway), a checkout payment the provider's webhook settles; each once,
at the outcome's clock, carrying the payment as the log renders it (its status, its invoice)."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.due_work import run_due
from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from tests.support.billing.event_log import events
from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.subscriptions import make_customer
from tests.support.factories.webhooks import (
    configure,
    new_stripe_secret,
    pending_payment,
    stripe_event,
    stripe_headers,
)
from tests.support.fakes.memory_gateway import memory_card, memory_card_merchant

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
PASS = JAN_1 + timedelta(hours=6)


@pytest.fixture
def gateway(memory_gateway):
    return memory_gateway


async def _charged(make_merchant, number: str):
    """A $49 invoice issued January 1 and charged on the card ``number`` by one due pass."""
    merchant = await memory_card_merchant(make_merchant)
    customer = await make_customer(merchant.id)
    await memory_card(merchant.id, customer, number)
    await priced_subscription(merchant.id, FLAT_49, start=JAN_1, customer=customer)
    await run_due(PASS, merchant_id=merchant.id)
    await run_due(PASS, merchant_id=merchant.id)  # a second pass changes nothing, tells nothing
    [payment] = await Payment.filter(merchant_id=merchant.id)
    return merchant, payment


async def test_a_charge_that_goes_through_is_told_once_at_the_passs_clock(make_merchant, gateway):
    merchant, payment = await _charged(make_merchant, GOOD_CARD)
    assert payment.status == "succeeded"
    [told] = await events(merchant.id, "payment.succeeded")
    assert (told.object_id, told.created_at) == (payment.id, PASS)
    assert told.data["id"] == payment.id and told.data["status"] == "succeeded"
    assert told.data["invoiceId"] == payment.invoice_id
    assert await events(merchant.id, "payment.failed") == []


async def test_a_declined_charge_is_told_failed_once_with_the_providers_reason(
    make_merchant, gateway
):
    merchant, payment = await _charged(make_merchant, DECLINED_CARD)
    assert payment.status == "failed"
    [told] = await events(merchant.id, "payment.failed")
    assert (told.object_id, told.created_at) == (payment.id, PASS)
    assert told.data["id"] == payment.id and told.data["status"] == "failed"
    assert told.data["errorMessage"] == "The card was declined"
    assert await events(merchant.id, "payment.succeeded") == []


async def test_a_retry_that_goes_through_tells_a_second_payment(make_merchant, gateway):
    merchant, declined = await _charged(make_merchant, DECLINED_CARD)
    gateway.succeed()
    later = declined.retry_at  # the dunning schedule's next attempt
    await run_due(later, merchant_id=merchant.id)
    retried = await Payment.get(merchant_id=merchant.id, attempt=2)
    assert retried.status == "succeeded"
    [told] = await events(merchant.id, "payment.succeeded")
    assert (told.object_id, told.created_at) == (retried.id, later)
    assert [event.object_id for event in await events(merchant.id, "payment.failed")] == [
        declined.id
    ]


async def test_the_providers_webhooks_tell_success_and_failure(client, make_merchant):
    merchant = await make_merchant()
    secret = new_stripe_secret()
    await configure(merchant.id, "provider_a", secret)
    paying = await pending_payment(merchant.id, "provider_a", "pi_eventok")
    failing = await pending_payment(merchant.id, "provider_a", "pi_eventko")
    declined = {"id": "pi_eventko", "last_payment_error": {"message": "Your card was declined."}}
    for kind, intent in (
        ("payment_intent.succeeded", {"id": "pi_eventok"}),
        ("payment_intent.payment_failed", declined),
    ):
        payload = stripe_event(kind, intent)
        answer = await client.post(
            f"/v1/public/webhook/{merchant.id}",
            data=payload,
            headers=stripe_headers(secret, payload),
        )
        assert answer.status_code == 200
    [succeeded] = await events(merchant.id, "payment.succeeded")
    paid = await Payment.get(id=paying.id)
    assert (succeeded.object_id, succeeded.created_at) == (paying.id, paid.succeeded_at)
    [failed] = await events(merchant.id, "payment.failed")
    assert (failed.object_id, failed.created_at) == (failing.id, failing.created_at)
    assert failed.data["status"] == "failed"
    [invoice_failed] = await events(merchant.id, "invoice.payment_failed")
    assert invoice_failed.object_id == failing.invoice_id
    assert (await Invoice.get(id=failing.invoice_id)).payment_status == "failed"
