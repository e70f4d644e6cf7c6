""" "Send me a test": a pending e-mail of the chosen kind to the user's own address, due now,
with the due loops woken on commit, then sent by the due pass to a real SMTP server, rendered
from the kind's sample; an unknown kind writes nothing."""

import asyncio

import asyncpg
import pytest

from billing.accounts.models import Membership
from billing.core import due_signal
from billing.core.errors import Invalid
from billing.core.models import utcnow
from billing.due_work import run_due
from billing.emails import contexts, rendering, settings
from billing.emails.models import Email, EmailStatus
from billing.emails.send_test import send_test


async def _user_of(merchant) -> str:
    return (await Membership.filter(merchant_id=merchant.id).first()).user_id


async def test_writes_a_pending_row_and_wakes_the_loops(merchant, database_url):
    user_id = await _user_of(merchant)
    heard: asyncio.Queue = asyncio.Queue()
    listener = await asyncpg.connect(database_url)
    await listener.add_listener(due_signal.CHANNEL, lambda *args: heard.put_nowait(args[3]))
    try:
        now = utcnow()
        email = await send_test(merchant.id, template="trial_ending", user_id=user_id, now=now)
        assert await asyncio.wait_for(heard.get(), 5) == now.isoformat()
    finally:
        await listener.close()
    row = await Email.get(id=email.id)
    assert (row.merchant_id, row.template, row.recipient) == (
        merchant.id,
        "trial_ending",
        merchant.email,
    )
    assert (row.status, row.event_id, row.customer_id) == (EmailStatus.PENDING, None, None)
    assert (row.key, row.next_attempt_at, row.attempts) == (f"test:{row.id}", now, 0)


async def test_a_switched_off_email_can_still_be_tried(merchant):
    await settings.update(merchant.id, enabled=[])
    user_id = await _user_of(merchant)
    email = await send_test(merchant.id, template="invoice_issued", user_id=user_id)
    assert email.status == EmailStatus.PENDING


@pytest.mark.parametrize("template", ["nope", "", None, "test"])
async def test_an_unknown_email_writes_nothing(merchant, template):
    with pytest.raises(Invalid):
        await send_test(merchant.id, template=template, user_id=await _user_of(merchant))
    assert not await Email.filter(merchant_id=merchant.id).exists()


async def test_a_test_email_arrives_rendered_from_the_sample(merchant, smtp_server):
    user_id = await _user_of(merchant)
    now = utcnow()
    email = await send_test(merchant.id, template="trial_ending", user_id=user_id, now=now)

    report = await run_due(now, merchant_id=merchant.id)

    assert report.count("customer e-mails", "sent") == 1
    sent = await Email.get(id=email.id)
    assert (sent.status, sent.sent_at) == (EmailStatus.SENT, now)
    [got] = smtp_server.received
    assert got.recipients == [merchant.email]
    mail = got.message
    assert mail["Subject"].strip() == sent.subject != ""
    assert mail.get_content_type() == "multipart/alternative"
    text, html = mail.iter_parts()
    assert (text.get_content_type(), html.get_content_type()) == ("text/plain", "text/html")
    assert text.get_content().strip() and "<" in html.get_content()
    sample, _ = await contexts.build(sent)  # what the sample says is what was sent
    assert rendering.render("trial_ending", sample).subject == sent.subject
