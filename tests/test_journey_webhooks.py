"""Webhooks as a merchant lives them (issue 31), through the served ``tally`` process,
localstripe and ``tally run-due --now`` steps, every ``createdAt`` checked against the clock
that made the event.

(a) The merchant registers an endpoint (``POST /v1/webhook-endpoints``, the secret kept); a
customer signs up and subscribes with a card, billed at once: the served process tells all of
it within seconds, no due pass run by anyone. The card starts to decline and the renewal pass
fails to charge it: its own webhooks step delivers what it wrote, dated by its clock (not
today). A good card set for the subscription recovers it and the merchant cancels it, both
through the API, whose clock is the present: a month behind the test clock. Tally dates those
events as it dates the rows they tell of (the payment never before its invoice's issue, the
subscription's moves never before its previous one), so they lie ahead of the present and the
next pass sends them. Every request is verified as the merchant's server verifies it, and
every event of the log arrives exactly once.

(b) A trial: ``subscription.trial_will_end`` comes after the pass 3 days before the trial's end
(not 4), dated by that pass, once only.

(c) An endpoint filtered to ``invoice.paid`` receives only those while an endpoint of every
type receives everything; the event's page shows both attempts answered 200.

The stack's served due loop runs (its first pass at start, then hourly): only the NOTIFY of
an event's commit can wake its sender while a test runs. A delivery written by a pass at a
clock ahead is due at that clock, so the served sender (at the present) leaves it to a pass.
Each request's ``webhook-timestamp`` is the real time of sending whatever the event's clock
(``Webhook.verify`` refuses one minutes away from the present), so verifying a delivery dated
a month ahead proves that too.
"""

from datetime import UTC, datetime, timedelta

import pytest

from tests.conftest import unique_email
from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD
from tests.support.fakes.webhook_receiver import receiving
from tests.support.processes.served_payments import (
    eventually,
    own_database,
    running_stack,
    saved_card,
)
from tests.support.processes.webhook_inbox import (
    at,
    each_event_once,
    of_type,
    registered,
    types,
)

DAY = timedelta(days=1)
HOUR = "3600"
BILLED_AT_ONCE = ["invoice.created", "invoice.paid", "payment.succeeded", "subscription.created"]


@pytest.fixture(scope="module")
async def stack(tmp_path_factory):
    """The journey stack with the served due loop (and so the webhook sender) on."""
    async with own_database() as url:
        data_dir = tmp_path_factory.mktemp("webhooks-journey")
        with running_stack(url, data_dir, due_work=HOUR) as running:
            yield running


async def _plan(shop, **body) -> dict:
    [plan] = (await shop.call("POST", "/v1/plans", {"planName": "Pro", **body}))["plans"]
    return plan


async def _subscribe(shop, customer: dict, plan: dict, **extra) -> dict:
    body = {
        "customerId": customer["id"],
        "planId": plan["id"],
        "effectivePriceId": plan["prices"][0]["id"],
        **extra,
    }
    return (await shop.call("POST", "/v1/subscriptions", body))["subscription"]


async def _customer(shop) -> dict:
    body = {"email": unique_email("ada"), "name": "Ada", "externalCustomerId": unique_email("u")}
    return (await shop.call("POST", "/v1/customers", body))["customer"]


def _stamps(bodies: list[dict]) -> set[datetime]:
    return {at(body["createdAt"]) for body in bodies}


async def test_a_paying_customer_through_decline_recovery_and_cancel(stack, shop):
    dunning = {"retryScheduleDays": [1, 3], "gracePeriodDays": 7, "endAction": "cancel"}
    await shop.call("POST", "/v1/merchants/dunning-config", dunning)
    with receiving() as receiver:
        inbox = await registered(shop, receiver, "/hooks")

        # Sign-up and a subscription billed at once: told within seconds by the served process.
        before = datetime.now(UTC)
        customer = await _customer(shop)
        [created] = await inbox.wait(1)
        assert (created["type"], created["data"]["object"]["id"]) == (
            "customer.created",
            customer["id"],
        )
        await saved_card(stack, shop, customer["id"], GOOD_CARD)
        subscription = await _subscribe(
            shop, customer, await _plan(shop, monthlyPrice=4900), triggerImmediateBilling=True
        )
        stable_id = subscription["stableSubscriptionId"]
        billed = await inbox.wait(4)
        after = datetime.now(UTC)
        assert types(billed) == BILLED_AT_ONCE, types(billed)
        assert all(before <= moment <= after for moment in _stamps([created, *billed]))
        [first] = of_type(billed, "invoice.paid")
        assert (first["data"]["object"]["status"], first["data"]["object"]["totalAmountCents"]) == (
            "paid",
            4900,
        )

        # The card declines from now on; the renewal pass tells the failure at its clock.
        await saved_card(stack, shop, customer["id"], DECLINED_CARD)
        live = await shop.call("GET", f"/v1/subscriptions/{stable_id}")
        renewal = at(live["currentPeriodEnd"]) + timedelta(minutes=1)
        await stack.run_due(renewal)
        failed = inbox.new()  # the pass's own webhooks step sent them before it ended
        assert types(failed) == [
            "invoice.created",
            "invoice.payment_failed",
            "payment.failed",
            "subscription.updated",  # the new period
            "subscription.updated",  # past due
        ], types(failed)
        assert _stamps(failed) == {renewal}
        moves = [body["data"]["object"] for body in of_type(failed, "subscription.updated")]
        assert sorted((m["status"], m["currentPeriodStart"]) for m in moves) == [
            ("active", live["currentPeriodEnd"]),
            ("past_due", live["currentPeriodEnd"]),
        ]
        [charge] = of_type(failed, "payment.failed")
        page = await shop.call("GET", f"/v1/webhook-events/{charge['id']}")
        assert [(a["attemptedAt"], a["responseStatus"]) for a in page["deliveries"]] == [
            (charge["createdAt"], 200)  # attempted by the pass, at its clock
        ]

        # A good card set for the subscription pays the renewal at once.
        good = await saved_card(stack, shop, customer["id"], GOOD_CARD)
        body = {"externalCustomerId": customer["externalCustomerId"], "paymentMethodId": good}
        await shop.call("POST", "/v1/customers/portal/set-subscription-payment-method", body)
        [unpaid] = of_type(failed, "invoice.created")
        paid = (await shop.call("GET", f"/v1/invoices/{unpaid['data']['object']['id']}"))["invoice"]
        assert paid["status"] == "paid"
        # Paid "now", but never before the invoice was issued (a month ahead on the test
        # clock): the events carry that date, so the next pass delivers them.
        await stack.run_due(renewal + DAY + timedelta(minutes=1))
        recovered = inbox.new()
        assert types(recovered) == ["invoice.paid", "payment.succeeded", "subscription.updated"]
        charged = of_type(recovered, "invoice.paid") + of_type(recovered, "payment.succeeded")
        assert _stamps(charged) == {at(paid["paidDate"])}
        # The subscription's history never goes back: its move is dated just after past_due.
        [moved] = of_type(recovered, "subscription.updated")
        assert at(moved["createdAt"]) == renewal + timedelta(microseconds=1)
        assert moved["data"]["object"]["status"] == "active"
        assert inbox.new() == []  # the old retry schedule charged nothing more

        # Cancelled through the API: its event too is dated just after the recovery (the
        # request's present lies a month behind the test clock), so the next pass sends it.
        await shop.call("DELETE", f"/v1/subscriptions/{stable_id}")
        await stack.run_due(renewal + 2 * DAY)
        [ended] = inbox.new()
        assert ended["type"] == "subscription.canceled"
        assert at(ended["createdAt"]) == renewal + timedelta(microseconds=2)
        assert (
            ended["data"]["object"]["stableSubscriptionId"],
            ended["data"]["object"]["status"],
        ) == (stable_id, "ended")

        await each_event_once(shop, inbox)


async def test_a_trial_is_told_three_days_before_it_ends_once(stack, shop):
    with receiving() as receiver:
        inbox = await registered(shop, receiver, "/trials")
        customer = await _customer(shop)
        plan = await _plan(shop, monthlyPrice=2900, trial={"enabled": True, "days": 14})
        trial = await _subscribe(shop, customer, plan)
        assert trial["status"] == "trialing"
        assert types(await inbox.wait(2)) == ["customer.created", "subscription.created"]
        trial_end = at(trial["trialEndDate"])

        await stack.run_due(trial_end - 4 * DAY)
        assert inbox.new() == []
        told_at = trial_end - 3 * DAY
        await stack.run_due(told_at)
        [told] = inbox.new()
        assert (told["type"], at(told["createdAt"])) == ("subscription.trial_will_end", told_at)
        subscription = told["data"]["object"]
        assert (subscription["stableSubscriptionId"], subscription["status"]) == (
            trial["stableSubscriptionId"],
            "trialing",
        )
        await stack.run_due(trial_end - 2 * DAY)
        assert inbox.new() == []
        listed = await shop.call("GET", "/v1/webhook-events?type=subscription.trial_will_end")
        assert [event["id"] for event in listed["events"]] == [told["id"]]
        await each_event_once(shop, inbox)


async def test_a_filtered_endpoint_receives_only_its_types(stack, shop):
    with receiving() as receiver:
        everything = await registered(shop, receiver, "/all")
        paid_only = await registered(shop, receiver, "/paid", ["invoice.paid"])
        customer = await _customer(shop)
        await saved_card(stack, shop, customer["id"], GOOD_CARD)
        plan = await _plan(shop, monthlyPrice=4900)
        await _subscribe(shop, customer, plan, triggerImmediateBilling=True)

        all_of_it = await everything.wait(5)
        assert types(all_of_it) == sorted(["customer.created", *BILLED_AT_ONCE])
        [paid] = await paid_only.wait(1)
        assert paid == of_type(all_of_it, "invoice.paid")[0]
        # The attempts are recorded once the receiver has answered: read until both are.
        page = await eventually(
            lambda: shop.call("GET", f"/v1/webhook-events/{paid['id']}"),
            lambda found: len(found["deliveries"]) == 2,
        )
        assert sorted((a["endpointId"], a["responseStatus"]) for a in page["deliveries"]) == sorted(
            [(everything.endpoint_id, 200), (paid_only.endpoint_id, 200)]
        )
        assert everything.new() == [] and paid_only.new() == []
        await each_event_once(shop, everything)
