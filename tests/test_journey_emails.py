"""Customer e-mails as a customer lives them (issue 32), through the served ``tally`` process,
localstripe and ``tally run-due --now`` steps, each message read from a real SMTP server the
test runs and every date checked against the clock that made it.

The merchant sets its sender name, reply-to and brand colour. A customer subscribes with a
good card, billed at once: the served process mails the invoice (its PDF attached) and the
receipt within seconds, no due pass run by anyone. The card starts to decline and the
renewal pass fails to charge it: its own e-mails step mails the renewal's invoice and "your
payment failed", with the amount, the next try and a link that opens the customer's portal
(the e-mail's row dated by the pass's clock, not today). In that portal the customer picks a
good card, which pays the invoice: a receipt. The merchant refunds part of it and cancels:
each mailed once. A second pass at the same clock mails nothing, and the sent-mail log lists
every message, sent, newest first.

Both ``tally`` processes (the served one and ``tally run-due``) are pointed at the test's
SMTP server (``TALLY_SMTP_URL``, ``TALLY_MAIL_FROM``), and the served address is Tally's
public URL, so the link in an e-mail leads to the served process as it would in production.
A change the API makes after the renewal pass is dated as the rows it tells of are: the
recovery's payment never before the invoice it pays (so at the renewal invoice's issue, a
minute before the pass that failed to charge it) and the cancellation never before the
subscription's previous move; both lie a month ahead of the present, where the test clock is,
and the next pass mails them. The refund is dated by its request (the present, as the refunds
journey has it), so the served process mails it within seconds; its credit note, an issued
invoice of -15.00, is no e-mail of its own.
"""

from datetime import UTC, datetime, timedelta

import httpx
import pytest

from tests.conftest import unique_email
from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD
from tests.support.fakes.smtp_server import MAIL_FROM, serving
from tests.support.processes.mail_inbox import Mail, Mailbox
from tests.support.processes.served_payments import (
    eventually,
    own_database,
    running_stack,
    saved_card,
)
from tests.support.processes.webhook_inbox import at
from tests.support.webapp.portal_pages import CSRF_RE, HX

HOUR = "3600"
DAY = timedelta(days=1)
TICK = timedelta(microseconds=1)  # how far a later move is dated after the one before it
BRAND = {"senderName": "Acme Billing", "replyTo": "help@acme.example", "brandColor": "#0f766e"}
NAME = "Ada Lovelace"


@pytest.fixture(scope="module")
def mail_server():
    with serving() as server:
        yield server


@pytest.fixture(scope="module")
async def stack(tmp_path_factory, mail_server):
    """The journey stack mailing through ``mail_server``, its due loop on (the first pass at
    start, then hourly, and woken by each commit that makes something due)."""
    async with own_database() as url:
        data_dir = tmp_path_factory.mktemp("emails-journey")
        with running_stack(
            url, data_dir, due_work=HOUR, env=mail_server.env, public=True
        ) as running:
            yield running


def words(moment: datetime) -> str:
    """A date as the e-mails write it: ``12 March 2027``."""
    return f"{moment.day} {moment:%B} {moment.year}"


def whole(moment: datetime) -> datetime:
    """As a ``Date`` header carries it: to the second."""
    return moment.replace(microsecond=0)


def from_the_shop(mail: Mail, address: str) -> None:
    """In the merchant's name, to the customer alone, as HTML and text in its brand."""
    assert (mail.received.sender, mail.received.recipients) == (MAIL_FROM, [address])
    assert mail["From"] == f"{BRAND['senderName']} <{MAIL_FROM}>"
    assert mail["Reply-To"] == BRAND["replyTo"]
    assert mail["To"] == f"{NAME} <{address}>"
    assert mail.message.get_content_type() in ("multipart/alternative", "multipart/mixed")
    assert "Acme Billing" in mail.text and BRAND["brandColor"] in mail.html


def the_pdf(mail: Mail, number: str) -> None:
    [(filename, content_type, content)] = mail.attachments
    assert (content_type, filename.endswith(".pdf")) == ("application/pdf", True), filename
    assert number in filename and content.startswith(b"%PDF"), filename


async def invoices_of(shop, customer_id: str) -> list[dict]:
    return (await shop.call("GET", f"/v1/invoices?customerId={customer_id}"))["invoices"]


async def emails_of(shop, customer_id: str) -> list[dict]:
    return (await shop.call("GET", f"/v1/emails?customerId={customer_id}&limit=100"))["emails"]


async def row_of(shop, customer_id: str, template: str) -> list[dict]:
    return [row for row in await emails_of(shop, customer_id) if row["template"] == template]


async def event_clock(shop, row: dict) -> datetime:
    event = await shop.call("GET", f"/v1/webhook-events/{row['eventId']}")
    return at(event["event"]["createdAt"])


async def test_a_customer_mailed_from_sign_up_through_decline_recovery_refund_and_cancel(
    stack, shop, mail_server
):
    # 1. The merchant's e-mail settings, and a dunning schedule.
    saved = (await shop.call("POST", "/v1/email-settings", BRAND))["emailSettings"]
    assert {key: saved[key] for key in BRAND} == BRAND
    dunning = {"retryScheduleDays": [1, 3], "gracePeriodDays": 7, "endAction": "cancel"}
    await shop.call("POST", "/v1/merchants/dunning-config", dunning)

    # 2. A subscription billed at once: the invoice with its PDF and the receipt, mailed by
    # the served process within seconds.
    before = datetime.now(UTC)
    body = {"email": unique_email("ada"), "name": NAME, "externalCustomerId": unique_email("u")}
    customer = (await shop.call("POST", "/v1/customers", body))["customer"]
    address, customer_id = customer["email"], customer["id"]
    mailbox = Mailbox(mail_server, address)
    await saved_card(stack, shop, customer_id, GOOD_CARD)
    [plan] = (await shop.call("POST", "/v1/plans", {"planName": "Pro", "monthlyPrice": 4900}))[
        "plans"
    ]
    body = {
        "customerId": customer_id,
        "planId": plan["id"],
        "effectivePriceId": plan["prices"][0]["id"],
        "triggerImmediateBilling": True,
    }
    subscription = (await shop.call("POST", "/v1/subscriptions", body))["subscription"]
    stable_id = subscription["stableSubscriptionId"]
    [first] = await eventually(  # charged by the served loop, woken by the invoice's commit
        lambda: invoices_of(shop, customer_id), lambda found: found[0]["status"] == "paid"
    )
    assert first["totalAmountCents"] == 4900
    welcome = sorted(await mailbox.wait(2), key=lambda mail: mail.subject)
    after = datetime.now(UTC)
    assert [mail.subject for mail in welcome] == [
        f"Invoice {first['number']} from Acme Billing: 49.00 USD",
        "Receipt from Acme Billing: 49.00 USD paid",
    ]
    invoice_mail, receipt = welcome
    for mail in welcome:
        from_the_shop(mail, address)
        assert whole(before) <= mail.date <= after
    the_pdf(invoice_mail, first["number"])
    assert "49.00 USD" in receipt.text and words(at(first["paidDate"])) in receipt.text
    signed_up = {}  # template: the clock of the event that wrote it
    for row in await emails_of(shop, customer_id):
        signed_up[row["template"]] = at(row["createdAt"])
        assert before <= at(row["createdAt"]) == await event_clock(shop, row) <= after
    assert sorted(signed_up) == ["invoice_issued", "payment_receipt"]

    # 3. The card declines from now on; the renewal pass mails the renewal's invoice and the
    # failure, dated by its clock, with a link into the portal.
    await saved_card(stack, shop, customer_id, DECLINED_CARD)
    live = await shop.call("GET", f"/v1/subscriptions/{stable_id}")
    renewal = at(live["currentPeriodEnd"]) + timedelta(minutes=1)
    await stack.run_due(renewal)
    declined = sorted(mailbox.new(), key=lambda mail: mail.subject)  # sent by the pass itself
    [unpaid] = [row for row in await invoices_of(shop, customer_id) if row["id"] != first["id"]]
    assert (unpaid["status"], unpaid["totalAmountCents"]) == ("unpaid", 4900)
    assert [mail.subject for mail in declined] == [
        f"Invoice {unpaid['number']} from Acme Billing: 49.00 USD",
        "Your payment of 49.00 USD to Acme Billing failed",
    ]
    renewal_invoice, failed = declined
    for mail in declined:
        from_the_shop(mail, address)
        assert mail.date == whole(renewal)
    the_pdf(renewal_invoice, unpaid["number"])
    assert "Amount: 49.00 USD" in failed.text
    assert f"We will try again on {words(renewal + DAY)}." in failed.text
    assert words(renewal + DAY) in failed.html
    link = failed.link("Update your card")
    assert link.startswith(f"{stack.served}/portal/e/"), link
    assert f"Update your card: {link}\n" in failed.text
    [failed_row] = await row_of(shop, customer_id, "payment_failed")
    assert (failed_row["status"], failed_row["subject"]) == ("sent", failed.subject)
    assert at(failed_row["createdAt"]) == at(failed_row["sentAt"]) == renewal  # not today
    assert await event_clock(shop, failed_row) == renewal

    async with httpx.AsyncClient(timeout=30) as browser:
        # The customer follows the link: a portal session, at their payment methods.
        entered = await browser.get(link)
        assert entered.status_code == 200, entered.text
        assert 'content="0;url=/portal/#methods"' in entered.text, entered.text
        assert browser.cookies.get("tally_portal")
        home = await browser.get(f"{stack.served}/portal/")
        assert home.status_code == 200, home.text
        page = home.text
        for shown in ("Pro", "Payment failed", "•••• 0341", "•••• 4242"):
            assert shown in page, shown
        csrf = CSRF_RE.search(page).group(1)
        async with httpx.AsyncClient(timeout=30) as stranger:  # no session: no page
            assert (await stranger.get(f"{stack.served}/portal/")).status_code == 401

        # 4. A good card, picked in that portal session, pays the invoice at once.
        good = await saved_card(stack, shop, customer_id, GOOD_CARD)
        used = await browser.post(
            f"{stack.served}/portal/payment-methods/{good}/use",
            headers={**HX, "X-CSRF-Token": csrf},
        )
        assert used.status_code == 200, used.text
        assert "Your subscription now uses this payment method." in used.text
    paid = (await shop.call("GET", f"/v1/invoices/{unpaid['id']}"))["invoice"]
    assert paid["status"] == "paid"
    paid_at = at(paid["paidDate"])
    assert paid_at == at(unpaid["issueDate"]) < renewal  # never before the invoice's issue
    assert mailbox.new() == []  # dated a month ahead, with the invoice: the next pass mails it
    recovered = renewal + timedelta(hours=1)
    await stack.run_due(recovered)
    [receipt] = mailbox.new()
    from_the_shop(receipt, address)
    assert receipt.subject == "Receipt from Acme Billing: 49.00 USD paid"
    assert receipt.date == whole(recovered)
    assert f"Date:        {words(paid_at)}\n" in receipt.text, receipt.text
    assert "Paid with:   card ending in 4242\n" in receipt.text, receipt.text  # no brand saved
    newest, _ = await row_of(shop, customer_id, "payment_receipt")
    assert at(newest["createdAt"]) == paid_at == await event_clock(shop, newest)

    # The merchant gives 15.00 back: the refund is the API's, dated by its request (the
    # present), so the served process mails it within seconds (its credit note is no e-mail).
    body = {"paymentId": paid["payment"]["id"], "amountCents": 1500, "reason": "Outage"}
    asked = datetime.now(UTC)
    await shop.call("POST", f"/v1/subscriptions/{stable_id}/refunds", body)
    [refunded] = await mailbox.wait(1)
    from_the_shop(refunded, address)
    assert refunded.subject == "Acme Billing refunded 15.00 USD"
    assert "Reason:      Outage\n" in refunded.text
    [refund_row] = await row_of(shop, customer_id, "refund_issued")
    assert asked <= at(refund_row["createdAt"]) == await event_clock(shop, refund_row)
    assert at(refund_row["createdAt"]) <= datetime.now(UTC)
    assert mailbox.new() == []

    # The merchant cancels: the subscription's move never goes back before the recovery's, a
    # month ahead, so the next pass mails it.
    await shop.call("DELETE", f"/v1/subscriptions/{stable_id}")
    last_pass = renewal + DAY
    await stack.run_due(last_pass)
    [ended] = mailbox.new()
    from_the_shop(ended, address)
    assert ended.subject == "Your Pro subscription has ended"
    assert ended.date == whole(last_pass)
    [ended_row] = await row_of(shop, customer_id, "subscription_cancelled")
    cancelled_at = at(ended_row["createdAt"])
    assert cancelled_at == await event_clock(shop, ended_row) == renewal + 2 * TICK

    # 5. Exactly once: a second pass at the same clock mails nothing; every id is its own.
    said = await stack.run_due(last_pass)
    assert "customer e-mails: nothing" in said, said
    assert mailbox.new() == []
    mails = mailbox.all()
    ids = [mail["Message-ID"] for mail in mails]
    assert len(mails) == 7 and len(set(ids)) == 7, ids
    assert all(i.startswith("<") and i.endswith("@tally.example>") for i in ids), ids

    # 6. The sent-mail log: each message once, sent, newest first, dated by its event.
    log = await emails_of(shop, customer_id)
    assert {(row["status"], row["recipient"]) for row in log} == {("sent", address)}
    stamps = [at(row["createdAt"]) for row in log]
    assert stamps == sorted(stamps, reverse=True), stamps
    assert sorted((row["template"], at(row["createdAt"])) for row in log) == sorted(
        [
            ("invoice_issued", signed_up["invoice_issued"]),
            ("payment_receipt", signed_up["payment_receipt"]),
            ("invoice_issued", renewal),
            ("payment_failed", renewal),
            ("payment_receipt", paid_at),
            ("refund_issued", at(refund_row["createdAt"])),
            ("subscription_cancelled", cancelled_at),
        ]
    )
    assert sorted(row["subject"] for row in log) == sorted(mail.subject for mail in mails)
