"""The payments step: a card charged once, a declined card retried on the dunning schedule into
its grace period and end action, exactly once under repeated and concurrent passes.

The tests that look at what the provider holds or said (its intents, a card that needs its
holder, a key that no longer opens) run against a real localstripe; the others, whose subject
is the step alone, charge through the in-memory gateway."""

import asyncio
from datetime import timedelta

import pytest

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.collection.charging import LEASE, start_attempt
from billing.payments.collection.collecting import collect_due
from billing.payments.models import Payment, ProviderConfig
from billing.subscriptions.dunning import update_dunning_config
from billing.subscriptions.models import Subscription, SubscriptionEvent
from tests.support.factories.card_payments import (
    DECLINED_CARD,
    GOOD_CARD,
    JAN_1,
    NEEDS_AUTHENTICATION,
    card_merchant,
    intents_for,
    stored_card,
)
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.subscriptions import make_customer
from tests.support.fakes.memory_gateway import memory_card, memory_card_merchant

DAY = timedelta(days=1)


@pytest.fixture
def gateway(provider_a_api):  # noqa: F811 (the fixture, imported above)
    """localstripe's URL, with the payments setup pointed at it for this test."""
    return provider_a_api


@pytest.fixture
def memory(memory_gateway):
    return memory_gateway


async def _merchant(client, make_merchant, gateway):
    """A test-mode merchant with provider A configured: ``gateway`` is localstripe's URL or the
    memory gateway."""
    if isinstance(gateway, str):
        return await card_merchant(client, make_merchant)
    return await memory_card_merchant(make_merchant)


async def _billed(client, make_merchant, gateway, number):
    """A test-mode merchant, a customer with a stored card, and a billed $49 invoice."""
    merchant = await _merchant(client, make_merchant, gateway)
    customer = await make_customer(merchant.id)
    if isinstance(gateway, str):
        await stored_card(gateway, merchant.id, customer, number)
    else:
        await memory_card(merchant.id, customer, number)
    sub = await priced_subscription(merchant.id, FLAT_49, start=JAN_1, customer=customer)
    await bill_due(JAN_1, merchant.id)
    invoice = await Invoice.get(merchant_id=merchant.id, stable_subscription_id=sub.id)
    return merchant, sub, invoice


async def test_a_good_card_pays_the_invoice_once(client, make_merchant, gateway):
    merchant, _, invoice = await _billed(client, make_merchant, gateway, GOOD_CARD)
    assert invoice.status == "unpaid" and invoice.total_cents == 4900

    done = await collect_due(JAN_1, merchant.id)
    assert done["attempted"] == 1 and done["payments succeeded"] == 1, done
    invoice = await Invoice.get(id=invoice.id)
    payment = await Payment.get(invoice_id=invoice.id)
    assert (invoice.status, invoice.payment_status, invoice.payment_id) == (
        "paid",
        "succeeded",
        payment.id,
    )
    assert invoice.paid_date == JAN_1
    assert payment.status == "succeeded" and payment.provider_payment_id.startswith("pi_")
    assert (payment.attempt, payment.idempotency_key) == (1, f"{invoice.id}:attempt-1")
    assert payment.retry_at is None

    again = await collect_due(JAN_1 + DAY, merchant.id)
    assert not again["attempted"] and not again["payments succeeded"], again
    assert await Payment.filter(invoice_id=invoice.id).count() == 1
    intents = await intents_for(gateway, invoice.id)
    assert [i["id"] for i in intents] == [payment.provider_payment_id]
    assert intents[0]["amount"] == 4900 and intents[0]["metadata"]["payment_id"] == payment.id


async def test_two_concurrent_passes_charge_once(client, make_merchant, gateway):
    merchant, _, invoice = await _billed(client, make_merchant, gateway, GOOD_CARD)
    await asyncio.gather(*(collect_due(JAN_1, merchant.id) for _ in range(3)))
    assert await Payment.filter(invoice_id=invoice.id).count() == 1
    assert len(await intents_for(gateway, invoice.id)) == 1
    assert (await Invoice.get(id=invoice.id)).status == "paid"


async def test_an_invoice_without_a_method_waits(client, make_merchant, memory):
    merchant = await _merchant(client, make_merchant, memory)
    sub = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    await bill_due(JAN_1, merchant.id)
    done = await collect_due(JAN_1, merchant.id)
    assert done["attempted"] == 0, done  # not even claimed: its customer has no method
    invoice = await Invoice.get(merchant_id=merchant.id, stable_subscription_id=sub.id)
    assert (invoice.status, invoice.payment_status) == ("unpaid", "none")
    assert not await Payment.filter(invoice_id=invoice.id).exists()


async def test_a_crash_after_the_commit_is_called_again_with_the_same_key(
    client, make_merchant, memory
):
    merchant, _, invoice = await _billed(client, make_merchant, memory, GOOD_CARD)
    locked = await Invoice.get(id=invoice.id)
    payment = await start_attempt(locked, JAN_1)  # committed; the process "dies" here
    assert payment is not None
    early = await collect_due(JAN_1 + LEASE / 2, merchant.id)
    assert not early["payments succeeded"], early  # in its lease: nobody else calls it
    later = await collect_due(JAN_1 + LEASE, merchant.id)
    assert later["called again"] == 1 and later["payments succeeded"] == 1, later
    settled = await Payment.get(id=payment.id)
    assert settled.status == "succeeded" and settled.idempotency_key.endswith(":attempt-1")
    assert await Payment.filter(invoice_id=invoice.id).count() == 1


async def test_a_declined_card_is_retried_then_graced_then_cancelled(
    client, make_merchant, gateway
):
    merchant, sub, invoice = await _billed(client, make_merchant, gateway, DECLINED_CARD)
    await collect_due(JAN_1, merchant.id)
    first = await Payment.get(invoice_id=invoice.id, attempt=1)
    assert first.status == "failed" and first.error_message == "Your card was declined."
    assert first.retry_at == JAN_1 + DAY  # the default schedule: 1, 3, 5 days
    invoice = await Invoice.get(id=invoice.id)
    assert (invoice.status, invoice.payment_status) == ("unpaid", "failed")
    failing = await Subscription.get(stable_subscription_id=sub.id, deleted_at=None)
    assert failing.status == "past_due"  # from the first failed renewal charge
    moved = await SubscriptionEvent.get(stable_subscription_id=sub.id, kind="past_due")
    assert moved.occurred_at == moved.created_at == JAN_1  # the pass's clock

    assert not (await collect_due(JAN_1 + DAY / 2, merchant.id))["attempted"]
    for attempt, day in ((2, 1), (3, 3), (4, 5)):
        done = await collect_due(JAN_1 + day * DAY, merchant.id)
        assert done["attempted"] == 1 and done["payments failed"] == 1, (day, done)
        payment = await Payment.get(invoice_id=invoice.id, attempt=attempt)
        assert payment.idempotency_key == f"{invoice.id}:attempt-{attempt}"
    assert (await Payment.get(invoice_id=invoice.id, attempt=2)).retry_at == JAN_1 + 3 * DAY
    assert (await Payment.get(invoice_id=invoice.id, attempt=4)).retry_at is None
    live = await Subscription.get(stable_subscription_id=sub.id, deleted_at=None)
    assert live.grace_period_ends_at == JAN_1 + 12 * DAY  # last retry + 7 days of grace
    assert len(await intents_for(gateway, invoice.id)) == 4

    assert not (await collect_due(JAN_1 + 11 * DAY, merchant.id))["attempted"]
    assert (await Subscription.get(id=live.id)).status == "past_due"  # the grace runs
    done = await collect_due(JAN_1 + 12 * DAY, merchant.id)
    assert done["dunning ended"] == 1, done
    ended = await Subscription.get(id=live.id)
    assert ended.status == "ended" and ended.end_timestamp == JAN_1 + 12 * DAY
    assert ended.grace_period_ends_at is None
    assert await Payment.filter(invoice_id=invoice.id).count() == 4


async def test_the_end_action_follows_the_merchant_config(client, make_merchant, memory):
    merchant, sub, invoice = await _billed(client, make_merchant, memory, DECLINED_CARD)
    await update_dunning_config(
        merchant.id, retry_schedule_days=[2], grace_period_days=0, end_action="unpaid"
    )
    await collect_due(JAN_1, merchant.id)
    assert (await Payment.get(invoice_id=invoice.id, attempt=1)).retry_at == JAN_1 + 2 * DAY
    done = await collect_due(JAN_1 + 2 * DAY, merchant.id)
    assert done["payments failed"] == 1 and done["dunning unpaid"] == 1, done
    live = await Subscription.get(stable_subscription_id=sub.id, deleted_at=None)
    assert live.status == "unpaid" and live.grace_period_ends_at is None


async def test_a_card_that_needs_its_holder_fails_with_the_gateways_state(
    client, make_merchant, gateway
):
    """Off-session, a card that asks for authentication is not declined: the gateway answers
    an intent waiting for the customer. The attempt fails with that said, and the pass goes on."""
    merchant, _, invoice = await _billed(client, make_merchant, gateway, NEEDS_AUTHENTICATION)
    done = await collect_due(JAN_1, merchant.id)
    assert done["attempted"] == 1 and done["payments failed"] == 1, done
    payment = await Payment.get(invoice_id=invoice.id)
    assert payment.status == "failed" and payment.provider_payment_id.startswith("pi_")
    assert payment.error_message == "The payment needs the customer (requires_action)"
    assert (await Invoice.get(id=invoice.id)).status == "unpaid"


async def test_a_charge_that_raises_is_left_for_a_later_pass(client, make_merchant, gateway):
    """A stored key that no longer opens (the encryption key was changed) makes the call
    raise: the row is logged and counted ``failed``, the rest of the step still runs, and once
    the key opens again the attempt is called again with its key and paid."""
    merchant, _, invoice = await _billed(client, make_merchant, gateway, GOOD_CARD)
    config = await ProviderConfig.get(merchant_id=merchant.id, provider="provider_a")
    sealed = config.secret_key_sealed
    await ProviderConfig.filter(id=config.id).update(secret_key_sealed="not a sealed key")
    done = await collect_due(JAN_1, merchant.id)
    assert done["attempted"] == 1 and done["failed"] == 1, done
    payment = await Payment.get(invoice_id=invoice.id)
    assert payment.status == "pending" and not await intents_for(gateway, invoice.id)

    await ProviderConfig.filter(id=config.id).update(secret_key_sealed=sealed)
    later = await collect_due(JAN_1 + LEASE, merchant.id)
    assert later["called again"] == 1 and later["payments succeeded"] == 1, later
    assert (await Invoice.get(id=invoice.id)).status == "paid"
