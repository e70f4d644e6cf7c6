"""billing.emails.outbox: the e-mails an event sends, written in the change's transaction, for
the customer of the event's object, once per event and address, unless the merchant turned
that e-mail off; and real changes (a due billing pass, a charge) that end in a received
message."""

import asyncio
import contextlib
import json
from datetime import UTC, datetime, timedelta

import pytest
from tortoise.transactions import in_transaction

from billing.core import due_signal
from billing.customers.models import Customer
from billing.due_work import run_due
from billing.emails import outbox
from billing.emails.models import Email, EmailSettings, EmailStatus
from billing.event_log import recording
from billing.event_log.models import Event
from tests.support.api.subscription_refunds import refund
from tests.support.billing.emails import emails_of
from tests.support.billing.event_log import events
from tests.support.billing.listening import listening
from tests.support.factories.card_payments import GOOD_CARD
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.refunds import paid_subscription
from tests.support.factories.subscriptions import make_customer
from tests.support.fakes.memory_gateway import memory_card, memory_card_merchant

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
PASS = JAN_1 + timedelta(hours=6)
CLOCK = datetime(2030, 3, 1, 12, 0, tzinfo=UTC)


async def _cancelled(merchant_id: str, *, fail: bool = False):
    """A subscription and a ``subscription.canceled`` about it at ``CLOCK`` (rolled back when
    ``fail``); the subscription."""
    subscription = await priced_subscription(merchant_id, FLAT_49, start=JAN_1)
    with pytest.raises(RuntimeError) if fail else contextlib.nullcontext():
        async with in_transaction():
            await recording.record(merchant_id, "subscription.canceled", subscription.id, at=CLOCK)
            if fail:
                raise RuntimeError("the change failed")
    return subscription


async def test_an_event_writes_one_pending_email_to_its_customer_at_its_clock(merchant):
    subscription = await _cancelled(merchant.id)
    customer = await Customer.get(id=subscription.customer_id)
    [event] = await events(merchant.id, "subscription.canceled")
    [email] = await emails_of(merchant.id)
    assert (email.template, email.event_id, email.customer_id) == (
        "subscription_cancelled",
        event.id,
        customer.id,
    )
    assert email.recipient == customer.email
    assert email.key == f"{event.id}:subscription_cancelled:{customer.email.lower()}"
    assert (email.status, email.attempts) == (EmailStatus.PENDING, 0)
    assert email.next_attempt_at == email.created_at == CLOCK


async def test_a_change_rolled_back_writes_no_email(merchant):
    await _cancelled(merchant.id, fail=True)
    assert await emails_of(merchant.id) == []


async def test_an_email_turned_off_is_not_written_the_others_are(merchant):
    await EmailSettings.create(merchant_id=merchant.id, disabled=["subscription_cancelled"])
    subscription = await _cancelled(merchant.id)
    assert await emails_of(merchant.id) == []
    async with in_transaction():
        await recording.record(
            merchant.id, "subscription.trial_will_end", subscription.id, at=CLOCK
        )
    assert [email.template for email in await emails_of(merchant.id)] == ["trial_ending"]


async def test_a_deleted_customer_and_an_event_without_an_email_write_none(merchant):
    subscription = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    async with in_transaction():
        await recording.record(merchant.id, "subscription.updated", subscription.id, at=CLOCK)
        await recording.record(merchant.id, "customer.updated", subscription.customer_id)
    await Customer.filter(id=subscription.customer_id).update(deleted_at=CLOCK)
    async with in_transaction():
        await recording.record(merchant.id, "subscription.canceled", subscription.id, at=CLOCK)
    assert await emails_of(merchant.id) == []


async def test_an_event_mails_an_address_once(merchant):
    await _cancelled(merchant.id)
    [event] = await events(merchant.id, "subscription.canceled")
    async with in_transaction():
        again = [(event.id, merchant.id, event.type, event.object_id, json.dumps(event.data))]
        await outbox.write(again, CLOCK)
    assert len(await emails_of(merchant.id)) == 1


async def test_the_due_loops_are_told_when_the_change_commits(merchant, database_url):
    subscription = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    async with listening(database_url, due_signal.CHANNEL) as heard:
        async with in_transaction():
            await recording.record(merchant.id, "subscription.canceled", subscription.id, at=CLOCK)
            await asyncio.sleep(0.05)
            assert heard.empty()  # not before the commit
        told = await asyncio.wait_for(heard.get(), timeout=5)
    assert datetime.fromisoformat(told) == CLOCK


async def test_a_test_email_is_enqueued_with_a_key_of_its_own(merchant):
    first = await outbox.enqueue(merchant.id, template="test", recipient="me@shop.example")
    second = await outbox.enqueue(merchant.id, template="test", recipient="me@shop.example")
    assert first.id != second.id and first.key != second.key
    assert (first.event_id, first.customer_id, first.status) == (None, None, EmailStatus.PENDING)


async def test_a_due_billing_pass_ends_in_the_invoice_email_received(merchant, smtp_server):
    subscription = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    customer = await Customer.get(id=subscription.customer_id)

    report = await run_due(PASS, merchant_id=merchant.id)  # issues the invoice and mails it

    [created] = await events(merchant.id, "invoice.created")
    [email] = await Email.filter(merchant_id=merchant.id, template="invoice_issued")
    assert (email.event_id, email.status, email.sent_at) == (created.id, EmailStatus.SENT, PASS)
    assert report.count("customer e-mails", "sent") >= 1
    [got] = smtp_server.to(customer.email)
    assert got.message["To"].addresses[0].addr_spec == customer.email
    assert got.message["Subject"] == email.subject


@pytest.fixture
def gateway(memory_gateway):
    return memory_gateway


async def test_a_charge_mails_a_receipt_to_the_invoices_customer(make_merchant, gateway):
    merchant = await memory_card_merchant(make_merchant)
    customer = await make_customer(merchant.id)
    await memory_card(merchant.id, customer, GOOD_CARD)
    await priced_subscription(merchant.id, FLAT_49, start=JAN_1, customer=customer)
    await run_due(PASS, merchant_id=merchant.id)  # issues, charges, and mails both
    [paid] = await events(merchant.id, "payment.succeeded")
    [receipt] = await Email.filter(merchant_id=merchant.id, template="payment_receipt")
    assert (receipt.event_id, receipt.customer_id) == (paid.id, customer.id)
    assert receipt.status == EmailStatus.NOT_SENT  # no SMTP server in this test
    assert await Event.filter(id=receipt.event_id, object_id=paid.object_id).exists()


async def test_a_refund_mails_the_refund_not_its_credit_note_as_an_invoice(
    client, merchant, gateway
):
    """The credit note a refund issues is told ``invoice.created`` (to webhooks), but the
    customer is told by the refund's e-mail alone, not by an "invoice" of -9.00 to pay."""
    paid = await paid_subscription(merchant.id, intent_id="pi_memory_refunded")
    sid = paid.subscription.stable_subscription_id
    status, answer = await refund(client, merchant, sid, {"amountCents": 900})
    assert status == 200, answer
    [note] = [
        event
        for event in await events(merchant.id, "invoice.created")
        if event.object_id == answer["adjustmentInvoiceId"]
    ]
    [told] = await events(merchant.id, "refund.succeeded")
    written = [(email.template, email.event_id) for email in await emails_of(merchant.id)]
    assert ("refund_issued", told.id) in written
    assert note.id not in {event_id for _, event_id in written}
