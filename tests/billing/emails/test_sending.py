"""billing.emails.sending: due e-mails sent through a real SMTP server (aiosmtpd in the test
process) and read back; a temporary refusal retried on the schedule, a permanent one failed at
once (the customer marked), an address that cannot receive mail skipped once, no SMTP server
kept "not sent", and two passes at once sending each e-mail once."""

import asyncio
import logging
from collections import Counter
from datetime import UTC, datetime, timedelta

from billing.customers import customers
from billing.customers.models import Customer
from billing.due_work import run_due
from billing.emails import message, outbox, rendering, sending, smtp
from billing.emails.models import Email, EmailSettings, EmailStatus
from tests.support.billing.emails import pending_to
from tests.support.factories.subscriptions import make_customer
from tests.support.fakes.smtp_server import MAIL_FROM
from tests.support.processes.ports import free_port
from webapp import emails as webapp_emails

CLOCK = datetime(2031, 5, 1, 9, 0, tzinfo=UTC)
STEP = "customer e-mails"


def lines(content: str) -> list[str]:
    return content.strip().splitlines()


async def test_a_due_email_goes_out_with_its_headers_and_both_parts(merchant, smtp_server):
    customer = await make_customer(merchant.id, name="Ada Lovelace")
    await EmailSettings.create(
        merchant_id=merchant.id, sender_name="Acme Billing", reply_to="help@acme.example"
    )
    email = await pending_to(merchant.id, customer, at=CLOCK)

    report = await run_due(CLOCK, merchant_id=merchant.id)

    assert report.count(STEP, "sent") == 1
    [got] = smtp_server.received
    assert (got.sender, got.recipients) == (MAIL_FROM, [customer.email])
    sent = await Email.get(id=email.id)
    mail = got.message
    assert mail["From"] == f"Acme Billing <{MAIL_FROM}>"
    assert mail["Reply-To"] == "help@acme.example"
    assert mail["To"] == f"Ada Lovelace <{customer.email}>"
    assert mail["Subject"] == sent.subject != ""
    assert mail["Message-ID"] == message.message_id(merchant.id, sent.key, "tally.example")
    assert mail.get_content_type() == "multipart/alternative"
    text, html = mail.iter_parts()
    assert (text.get_content_type(), html.get_content_type()) == ("text/plain", "text/html")
    # SMTP carries lines ended by CRLF: the parts match the stored rendering line for line
    assert lines(text.get_content()) == lines(sent.text) != []
    assert lines(html.get_content()) == lines(sent.html) != []
    assert (sent.status, sent.attempts, sent.sent_at) == (EmailStatus.SENT, 1, CLOCK)
    assert sent.smtp_response == "250 2.0.0 Message accepted for delivery"
    assert sent.leased_until is None

    again = await run_due(CLOCK + timedelta(days=1), merchant_id=merchant.id)
    assert again.count(STEP, "sent") == 0 and len(smtp_server.received) == 1


async def test_a_temporary_refusal_is_retried_after_the_schedules_wait(merchant, smtp_server):
    customer = await make_customer(merchant.id)
    email = await pending_to(merchant.id, customer, at=CLOCK)
    smtp_server.answer_next("451 4.3.0 Try again later")

    first = await run_due(CLOCK, merchant_id=merchant.id)
    waiting = await Email.get(id=email.id)
    assert first.count(STEP, "retrying") == 1 and smtp_server.received == []
    assert (waiting.status, waiting.attempts) == (EmailStatus.PENDING, 1)
    assert waiting.next_attempt_at == CLOCK + timedelta(minutes=1)
    assert waiting.smtp_response == "451 4.3.0 Try again later"
    assert waiting.subject != ""  # the rendering is kept at the first attempt

    early = await run_due(CLOCK + timedelta(seconds=59), merchant_id=merchant.id)
    assert early.count(STEP, "sent") == 0 and smtp_server.received == []

    due = await run_due(CLOCK + timedelta(minutes=1), merchant_id=merchant.id)
    sent = await Email.get(id=email.id)
    assert due.count(STEP, "sent") == 1
    [got] = smtp_server.received
    assert got.message["Subject"] == waiting.subject
    assert got.message["Message-ID"] == message.message_id(merchant.id, sent.key, "tally.example")
    assert (sent.status, sent.attempts) == (EmailStatus.SENT, 2)


async def test_retries_run_out_after_the_schedule(merchant, smtp_server):
    customer = await make_customer(merchant.id)
    email = await pending_to(merchant.id, customer, at=CLOCK)
    smtp_server.answer_next("452 4.3.1 Insufficient system storage", times=10)
    at = CLOCK
    for wait in sending.SCHEDULE:
        report = await run_due(at, merchant_id=merchant.id)
        assert report.count(STEP, "retrying") == 1
        at += wait
        assert (await Email.get(id=email.id)).next_attempt_at == at
    last = await run_due(at, merchant_id=merchant.id)
    failed = await Email.get(id=email.id)
    assert last.count(STEP, "given up") == 1 and last.failures == 0
    assert (failed.status, failed.attempts) == (EmailStatus.FAILED, 6)
    assert failed.next_attempt_at is None and smtp_server.received == []
    assert (await Customer.get(id=customer.id)).email_undeliverable is None


async def test_no_answer_at_all_is_retried(merchant, smtp_server):
    customer = await make_customer(merchant.id)
    email = await pending_to(merchant.id, customer, at=CLOCK)
    smtp.configure(smtp.MailSetup(server=smtp.SmtpServer("127.0.0.1", free_port())))
    report = await run_due(CLOCK, merchant_id=merchant.id)
    waiting = await Email.get(id=email.id)
    assert report.count(STEP, "retrying") == 1
    assert waiting.status == EmailStatus.PENDING
    assert waiting.smtp_response.startswith("connection failed")


async def test_a_refused_recipient_fails_at_once_and_marks_the_customer(merchant, smtp_server):
    customer = await make_customer(merchant.id)
    email = await pending_to(merchant.id, customer, at=CLOCK)
    smtp_server.refuse(customer.email, "550 5.1.1 Recipient address rejected: User unknown")

    report = await run_due(CLOCK, merchant_id=merchant.id)

    failed = await Email.get(id=email.id)
    marked = await Customer.get(id=customer.id)
    assert report.count(STEP, "refused") == 1 and report.failures == 0
    assert (failed.status, failed.attempts, failed.next_attempt_at) == (
        EmailStatus.FAILED,
        1,
        None,
    )
    assert failed.smtp_response == "550 5.1.1 Recipient address rejected: User unknown"
    assert marked.email_undeliverable == failed.smtp_response
    assert marked.email_undeliverable_at == CLOCK
    assert smtp_server.received == []

    later = await run_due(CLOCK + timedelta(days=1), merchant_id=merchant.id)
    assert later.count(STEP, "refused") == 0  # never tried again

    kept = await customers.update_customer(merchant.id, customer.id, name="Ada Byron")
    assert kept.email_undeliverable == failed.smtp_response  # the same address: still marked
    moved = await customers.update_customer(merchant.id, customer.id, email="ada@new.example")
    assert (moved.email_undeliverable, moved.email_undeliverable_at) == (None, None)


async def test_a_refused_message_fails_without_marking_the_address(merchant, smtp_server):
    customer = await make_customer(merchant.id)
    email = await pending_to(merchant.id, customer, at=CLOCK)
    smtp_server.answer_next("554 5.7.1 Message rejected as spam")
    report = await run_due(CLOCK, merchant_id=merchant.id)
    assert report.count(STEP, "refused") == 1
    assert (await Email.get(id=email.id)).status == EmailStatus.FAILED
    assert (await Customer.get(id=customer.id)).email_undeliverable is None


async def test_an_address_that_cannot_receive_mail_is_skipped_and_logged_once(
    merchant, smtp_server, caplog
):
    customer = await make_customer(merchant.id, email="ada@localhost")
    email = await pending_to(merchant.id, customer, at=CLOCK)
    with caplog.at_level(logging.WARNING, logger="tally.emails"):
        first = await run_due(CLOCK, merchant_id=merchant.id)
        second = await run_due(CLOCK + timedelta(days=30), merchant_id=merchant.id)
    skipped = await Email.get(id=email.id)
    assert first.count(STEP, "skipped") == 1 and second.count(STEP, "skipped") == 0
    assert (skipped.status, skipped.smtp_response) == (
        EmailStatus.SKIPPED,
        sending.UNDELIVERABLE_ADDRESS,
    )
    assert [r for r in caplog.records if email.id in r.getMessage()] != []
    assert len([r for r in caplog.records if email.id in r.getMessage()]) == 1
    assert smtp_server.received == []


async def test_without_an_smtp_server_the_rendering_is_kept_not_sent(merchant):
    assert smtp.current().server is None  # the suite's default
    customer = await make_customer(merchant.id)
    email = await pending_to(merchant.id, customer, at=CLOCK)
    report = await run_due(CLOCK, merchant_id=merchant.id)
    kept = await Email.get(id=email.id)
    assert report.count(STEP, "not sent") == 1 and report.failures == 0
    assert "customer e-mails: 1 not sent" in report.lines()
    assert (kept.status, kept.smtp_response) == (
        EmailStatus.NOT_SENT,
        "not sent: no SMTP server configured",
    )
    assert kept.subject and kept.html and kept.text and kept.sent_at is None


async def test_two_passes_at_once_send_each_email_once(merchant, smtp_server):
    people = [await make_customer(merchant.id) for _ in range(sending.CLAIM_SIZE + 8)]
    for customer in people:
        await pending_to(merchant.id, customer, at=CLOCK)

    passes = await asyncio.gather(
        sending.send_due(CLOCK, merchant.id), sending.send_due(CLOCK, merchant.id)
    )

    assert sum(outcomes["sent"] for outcomes in passes) == len(people)
    assert all(outcomes["sent"] for outcomes in passes)  # both did a share
    counted = Counter(recipient for got in smtp_server.received for recipient in got.recipients)
    assert counted == Counter(customer.email for customer in people)
    statuses = await Email.filter(merchant_id=merchant.id).values_list("status", flat=True)
    assert set(statuses) == {EmailStatus.SENT}


async def test_a_rendering_that_raises_is_counted_failed_and_retried(merchant, smtp_server):
    def broken(template: str, context: dict):
        raise KeyError("a bug of ours")

    customer = await make_customer(merchant.id)
    email = await pending_to(merchant.id, customer, at=CLOCK)
    rendering.register(broken)
    try:
        report = await run_due(CLOCK, merchant_id=merchant.id)
    finally:
        webapp_emails.register()  # the renderer start-up registers
    waiting = await Email.get(id=email.id)
    assert report.count(STEP, "failed") == 1 and report.failures == 1
    assert (waiting.status, waiting.attempts) == (EmailStatus.PENDING, 1)
    assert waiting.smtp_response == "not sent: internal error (KeyError)"
    assert waiting.next_attempt_at == CLOCK + sending.SCHEDULE[0]

    fixed = await run_due(CLOCK + sending.SCHEDULE[0], merchant_id=merchant.id)
    assert fixed.count(STEP, "sent") == 1 and len(smtp_server.received) == 1


async def test_another_merchant_rows_customer_is_never_read(make_merchant, smtp_server):
    """Every read is scoped to the e-mail's merchant row: a customer id of another row (never
    written by Tally, but a read must not rely on that) lends the message nothing."""
    ours, theirs = await make_merchant(), await make_merchant()
    other = await make_customer(theirs.id, name="Eve Other")
    await Customer.filter(id=other.id).update(deleted_at=CLOCK)
    email = await outbox.enqueue(
        ours.id,
        template="payment_receipt",
        recipient="ada@example.com",
        customer_id=other.id,
        at=CLOCK,
    )
    await sending.send_due(CLOCK, ours.id)
    assert (await Email.get(id=email.id)).status == EmailStatus.SENT  # not "customer deleted"
    [got] = smtp_server.received
    assert "Eve" not in got.message["To"]
