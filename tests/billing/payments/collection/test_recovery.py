"""A new method set for a past-due subscription charges its unpaid invoice at once (provider A
answered by the in-memory gateway: the subject is recovery, not the provider): the attempt
written with the link, the provider called after the commit, the subscription active again;
never a second attempt while a due pass holds the invoice or an attempt is in flight."""

from datetime import timedelta

import asyncpg
import pytest

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.collection.collecting import collect_due
from billing.payments.models import Payment
from billing.portal.payment_methods import set_subscription_payment_method
from billing.subscriptions.models import Subscription, SubscriptionEvent
from tests.support.factories.card_payments import (
    DECLINED_CARD,
    GOOD_CARD,
    JAN_1,
)
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.subscriptions import make_customer
from tests.support.fakes.memory_gateway import memory_card, memory_card_merchant

DAY = timedelta(days=1)


@pytest.fixture
def gateway(memory_gateway):
    return memory_gateway


async def _past_due(client, make_merchant, gateway):
    """A $49 renewal declined by the due pass of January 1: the subscription is past due."""
    merchant = await memory_card_merchant(make_merchant)
    customer = await make_customer(merchant.id)
    await memory_card(merchant.id, customer, DECLINED_CARD)
    sub = await priced_subscription(merchant.id, FLAT_49, start=JAN_1, customer=customer)
    await bill_due(JAN_1, merchant.id)
    await collect_due(JAN_1, merchant.id)
    invoice = await Invoice.get(merchant_id=merchant.id, stable_subscription_id=sub.id)
    live = await Subscription.get(stable_subscription_id=sub.id, deleted_at=None)
    assert (live.status, invoice.payment_status) == ("past_due", "failed")
    good = await memory_card(merchant.id, customer, GOOD_CARD)
    return merchant, customer, sub.id, invoice, good


async def test_a_new_method_pays_the_unpaid_invoice_at_once(client, make_merchant, gateway):
    merchant, customer, stable_id, invoice, good = await _past_due(client, make_merchant, gateway)
    await set_subscription_payment_method(merchant.id, customer.id, good.id)

    attempts = await Payment.filter(invoice_id=invoice.id).order_by("attempt")
    assert [(p.attempt, p.status) for p in attempts] == [(1, "failed"), (2, "succeeded")]
    assert attempts[1].payment_method_id == good.id
    assert attempts[1].idempotency_key == f"{invoice.id}:attempt-2"
    assert attempts[1].provider_payment_id.startswith("pi_")
    paid = await Invoice.get(id=invoice.id)
    assert (paid.status, paid.payment_id) == ("paid", attempts[1].id)
    assert paid.paid_date >= paid.issue_date
    live = await Subscription.get(stable_subscription_id=stable_id, deleted_at=None)
    assert (live.status, live.grace_period_ends_at, live.payment_method_id) == (
        "active",
        None,
        good.id,
    )
    kinds = await SubscriptionEvent.filter(stable_subscription_id=stable_id).order_by("occurred_at")
    assert [event.kind for event in kinds][-2:] == ["past_due", "payment_recovered"]

    # Nothing left to collect: the next pass on the old schedule charges nothing.
    done = await collect_due(JAN_1 + DAY, merchant.id)
    assert not done["attempted"], done
    assert await Payment.filter(invoice_id=invoice.id).count() == 2


async def test_no_second_attempt_while_a_pass_holds_the_invoice(
    client, make_merchant, gateway, database_url
):
    merchant, customer, stable_id, invoice, good = await _past_due(client, make_merchant, gateway)
    pass_connection = await asyncpg.connect(database_url)
    try:
        async with pass_connection.transaction():  # a due pass's claim on the invoice
            await pass_connection.execute(
                "SELECT 1 FROM invoices WHERE id = $1 FOR UPDATE", invoice.id
            )
            await set_subscription_payment_method(merchant.id, customer.id, good.id)
    finally:
        await pass_connection.close()
    assert await Payment.filter(invoice_id=invoice.id).count() == 1  # skipped, not waited for
    live = await Subscription.get(stable_subscription_id=stable_id, deleted_at=None)
    assert (live.payment_method_id, live.status) == (good.id, "past_due")

    # The pass's retry charges the method just linked.
    done = await collect_due(JAN_1 + DAY, merchant.id)
    assert done["payments succeeded"] == 1, done
    second = await Payment.get(invoice_id=invoice.id, attempt=2)
    assert (second.payment_method_id, second.created_at) == (good.id, JAN_1 + DAY)
    live = await Subscription.get(stable_subscription_id=stable_id, deleted_at=None)
    assert live.status == "active"


async def test_no_second_attempt_while_one_is_in_flight(client, make_merchant, gateway):
    merchant, customer, _, invoice, good = await _past_due(client, make_merchant, gateway)
    await Invoice.filter(id=invoice.id).update(payment_status="pending")  # an attempt's call runs
    await set_subscription_payment_method(merchant.id, customer.id, good.id)
    assert await Payment.filter(invoice_id=invoice.id).count() == 1
