"""billing.emails.message: no header can be injected through any text that reaches a header
(proved by reading the sent message back from a real SMTP server), the strict address check,
and an attachment making the message multipart/mixed."""

from datetime import UTC, datetime

import pytest

from billing.customers.models import Customer
from billing.due_work import run_due
from billing.emails import message, smtp
from billing.emails.models import Email, EmailSettings, EmailStatus
from billing.emails.rendering import Attachment
from tests.support.billing.emails import pending_to
from tests.support.factories.subscriptions import make_customer
from tests.support.fakes.smtp_server import MAIL_FROM

CLOCK = datetime(2031, 6, 1, 9, 0, tzinfo=UTC)
INJECTED = "\r\nBcc: evil@attacker.example\r\nX-Injected: yes"
HEADERS = {"From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type"}


async def test_cr_lf_in_every_field_that_reaches_a_header_adds_no_header(merchant, smtp_server):
    await EmailSettings.create(
        merchant_id=merchant.id,
        sender_name=f"Acme{INJECTED}",  # also in the subject the renderer makes from it
        reply_to=f"help@acme.example{INJECTED}",
    )
    customer = await make_customer(merchant.id)
    await Customer.filter(id=customer.id).update(name=f"Ada\n\rLovelace{INJECTED}\x1b")
    customer = await Customer.get(id=customer.id)
    await pending_to(merchant.id, customer, at=CLOCK)

    await run_due(CLOCK, merchant_id=merchant.id)

    [got] = smtp_server.received
    mail = got.message
    assert got.recipients == [customer.email]  # the envelope: nobody else
    assert set(mail.keys()) == HEADERS  # no Bcc, no X-Injected; Reply-To unusable, left out
    head = got.raw.split(b"\r\n\r\n", 1)[0].decode()
    starts = [line.split(":")[0] for line in head.split("\r\n") if not line[:1].isspace()]
    assert sorted(starts) == sorted(HEADERS)  # every other line continues a folded header
    assert mail["From"].addresses[0].addr_spec == MAIL_FROM
    assert (
        mail["From"].addresses[0].display_name == "Acme Bcc: evil@attacker.example X-Injected: yes"
    )
    assert mail["To"].addresses[0].addr_spec == customer.email
    assert "\r" not in mail["Subject"] and "\n" not in mail["Subject"]
    assert "Acme Bcc: evil@attacker.example" in mail["Subject"]


async def test_an_address_with_a_line_break_is_skipped_never_sent(merchant, smtp_server):
    customer = await make_customer(merchant.id, email=f"ada@example.com{INJECTED}")
    email = await pending_to(merchant.id, customer, at=CLOCK)
    await run_due(CLOCK, merchant_id=merchant.id)
    assert (await Email.get(id=email.id)).status == EmailStatus.SKIPPED
    assert smtp_server.received == []


@pytest.mark.parametrize(
    "address",
    [
        "ada@example.com",
        "ada.lovelace+bills@mail.example.co.uk",
        "o'brien@example.ie",
        "x@xn--bcher-kva.example",
    ],
)
def test_plain_addresses_are_deliverable(address):
    assert message.deliverable(address)


@pytest.mark.parametrize(
    "address",
    [
        "",
        "ada",
        "ada@localhost",
        "ada@example",
        "ada@@example.com",
        ".ada@example.com",
        "ada..b@example.com",
        "ada.@example.com",
        "ada@-example.com",
        "ada@example..com",
        "ada@example.c0m",
        "ada @example.com",
        '"ada"@example.com',
        "ada@[127.0.0.1]",
        "adá@example.com",
        "ada@example.com\r\nBcc: x@example.com",
        "a" * 65 + "@example.com",
        "ada@" + "a" * 250 + ".com",
    ],
)
def test_addresses_that_cannot_receive_mail_are_refused(address):
    assert not message.deliverable(address)


def test_header_text_keeps_words_and_drops_every_line_break_and_control():
    dirty = "Acme\r\nBcc: x\u2028Ltd\u0085\x00\x07\u200b  Co\t"
    assert message.header_text(dirty) == "Acme Bcc: x Ltd Co"
    assert message.header_text("Zoë & Søn") == "Zoë & Søn"


async def test_an_attachment_makes_the_message_mixed(smtp_server):
    pdf = Attachment("invoice-0001.pdf", "application/pdf", b"%PDF-1.4 made up")
    composed = message.compose(
        message.Parts(
            sender_name="Acme",
            mail_from=MAIL_FROM,
            reply_to="",
            to_name="Ada",
            to_address="ada@example.com",
            subject="Your invoice",
            text="Your invoice.",
            html="<p>Your invoice.</p>",
            attachments=(pdf,),
            message_id=message.message_id("m", "k", "tally.example"),
            date=CLOCK,
        )
    )
    connection = smtp.Connection(smtp_server.setup.server, "tally.example")
    try:
        answer = await connection.send(MAIL_FROM, "ada@example.com", composed.as_bytes())
    finally:
        await connection.close()
    assert answer.sent
    [got] = smtp_server.received
    mail = got.message
    assert "Reply-To" not in mail
    assert mail.get_content_type() == "multipart/mixed"
    alternative, attached = mail.iter_parts()
    assert alternative.get_content_type() == "multipart/alternative"
    assert [p.get_content_type() for p in alternative.iter_parts()] == ["text/plain", "text/html"]
    assert attached.get_content_type() == "application/pdf"
    assert attached.get_filename() == "invoice-0001.pdf"
    assert attached.get_content() == pdf.content


def test_the_message_id_is_stable_per_email():
    first = message.message_id("mer_1", "evt_1:invoice_issued:ada@example.com", "shop.example")
    again = message.message_id("mer_1", "evt_1:invoice_issued:ada@example.com", "shop.example")
    other = message.message_id("mer_2", "evt_1:invoice_issued:ada@example.com", "shop.example")
    assert first == again != other
    assert first.startswith("<") and first.endswith("@shop.example>")
