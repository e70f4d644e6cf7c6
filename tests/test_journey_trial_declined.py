"""Where checkout, trials and dunning meet (issue 28), through the served ``tally`` process,
localstripe and ``tally run-due --now`` steps, every date checked against the clock.

A trial checkout for the merchant's own user id keeps a card that attaches but is declined when
charged. At the trial's end the pass makes the subscription ``active`` and bills the first paid
period; the kept card is declined, so it is ``past_due`` (never left ``trialing`` or
``active``). Then either:

(a) the customer sets a good card for the subscription (the portal API, by the external id the
checkout stored): it is charged at once, the invoice is paid, the subscription ``active``, and
the old retry schedule charges nothing more; or

(b) nothing is paid until the grace period ends: the merchant's end action (pause) applies at
the pass that reaches it.
"""

import asyncio
from datetime import datetime, timedelta

from tests.conftest import unique_email
from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD, _card_at_gateway
from tests.support.processes.journey_checkout import (
    browser_saves,
    checkout,
    invoices,
    kept_card,
    plan_price,
    subscription,
)
from tests.support.processes.served_payments import eventually, rows

DAY = timedelta(days=1)
ATTEMPTS = """
SELECT id, attempt, status, created_at, payment_method_id FROM payments
 WHERE invoice_id = $1 ORDER BY attempt"""
PASS_ROWS = (
    "SELECT created_at FROM invoices WHERE merchant_id = $1",
    "SELECT l.created_at FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id"
    " WHERE i.merchant_id = $1",
    "SELECT created_at FROM payments WHERE merchant_id = $1",
)
EVENTS = """
SELECT kind, status_after, occurred_at FROM subscription_events
 WHERE stable_subscription_id = $1 ORDER BY occurred_at, created_at"""


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


async def _declined_at_trial_end(stack, shop, dunning: dict) -> tuple[str, dict, dict, datetime]:
    """A trial checked out for a user id with a card that will decline, run to its end; the
    user id, the subscription (past due), its unpaid invoice and the pass's clock."""
    await shop.call("POST", "/v1/merchants/dunning-config", dunning)
    body = {"planName": "Team", "monthlyPrice": 2900, "trial": {"enabled": True, "days": 14}}
    plan, price = await plan_price(shop, body)
    user_id = unique_email("user")
    started = await checkout(shop, plan, price, customerId=user_id)
    assert started["intentType"] == "setup_intent"
    saved = await browser_saves(stack, started["setupIntentId"], DECLINED_CARD)
    assert saved["status"] == "succeeded"  # the card attaches; it declines only when charged
    live = await eventually(
        lambda: subscription(shop, started["subscriptionId"]),
        lambda found: found["status"] == "trialing",
    )
    customer = (await shop.call("GET", f"/v1/customers/{live['customerId']}"))["customer"]
    assert customer["externalCustomerId"] == user_id
    card = await kept_card(stack, shop)

    now = _at(live["trialEndDate"]) + timedelta(minutes=1)
    await stack.run_due(now)
    live = await subscription(shop, started["subscriptionId"])
    assert live["status"] == "past_due"
    [bill] = await invoices(shop, live["customerId"])
    assert bill["status"] == "unpaid"
    [attempt] = await rows(stack.database_url, ATTEMPTS, bill["id"])
    assert (attempt["status"], attempt["created_at"], attempt["payment_method_id"]) == (
        "failed",
        now,
        card["id"],
    )
    for query in PASS_ROWS:  # everything the pass wrote carries its clock
        assert {row["created_at"] for row in await rows(stack.database_url, query, shop.id)} == {
            now
        }
    history = await rows(stack.database_url, EVENTS, started["subscriptionId"])
    assert [(e["kind"], e["status_after"], e["occurred_at"]) for e in history][-2:] == [
        ("trial_ended", "active", now),
        ("past_due", "past_due", now),
    ]
    return user_id, live, bill, now


async def test_a_declined_trial_card_is_past_due_until_a_new_card_pays(stack, shop):
    dunning = {"retryScheduleDays": [1, 3], "gracePeriodDays": 7, "endAction": "pause"}
    user_id, live, bill, now = await _declined_at_trial_end(stack, shop, dunning)

    psp_customer, psp_method = await asyncio.to_thread(_card_at_gateway, stack.gateway, GOOD_CARD)
    method = {
        "customerId": live["customerId"],
        "provider": "provider_a",
        "paymentType": "card",
        "status": "active",
        "cardLastFour": GOOD_CARD[-4:],
        "externalPspPaymentMethodId": psp_method,
        "externalPspCustomerId": psp_customer,
    }
    good = (await shop.call("POST", "/v1/payment-methods", method))["id"]
    body = {"externalCustomerId": user_id, "paymentMethodId": good}
    await shop.call("POST", "/v1/customers/portal/set-subscription-payment-method", body)

    attempts = await rows(stack.database_url, ATTEMPTS, bill["id"])
    assert [(a["attempt"], a["status"]) for a in attempts] == [(1, "failed"), (2, "succeeded")]
    assert attempts[-1]["payment_method_id"] == good
    live = await subscription(shop, live["stableSubscriptionId"])
    assert live["status"] == "active"
    paid = (await shop.call("GET", f"/v1/invoices/{bill['id']}"))["invoice"]
    assert paid["status"] == "paid"
    history = await rows(stack.database_url, EVENTS, live["stableSubscriptionId"])
    assert [e["kind"] for e in history][-1] == "payment_recovered"

    # The pass the old schedule named for a retry charges nothing more.
    await stack.run_due(now + DAY + timedelta(minutes=1))
    assert len(await rows(stack.database_url, ATTEMPTS, bill["id"])) == 2
    assert (await subscription(shop, live["stableSubscriptionId"]))["status"] == "active"

    # A part of the recovered invoice given back shows on it and on the payment that paid it
    # (not on the declined attempt before it); the subscription stays active.
    body = {"amountCents": 500, "reason": "Two days without service"}
    refunded = f"/v1/subscriptions/{live['stableSubscriptionId']}/refunds"
    answer = await shop.call("POST", refunded, body)
    assert (answer["refund"]["status"], answer["terminated"]) == ("succeeded", False)
    original = (await shop.call("GET", f"/v1/invoices/{bill['id']}"))["invoice"]
    assert (original["status"], original["totalAmountCents"]) == ("paid", bill["totalAmountCents"])
    assert (original["amountRefundedCents"], original["refundStatus"]) == (
        500,
        "partially_refunded",
    )
    assert original["creditNoteIds"] == [answer["adjustmentInvoiceId"]]
    payment = original["payment"]
    assert (payment["status"], payment["amountRefundedCents"]) == ("succeeded", 500)
    assert payment["id"] == attempts[-1]["id"]
    assert (await subscription(shop, live["stableSubscriptionId"]))["status"] == "active"


async def test_a_declined_trial_card_until_the_grace_ends_is_paused(stack, shop):
    dunning = {"retryScheduleDays": [1], "gracePeriodDays": 2, "endAction": "pause"}
    _, live, bill, now = await _declined_at_trial_end(stack, shop, dunning)
    retry = now + DAY + timedelta(minutes=1)
    await stack.run_due(retry)
    attempts = await rows(stack.database_url, ATTEMPTS, bill["id"])
    assert [(a["status"], a["created_at"]) for a in attempts] == [
        ("failed", now),
        ("failed", retry),
    ]
    grace_end = retry + 2 * DAY  # from the last failure
    await stack.run_due(grace_end - timedelta(minutes=1))
    assert (await subscription(shop, live["stableSubscriptionId"]))["status"] == "past_due"

    await stack.run_due(grace_end)
    assert (await subscription(shop, live["stableSubscriptionId"]))["status"] == "paused"
    history = await rows(stack.database_url, EVENTS, live["stableSubscriptionId"])
    assert (history[-1]["kind"], history[-1]["occurred_at"]) == ("dunning_paused", grace_end)
    assert len(await rows(stack.database_url, ATTEMPTS, bill["id"])) == 2
