"""billing.emails.sending: an e-mail switched off in Settings after it was written (queued,
or waiting for a retry) is not sent; it is marked skipped and says why. A test e-mail ("send
me a test") goes whatever the switch says. A real SMTP server (aiosmtpd) records what came."""

from datetime import UTC, datetime, timedelta

import pytest
from tortoise.transactions import in_transaction

from billing.emails import settings
from billing.emails.models import Email, EmailStatus
from billing.emails.sending import RETRYING, SKIPPED, SWITCHED_OFF, send_due
from billing.event_log import recording
from tests.support.billing.emails import emails_of, pending_to
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.subscriptions import make_customer

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
CLOCK = datetime(2030, 3, 1, 12, 0, tzinfo=UTC)


async def _queued_cancellation(merchant_id: str) -> Email:
    """The pending "subscription cancelled" e-mail a real cancellation event writes."""
    subscription = await priced_subscription(merchant_id, FLAT_49, start=JAN_1)
    async with in_transaction():
        await recording.record(merchant_id, "subscription.canceled", subscription.id, at=CLOCK)
    [email] = await emails_of(merchant_id)
    assert (email.template, email.status) == ("subscription_cancelled", EmailStatus.PENDING)
    return email


@pytest.mark.parametrize("tried_once", [False, True], ids=["queued", "retrying"])
async def test_an_email_switched_off_after_it_was_queued_is_skipped(
    merchant, smtp_server, tried_once
):
    email = await _queued_cancellation(merchant.id)
    at = CLOCK
    if tried_once:
        smtp_server.answer_next("451 4.3.0 Try again later")
        assert (await send_due(at, merchant.id))[RETRYING] == 1
        at += timedelta(minutes=1)  # due again

    await settings.update(merchant.id, enabled={"subscription_cancelled": False})
    outcomes = await send_due(at, merchant.id)

    assert outcomes[SKIPPED] == 1 and smtp_server.received == []
    skipped = await Email.get(id=email.id)
    assert (skipped.status, skipped.smtp_response) == (EmailStatus.SKIPPED, SWITCHED_OFF)
    assert SWITCHED_OFF == "not sent: this e-mail is switched off in Settings"
    assert skipped.leased_until is None
    assert (await send_due(at + timedelta(days=1), merchant.id))[SKIPPED] == 0  # once only


async def test_a_test_email_goes_even_when_switched_off(merchant, smtp_server):
    await settings.update(merchant.id, enabled=[])  # every e-mail off
    customer = await make_customer(merchant.id)
    email = await pending_to(merchant.id, customer, at=CLOCK, template="subscription_cancelled")
    assert email.event_id is None  # "send me a test"

    await send_due(CLOCK, merchant.id)

    assert (await Email.get(id=email.id)).status == EmailStatus.SENT
    [got] = smtp_server.received
    assert got.recipients == [customer.email]
