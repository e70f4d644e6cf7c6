"""No header can be injected through the texts an event brings to a message: the merchant's
display name (used when no sender name is set), a plan's name (in the subjects of the
renewal and cancellation e-mails), a card's brand, and an invoice's number (in the subject and
the PDF's file name). Each goes through the real pipeline (an event, its e-mail, its context,
the renderer) to a real SMTP server (aiosmtpd) and is read back: no extra header, a subject
of one line. The settings' and the customer's own fields are covered in test_message.py."""

from datetime import UTC, datetime, timedelta

from tortoise.transactions import in_transaction

from billing.accounts.models import Merchant
from billing.catalog.models import Plan
from billing.due_work import run_due
from billing.emails.models import Email, EmailStatus
from billing.event_log import recording
from billing.event_log.models import Event
from billing.payments.methods.payment_methods import create_payment_method
from billing.payments.models import PaymentMethod
from billing.subscriptions.models import Subscription
from tests.support.billing.emails import email_for
from tests.support.billing.event_log import events
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.subscriptions import make_customer, subscribe
from tests.support.fakes.smtp_server import Received

INJECTED = "\r\nBcc: evil@attacker.example\r\nX-Injected: yes"
HEADERS = {"From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type"}
SHORT = "visa\r\nBcc: e@attacker.example"
JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)


def assert_no_header_added(got: Received) -> str:
    """Checks the message read back; answers its subject."""
    mail = got.message
    assert len(got.recipients) == 1  # the envelope: nobody else
    assert set(mail.keys()) <= HEADERS | {"Reply-To"}, mail.keys()
    head = got.raw.split(b"\r\n\r\n", 1)[0].decode()
    starts = [line.split(":")[0] for line in head.split("\r\n") if not line[:1].isspace()]
    assert sorted(starts) == sorted(mail.keys())  # every other line continues a folded one
    subject = mail["Subject"].lstrip()
    assert subject and "\r" not in subject and "\n" not in subject
    for part in mail.walk():  # nor inside a part (the attachment's headers)
        assert "Bcc" not in part and "X-Injected" not in part
    return subject


async def received(smtp_server, merchant_id: str, template: str) -> Received:
    """The one message of ``template`` sent (other e-mails of the same pass aside)."""
    [email] = await Email.filter(merchant_id=merchant_id, template=template)
    assert email.status == EmailStatus.SENT, email.smtp_response
    # (a subject that fits on one line once folded is folded before its first word: read
    # back, it starts with that fold's space, which a mail client drops)
    subjects = [r.message["Subject"].lstrip() for r in smtp_server.received]
    assert subjects.count(email.subject) == 1, (email.subject, subjects)
    return smtp_server.received[subjects.index(email.subject)]


async def _plan_named(subscription: Subscription, name: str) -> None:
    await Plan.filter(id=subscription.plan_id).update(plan_name=name)


async def test_the_merchant_display_name_adds_no_header(merchant, smtp_server):
    await Merchant.filter(id=merchant.id).update(display_name=f"Acme{INJECTED}")
    subscription = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    async with in_transaction():  # no sender name set: the display name signs the e-mail
        await recording.record(merchant.id, "subscription.trial_will_end", subscription.id)
    await run_due(datetime.now(UTC), merchant_id=merchant.id)
    [got] = smtp_server.received
    subject = assert_no_header_added(got)
    assert "Acme Bcc: evil@attacker.example" in subject
    name = got.message["From"].addresses[0].display_name
    assert name == "Acme Bcc: evil@attacker.example X-Injected: yes"


async def test_a_plan_name_in_the_renewal_subject_adds_no_header(merchant, smtp_server):
    start, renewal = datetime(2030, 3, 1, tzinfo=UTC), datetime(2031, 3, 1, tzinfo=UTC)
    live = await subscribe(merchant.id, yearly=True, monthly_cents=29000, start=start)
    await _plan_named(live, f"Pro{INJECTED}")
    await run_due(renewal - timedelta(days=7), merchant_id=merchant.id)
    got = await received(smtp_server, merchant.id, "renewal_upcoming")
    subject = assert_no_header_added(got)
    assert subject.startswith("Your Pro Bcc: evil@attacker.example X-Injected: yes subscription")


async def test_a_plan_name_in_the_cancellation_subject_adds_no_header(merchant, smtp_server):
    subscription = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    await _plan_named(subscription, f"Engine{INJECTED}")
    at = datetime(2030, 3, 1, tzinfo=UTC)
    async with in_transaction():
        await recording.record(merchant.id, "subscription.canceled", subscription.id, at=at)
    await run_due(at, merchant_id=merchant.id)
    got = await received(smtp_server, merchant.id, "subscription_cancelled")
    subject = assert_no_header_added(got)
    assert (
        subject == "Your Engine Bcc: evil@attacker.example X-Injected: yes subscription has ended"
    )


async def test_a_card_brand_adds_no_header(merchant, smtp_server):
    customer = await make_customer(merchant.id)
    method = await create_payment_method(
        merchant.id,
        {
            "customerId": customer.id,
            "provider": "provider_a",
            "paymentType": "card",
            "status": "active",
            "cardBrand": "visa",
            "cardLastFour": "4242",
            "cardExpiryMonth": 4,
            "cardExpiryYear": 2030,
        },
    )
    # the API refuses such a brand; a provider's copy of the card is written without it
    await PaymentMethod.filter(id=method.id).update(card_brand=SHORT)  # 30 characters at most
    await run_due(datetime(2030, 3, 1, tzinfo=UTC), merchant_id=merchant.id)
    got = await received(smtp_server, merchant.id, "card_expiring")
    subject = assert_no_header_added(got)
    assert "Visa Bcc: E@Attacker.Example ending in 4242" in subject  # the brand as worded


async def test_an_invoice_number_in_the_subject_and_file_name_adds_no_header(merchant, smtp_server):
    await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    await run_due(JAN_1 + timedelta(hours=6), merchant_id=merchant.id)  # issues and mails it
    smtp_server.reset()
    [created] = await events(merchant.id, "invoice.created")
    number = f"INV-7{INJECTED}"  # as an event's copy of the invoice might carry it
    await Event.filter(id=created.id).update(data={**created.data, "number": number})
    email = await email_for(await Event.get(id=created.id), "invoice_issued")
    await Email.filter(id=email.id).update(next_attempt_at=JAN_1 + timedelta(hours=7))
    await run_due(JAN_1 + timedelta(hours=7), merchant_id=merchant.id)
    [got] = smtp_server.received
    subject = assert_no_header_added(got)
    assert subject.startswith("Invoice INV-7 Bcc: evil@attacker.example X-Injected: yes from")
    [pdf] = [part for part in got.message.iter_attachments()]
    assert pdf.get_filename() == "Invoice INV-7 Bcc: evil@attacker.example X-Injected: yes.pdf"
