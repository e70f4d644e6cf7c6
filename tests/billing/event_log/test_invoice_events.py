"""Invoice events written by real changes: a due pass's invoices (one ``invoice.created`` each,
at the pass's clock), immediate billing and prorations (at the request's present), a total of
zero (issued paid), a charge that pays or fails (``invoice.paid``, ``invoice.payment_failed``),
the provider's webhook and retry-payment; each event carries the invoice as its GET answers."""

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from billing.catalog.models import Price
from billing.core.models import utcnow
from billing.due_work import run_due
from billing.event_log.models import Event
from billing.invoicing.models import Invoice
from billing.payments.checkout import payment_init
from billing.subscriptions.models import Subscription
from tests.support.api.subscriptions import body, catalog
from tests.support.billing.event_log import events
from tests.support.billing.event_log import invoice_as_got as as_got
from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD
from tests.support.factories.checkout_shop import card_shop, pay, start
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
PASS = JAN_1 + timedelta(hours=6)  # the due pass's clock, after the issue date


@pytest.fixture
def gateway(memory_gateway):
    return memory_gateway


async def test_a_due_pass_tells_each_issued_invoice_once_at_its_clock(client, merchant):
    first = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    second = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    await run_due(PASS, merchant_id=merchant.id)
    await run_due(PASS, merchant_id=merchant.id)  # nothing more is due: nothing more is told

    created = await events(merchant.id, "invoice.created")
    invoices = await Invoice.filter(merchant_id=merchant.id).order_by("id")
    assert sorted(event.object_id for event in created) == [invoice.id for invoice in invoices]
    assert {invoice.stable_subscription_id for invoice in invoices} == {first.id, second.id}
    for event in created:
        assert event.created_at == PASS  # the pass's now, not the issue date (January 1)
        assert event.data == await as_got(client, merchant, event.object_id)
    assert await events(merchant.id, "invoice.paid") == []  # owed, not paid


async def test_an_invoice_of_zero_is_issued_paid_and_told_both(client, merchant):
    free = {"type": "flat_rate", "amount": 0, "interval": "month"}
    await priced_subscription(merchant.id, free, start=JAN_1)
    await run_due(PASS, merchant_id=merchant.id)
    [invoice] = await Invoice.filter(merchant_id=merchant.id)
    assert (invoice.status, invoice.total_cents) == ("paid", 0)
    for type_ in ("invoice.created", "invoice.paid"):
        [event] = await events(merchant.id, type_)
        assert (event.object_id, event.created_at) == (invoice.id, PASS)
        assert event.data == await as_got(client, merchant, invoice.id)


async def test_immediate_billing_and_a_proration_are_told_at_the_requests_present(client, merchant):
    customer, plan, price = await catalog(merchant.id)
    before = utcnow()
    payload = {**body(customer, plan, price), "triggerImmediateBilling": True}
    created = await client.post("/v1/subscriptions", json=payload, headers=merchant.headers)
    assert created.status_code == 201
    sub_id = (await created.get_json())["subscription"]["id"]
    [first] = await events(merchant.id, "invoice.created")
    assert first.data == await as_got(client, merchant, first.object_id)

    dearer = await Price.create(
        merchant_id=merchant.id,
        plan_id=plan.id,
        currency="USD",
        pricing_data={"type": "flat_rate", "amount": 5800, "interval": "month"},
    )
    moved = await client.post(
        f"/v1/subscriptions/price-override/{sub_id}",
        json={"priceId": dearer.id},
        headers=merchant.headers,
    )
    assert moved.status_code == 200
    after = utcnow()
    told = await events(merchant.id, "invoice.created")
    assert len(told) == 2 and told[0].id == first.id
    proration = await Invoice.get(id=told[1].object_id)
    assert proration.billing_reason == "proration"
    assert told[1].data == await as_got(client, merchant, proration.id)
    assert all(before <= event.created_at <= after for event in told)


async def _billed(make_merchant, number: str):
    """A test-mode merchant whose customer has a card (the memory gateway's) and a $49
    invoice issued January 1, not yet charged."""
    merchant = await memory_card_merchant(make_merchant)
    customer = await make_customer(merchant.id)
    await memory_card(merchant.id, customer, number)
    await priced_subscription(merchant.id, FLAT_49, start=JAN_1, customer=customer)
    return merchant


async def test_a_charge_that_succeeds_tells_the_invoice_paid_at_the_passs_clock(
    client, make_merchant, gateway
):
    merchant = await _billed(make_merchant, GOOD_CARD)
    await run_due(PASS, merchant_id=merchant.id)  # issues, then charges in the same pass
    [invoice] = await Invoice.filter(merchant_id=merchant.id)
    assert invoice.status == "paid"
    [paid] = await events(merchant.id, "invoice.paid")
    assert (paid.object_id, paid.created_at) == (invoice.id, PASS)
    assert paid.data == await as_got(client, merchant, invoice.id)
    assert paid.data["status"] == "paid" and paid.data["payment"]["status"] == "succeeded"
    assert await events(merchant.id, "invoice.payment_failed") == []


async def test_a_declined_charge_tells_the_payment_failed_once(client, make_merchant, gateway):
    merchant = await _billed(make_merchant, DECLINED_CARD)
    await run_due(PASS, merchant_id=merchant.id)
    await run_due(PASS, merchant_id=merchant.id)  # the retry is not due yet: no second event
    [invoice] = await Invoice.filter(merchant_id=merchant.id)
    [failed] = await events(merchant.id, "invoice.payment_failed")
    assert (failed.object_id, failed.created_at) == (invoice.id, PASS)
    assert failed.data == await as_got(client, merchant, invoice.id)
    assert failed.data["paymentStatus"] == "failed"
    assert await events(merchant.id, "invoice.paid") == []


async def test_retry_payment_tells_the_invoice_paid_at_the_requests_present(
    client, make_merchant, gateway
):
    merchant = await memory_card_merchant(make_merchant)
    customer = await make_customer(merchant.id)
    await memory_card(merchant.id, customer, DECLINED_CARD)
    start = utcnow() - timedelta(days=2)
    await priced_subscription(merchant.id, FLAT_49, start=start, customer=customer)
    await run_due(utcnow(), merchant_id=merchant.id)  # declined
    gateway.succeed()  # the card is charged again at the merchant's request, and goes through
    [invoice] = await Invoice.filter(merchant_id=merchant.id)
    before = utcnow()
    retried = await client.post(
        f"/v1/invoices/{invoice.id}/retry-payment", headers=merchant.headers
    )
    after = utcnow()
    assert (await retried.get_json())["success"] is True
    [paid] = await events(merchant.id, "invoice.paid")
    assert paid.object_id == invoice.id and before <= paid.created_at <= after
    assert paid.data == await as_got(client, merchant, invoice.id)


async def test_the_providers_webhook_tells_the_invoice_paid(client, merchant):
    secret = new_stripe_secret()
    await configure(merchant.id, "provider_a", secret)
    payment = await pending_payment(merchant.id, "provider_a", "pi_eventpaid")
    payload = stripe_event("payment_intent.succeeded", {"id": "pi_eventpaid"})
    for _ in range(2):  # a redelivery changes nothing, and tells nothing again
        answer = await client.post(
            f"/v1/public/webhook/{merchant.id}",
            data=payload,
            headers=stripe_headers(secret, payload),
        )
        assert answer.status_code == 200
    invoice = await Invoice.get(id=payment.invoice_id)
    assert invoice.status == "paid"
    [paid] = await events(merchant.id, "invoice.paid")
    assert (paid.object_id, paid.created_at) == (invoice.id, invoice.paid_date)
    assert paid.data == await as_got(client, merchant, invoice.id)


@pytest.mark.usefixtures("provider_a_api")
async def test_a_checkouts_draft_is_told_only_once_paid_and_numbered(client, make_merchant):
    account, price = await card_shop(client, make_merchant)
    buyer = {"email": f"buyer-{uuid.uuid4().hex[:10]}@example.com"}
    _, abandoned, _ = await start(client, account, price, customer=buyer)
    live = await Subscription.get(stable_subscription_id=abandoned["subscriptionId"])
    await payment_init.expire_abandoned(live.created_at + timedelta(hours=25), account.id)
    assert (await Invoice.get(id=abandoned["invoiceId"])).status == "void"
    assert await Event.filter(merchant_id=account.id, type__startswith="invoice.").count() == 0

    _, bought, _ = await start(client, account, price, customer=buyer)
    assert await events(account.id, "invoice.created") == []  # a draft: not issued yet
    await pay(client, account, bought["paymentIntentId"])
    invoice = await Invoice.get(id=bought["invoiceId"])
    assert (invoice.status, invoice.number) == ("paid", "INV-000001")
    [created] = await events(account.id, "invoice.created")
    [paid] = await events(account.id, "invoice.paid")
    assert created.object_id == paid.object_id == invoice.id
    assert created.created_at == paid.created_at == invoice.paid_date
    assert created.data == paid.data == await as_got(client, account, invoice.id)
