"""billing.emails.outbox: the e-mails an event sends, written in the change's transaction, for
the customer of the event's object, once per event and address, unless the merchant turned
that e-mail off; and real changes (a due billing pass, a charge) that end in a received
message."""

import asyncio
import contextlib
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
from webapp import db

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
        again = [(event.id, merchant.id, event.type, event.object_id, event.data)]
        await outbox.write(again, CLOCK)
    assert len(await emails_of(merchant.id)) == 1


async def test_the_due_loops_are_told_when_the_change_commits(merchant, database_url):
    subscription = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    async with listening(database_url, due_signal.CHANNEL) as heard:
        async with in_transaction():
            await recording.record(merchant.id, "subscription.canceled", subscription.id, at=CLOCK)
            # A notice committed now, from outside the transaction: PostgreSQL delivers
            # notifications in commit order, so it arrives first unless ours went out early.
            outside = await db.connect(database_url)
            try:
                await outside.execute("SELECT pg_notify($1, 'outside')", due_signal.CHANNEL)
            finally:
                await outside.close()
            assert await asyncio.wait_for(heard.get(), timeout=5) == "outside"
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
    mail = got.message
    assert mail["To"].addresses[0].addr_spec == customer.email
    assert mail["Subject"] == email.subject
    assert mail.get_content_type() == "multipart/mixed"
    body, *attached = mail.iter_parts()
    assert body.get_content_type() == "multipart/alternative"
    [pdf] = attached
    assert (pdf.get_content_type(), pdf.get_content_disposition()) == (
        "application/pdf",
        "attachment",
    )
    number = created.data["number"]
    assert number and pdf.get_filename() == f"Invoice {number}.pdf"
    assert pdf.get_content().startswith(b"%PDF")


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


async def test_a_refund_mails_the_refund_not_its_credit_note(client, merchant, gateway):
    paid = await paid_subscription(merchant.id, intent_id="pi_memory_refunded")
    before = {email.id for email in await emails_of(merchant.id)}
    stable_id = paid.subscription.stable_subscription_id
    status, answer = await refund(client, merchant, stable_id, {"amountCents": 1500})
    assert status == 200, answer
    [note] = [
        event
        for event in await events(merchant.id, "invoice.created")
        if event.data.get("creditNoteFor") == paid.invoice.id
    ]  # the credit note was told, as for any consumer of the log
    written = [email for email in await emails_of(merchant.id) if email.id not in before]
    [refunded] = await events(merchant.id, "refund.succeeded")
    assert [(email.template, email.event_id) for email in written] == [
        ("refund_issued", refunded.id)
    ]
    assert not await Email.filter(merchant_id=merchant.id, event_id=note.id).exists()
