"""billing.webhooks.resend, delivered: a resent event reaches the receiver again with the same
``webhook-id`` and a valid signature; an endpoint's ``events`` filter holds for the first
send and for a resend to all."""

from datetime import UTC, datetime, timedelta

import pytest
from standardwebhooks.webhooks import Webhook

from billing.core.errors import Conflict
from billing.due_work import run_due
from billing.webhooks import endpoints, resend
from tests.support.billing.webhook_sending import write_event

CLOCK = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)
LATER = CLOCK + timedelta(days=2)


async def test_a_resent_event_arrives_again_with_the_same_id_and_signature(merchant, receiver):
    _, secret = await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/all")
    event = await write_event(merchant.id, CLOCK)
    await run_due(CLOCK, merchant_id=merchant.id)
    made = await resend.resend(merchant.id, event.id, now=LATER)
    report = await run_due(LATER, merchant_id=merchant.id)
    assert len(made) == 1 and report.count("webhooks", "delivered") == 1
    first, again = receiver.at("/all")
    assert first.headers["webhook-id"] == again.headers["webhook-id"] == event.id
    assert Webhook(secret).verify(again.body, again.headers) == Webhook(secret).verify(
        first.body, first.headers
    )


async def test_an_endpoint_gets_only_the_types_it_wants_first_time_and_on_resend(
    merchant, receiver
):
    await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/all")
    await endpoints.create_endpoint(
        merchant.id, url=f"{receiver.url}/paid", events=["invoice.paid"]
    )
    updated = await write_event(merchant.id, CLOCK, "customer.updated")
    deleted = await write_event(merchant.id, CLOCK, "customer.deleted")
    await run_due(CLOCK, merchant_id=merchant.id)
    await resend.resend(merchant.id, updated.id, now=LATER)
    await run_due(LATER, merchant_id=merchant.id)
    assert sorted(got.headers["webhook-id"] for got in receiver.at("/all")) == sorted(
        [updated.id, deleted.id, updated.id]
    )
    assert receiver.at("/paid") == []


async def test_a_resend_named_to_an_endpoint_that_does_not_want_the_type_still_goes(
    merchant, receiver
):
    paid_only, _ = await endpoints.create_endpoint(
        merchant.id, url=f"{receiver.url}/paid", events=["invoice.paid"]
    )
    event = await write_event(merchant.id, CLOCK)
    with pytest.raises(Conflict):  # nobody wants customer.updated: nothing to send to all
        await resend.resend(merchant.id, event.id, now=LATER)
    await resend.resend(merchant.id, event.id, endpoint_id=paid_only.id, now=LATER)
    await run_due(LATER, merchant_id=merchant.id)
    assert [got.headers["webhook-id"] for got in receiver.at("/paid")] == [event.id]
