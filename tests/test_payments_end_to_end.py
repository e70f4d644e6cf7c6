"""Payments end to end: the real ``tally serve`` process, ``tally run-due --now`` as the clock
and a localstripe that posts its own Stripe-signed webhooks to the served process.

A card that pays: the due pass charges the invoice, localstripe posts
``payment_intent.succeeded`` signed with the secret Tally keeps for the merchant, the served
process verifies it and records it. A card that is declined: the first attempt and the
scheduled retries fail (each failure posted back by localstripe too), the grace period runs
out and the merchant's end action shows on the subscription.

localstripe confirms a charge in the call itself, so the due pass learns the outcome first
and the webhook settles nothing new; what the webhook proves here is that it arrives, passes
the signature check with the stored secret and is recorded once, for the right payment.
"""

from datetime import UTC, datetime, timedelta

import stripe

from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD, SECRET
from tests.support.processes.served_payments import (
    eventually,
    rows,
    subscribed_with_card,
)

EVENTS = "SELECT event_id, type FROM provider_events WHERE merchant_id = $1 AND type = $2"
ATTEMPTS = "SELECT attempt, status, provider_payment_id FROM payments WHERE invoice_id = $1"


def _event(gateway: str, event_id: str) -> dict:
    client = stripe.StripeClient(SECRET, base_addresses={"api": gateway})
    return client.v1.events.retrieve(event_id).to_dict()


async def _events(stack, shop, kind: str, count: int) -> list[dict]:
    return await eventually(
        lambda: rows(stack.database_url, EVENTS, shop.id, kind), lambda found: len(found) >= count
    )


async def test_a_good_card_is_paid_and_the_signed_webhook_is_recorded(stack, shop):
    subscription, invoice = await subscribed_with_card(stack, shop, GOOD_CARD)
    assert subscription["status"] == "active"
    assert (invoice["status"], invoice["totalAmountCents"]) == ("unpaid", 4900)
    now = datetime.now(UTC) + timedelta(minutes=1)

    await stack.run_due(now)

    paid = (await shop.call("GET", f"/v1/invoices/{invoice['id']}"))["invoice"]
    assert paid["status"] == "paid" and paid["paidDate"], paid
    assert paid["payment"]["status"] == "succeeded"
    [attempt] = await rows(stack.database_url, ATTEMPTS, invoice["id"])
    assert attempt["status"] == "succeeded" and attempt["provider_payment_id"].startswith("pi_")

    [recorded] = await _events(stack, shop, "payment_intent.succeeded", 1)
    sent = _event(stack.gateway, recorded["event_id"])
    assert sent["data"]["object"]["id"] == attempt["provider_payment_id"]
    assert sent["data"]["object"]["metadata"]["invoice_id"] == invoice["id"]
    # Paid once: the webhook arriving after the call's answer changed nothing.
    again = (await shop.call("GET", f"/v1/invoices/{invoice['id']}"))["invoice"]
    assert (again["status"], again["paidDate"]) == ("paid", paid["paidDate"])


async def test_a_declined_card_is_retried_on_schedule_then_dunning_pauses(stack, shop):
    dunning = {"retryScheduleDays": [1, 3], "gracePeriodDays": 2, "endAction": "pause"}
    await shop.call("POST", "/v1/merchants/dunning-config", dunning)
    subscription, invoice = await subscribed_with_card(stack, shop, DECLINED_CARD)
    start = datetime.now(UTC) + timedelta(minutes=1)

    async def attempts() -> list[tuple[int, str]]:
        found = await rows(stack.database_url, ATTEMPTS, invoice["id"])
        return sorted((row["attempt"], row["status"]) for row in found)

    async def status() -> str:
        path = f"/v1/subscriptions/{subscription['id']}"
        return (await shop.call("GET", path))["status"]  # a bare object

    await stack.run_due(start)
    assert await attempts() == [(1, "failed")]
    read = (await shop.call("GET", f"/v1/invoices/{invoice['id']}"))["invoice"]
    assert (read["status"], read["payment"]["status"]) == ("unpaid", "failed")
    await _events(stack, shop, "payment_intent.payment_failed", 1)

    await stack.run_due(start + timedelta(hours=23))  # before the first retry is due
    assert await attempts() == [(1, "failed")]
    await stack.run_due(start + timedelta(days=1, minutes=1))
    assert await attempts() == [(1, "failed"), (2, "failed")]
    await stack.run_due(start + timedelta(days=3, minutes=1))
    assert await attempts() == [(1, "failed"), (2, "failed"), (3, "failed")]
    failures = await _events(stack, shop, "payment_intent.payment_failed", 3)
    assert len({row["event_id"] for row in failures}) == 3
    assert await status() == "past_due"  # in its grace period, not yet ended

    await stack.run_due(start + timedelta(days=4))  # the grace runs to day 5
    assert await status() == "past_due"
    await stack.run_due(start + timedelta(days=5, minutes=2))
    assert await status() == "paused"
    assert len(await attempts()) == 3  # no charge after the schedule ran out
    final = (await shop.call("GET", f"/v1/invoices/{invoice['id']}"))["invoice"]
    assert final["status"] == "unpaid"
