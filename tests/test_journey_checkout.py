"""Checkout to renewals, end to end (issue 28): the served ``tally`` process, localstripe and
``tally run-due --now`` as the clock.

(a) A customer pays the first invoice at checkout, confirming the PaymentIntent in the
browser as the provider's script does; localstripe's signed webhook tells the served process,
which keeps the card; twelve monthly due passes then bill twelve renewals, each charged
off-session to that same card. Nothing stays unpaid.

(b) A trial plan: payment-init answers a SetupIntent and charges nothing; the card confirmed,
the subscription is ``trialing``; the due pass at the trial's end makes it ``active`` (an
event at the pass's clock), bills the first paid period and charges the card.

(c) A yearly plan paid at checkout, moved to a dearer yearly price: the proration invoice is
charged to the checkout's card by the next pass. The price change is made through the API,
which prorates at the instant of the request (the wall clock: the API has no test clock), so
the move happens at the start of the year rather than in its middle; what is proven is that
the proration invoice is paid by the kept card.
"""

from datetime import UTC, datetime, timedelta

from tests.support.processes.journey_checkout import (
    browser_pays,
    browser_saves,
    checkout,
    intent_method,
    invoices,
    kept_card,
    payments,
    plan_price,
    subscription,
)
from tests.support.processes.served_payments import (
    eventually,
    rows,
)

LINKED = "SELECT payment_method_id FROM subscriptions WHERE id = $1"
EVENTS = (
    "SELECT kind, status_after, occurred_at FROM subscription_events"
    " WHERE merchant_id = $1 AND stable_subscription_id = $2 ORDER BY occurred_at, id"
)


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


async def _paid_at_checkout(stack, shop, plan, price) -> tuple[dict, dict, dict]:
    """Checkout with a good card confirmed in the browser; the subscription once active, its
    first invoice, and the card the served process kept."""
    started = await checkout(shop, plan, price)
    assert (started["intentType"], started["status"]) == ("payment_intent", "requires_payment")
    intent = await browser_pays(stack, started["paymentIntentId"])
    assert intent["status"] == "succeeded"
    live = await eventually(
        lambda: subscription(shop, started["subscriptionId"]),
        lambda found: found["status"] == "active",
    )
    card = await kept_card(stack, shop)
    assert card["external_psp_payment_method_id"] == intent["payment_method"]
    assert (card["card_brand"], card["card_last_four"]) == ("visa", "4242")
    [first] = await invoices(shop, live["customerId"])
    assert (first["id"], first["status"]) == (started["invoiceId"], "paid")
    return live, first, card


async def test_a_checkout_card_pays_twelve_monthly_renewals(stack, shop):
    plan, price = await plan_price(shop, {"planName": "Pro", "monthlyPrice": 2900})
    live, first, card = await _paid_at_checkout(stack, shop, plan, price)
    [linked] = await rows(stack.database_url, LINKED, live["id"])
    assert linked["payment_method_id"] == card["id"]

    period_end = _at(live["currentPeriodEnd"])
    for month in range(1, 13):
        now = period_end + timedelta(minutes=1)
        await stack.run_due(now)
        live = await subscription(shop, live["stableSubscriptionId"])
        assert live["status"] == "active"
        assert _at(live["currentPeriodStart"]) == period_end  # the next month, by the clock
        listed = await invoices(shop, live["customerId"])
        assert len(listed) == 1 + month
        assert all(invoice["status"] == "paid" for invoice in listed), listed
        period_end = _at(live["currentPeriodEnd"])

    renewals = [p for p in await payments(stack, shop) if p["invoice_id"] != first["id"]]
    assert len(renewals) == 12
    assert {p["status"] for p in renewals} == {"succeeded"}
    assert {p["payment_method_id"] for p in renewals} == {card["id"]}
    # The gateway charged the very card confirmed at checkout, each time.
    for renewal in (renewals[0], renewals[-1]):
        method = intent_method(stack, renewal["provider_payment_id"])
        assert method == card["external_psp_payment_method_id"]


async def test_a_trial_collects_the_card_and_charges_it_when_the_trial_ends(stack, shop):
    body = {"planName": "Team", "monthlyPrice": 2900, "trial": {"enabled": True, "days": 14}}
    plan, price = await plan_price(shop, body)
    started = await checkout(shop, plan, price)
    assert (started["intentType"], started["amountCents"]) == ("setup_intent", 0)
    assert started["setupIntentId"].startswith("seti_") and started["clientSecret"]
    assert (await subscription(shop, started["subscriptionId"]))["status"] == "incomplete"

    saved = await browser_saves(stack, started["setupIntentId"])
    assert saved["status"] == "succeeded"
    live = await eventually(
        lambda: subscription(shop, started["subscriptionId"]),
        lambda found: found["status"] == "trialing",
    )
    card = await kept_card(stack, shop)
    assert card["external_psp_payment_method_id"] == saved["payment_method"]
    assert await invoices(shop, live["customerId"]) == []  # nothing charged in the trial
    listed = await shop.call("GET", "/v1/subscriptions?status=trialing")
    assert [s["stableSubscriptionId"] for s in listed["subscriptions"]] == [
        started["subscriptionId"]
    ]

    trial_end = _at(live["trialEndDate"])
    await stack.run_due(trial_end - timedelta(hours=1))  # the day before: still a trial
    assert (await subscription(shop, live["stableSubscriptionId"]))["status"] == "trialing"

    now = trial_end + timedelta(minutes=1)
    await stack.run_due(now)
    live = await subscription(shop, live["stableSubscriptionId"])
    assert live["status"] == "active"
    [bill] = await invoices(shop, live["customerId"])
    assert bill["status"] == "paid" and 0 < bill["totalAmountCents"] <= 2900
    assert _at(bill["paidDate"]) == now  # paid by the pass, at its clock
    [charge] = await payments(stack, shop)
    assert (charge["status"], charge["payment_method_id"]) == ("succeeded", card["id"])
    assert intent_method(stack, charge["provider_payment_id"]) == saved["payment_method"]
    history = await rows(stack.database_url, EVENTS, shop.id, started["subscriptionId"])
    assert [(e["kind"], e["status_after"]) for e in history][-1] == ("trial_ended", "active")
    assert history[-1]["occurred_at"] == now


async def test_a_yearly_upgrade_charges_the_proration_to_the_checkout_card(stack, shop):
    body = {"planName": "Yearly", "monthlyPrice": 2900, "yearlyPrice": 29000}
    plan, price = await plan_price(shop, body, "year")
    live, first, card = await _paid_at_checkout(stack, shop, plan, price)
    assert first["totalAmountCents"] == 29000
    assert _at(live["currentPeriodEnd"]) - _at(live["currentPeriodStart"]) >= timedelta(days=365)
    _, dearer = await plan_price(
        shop, {"planName": "Yearly Plus", "monthlyPrice": 5900, "yearlyPrice": 59000}, "year"
    )

    await shop.call(
        "POST",
        f"/v1/subscriptions/price-override/{live['stableSubscriptionId']}",
        {"priceId": dearer["id"]},
    )
    unpaid = [i for i in await invoices(shop, live["customerId"]) if i["status"] == "unpaid"]
    [proration] = unpaid
    assert 0 < proration["totalAmountCents"] <= 59000 - 29000

    now = datetime.now(UTC) + timedelta(minutes=5)
    await stack.run_due(now)
    listed = await invoices(shop, live["customerId"])
    assert {i["id"]: i["status"] for i in listed} == {first["id"]: "paid", proration["id"]: "paid"}
    charges = [p for p in await payments(stack, shop) if p["invoice_id"] == proration["id"]]
    assert [(c["status"], c["payment_method_id"]) for c in charges] == [("succeeded", card["id"])]
    method = intent_method(stack, charges[0]["provider_payment_id"])
    assert method == card["external_psp_payment_method_id"]
