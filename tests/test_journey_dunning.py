"""Dunning journeys through the served ``tally`` process, localstripe and ``tally run-due --now``
steps, every date checked against the clock that made it.

(a) A paying subscription whose card starts to decline: the renewal fails, the subscription is
``past_due`` (its event at the pass's clock), the retries come on the schedule, each attempt
dated by its pass; a good card set for the subscription is charged at once, the invoice is
paid and the subscription ``active`` again with its grace cleared.

(b) A card declined until the grace ends: the grace end is fixed from the last failure and
never moves, then the merchant's end action (pause, unpaid, cancel) applies at the pass that
passes it.

(c) Twelve monthly passes: every row a pass writes carries that pass's ``now``.
"""

from datetime import UTC, datetime, timedelta

import pytest

from tests.conftest import unique_email
from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD
from tests.support.processes.served_payments import rows, saved_card

DAY = timedelta(days=1)
ATTEMPTS = """
SELECT p.attempt, p.status, p.created_at, p.retry_at, p.payment_method_id
  FROM payments p WHERE p.invoice_id = $1 ORDER BY p.attempt"""
LIVE = """
SELECT status, grace_period_ends_at, payment_method_id FROM subscriptions
 WHERE stable_subscription_id = $1 AND deleted_at IS NULL"""
ENDED = "SELECT status, end_timestamp FROM subscriptions WHERE stable_subscription_id = $1"
EVENTS = """
SELECT kind, status_after, occurred_at, created_at FROM subscription_events
 WHERE stable_subscription_id = $1 ORDER BY occurred_at, created_at"""
INVOICES = """
SELECT id, issue_date, created_at, status, paid_date FROM invoices
 WHERE stable_subscription_id = $1 ORDER BY issue_date"""


async def _subscribed(stack, shop, number: str) -> tuple[dict, dict, str]:
    """A customer (with an external id, as the portal API names them) paying $49 a month by
    ``number``, billed at once; the customer, the subscription and the card's id."""
    body = {"email": unique_email("ada"), "name": "Ada", "externalCustomerId": unique_email("x")}
    customer = (await shop.call("POST", "/v1/customers", body))["customer"]
    card = await saved_card(stack, shop, customer["id"], number)
    made = await shop.call("POST", "/v1/plans", {"planName": "Pro", "monthlyPrice": 4900})
    [plan] = made["plans"]
    body = {
        "customerId": customer["id"],
        "planId": plan["id"],
        "effectivePriceId": plan["prices"][0]["id"],
        "triggerImmediateBilling": True,
    }
    subscription = (await shop.call("POST", "/v1/subscriptions", body))["subscription"]
    return customer, subscription, card


def _at(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text.replace("Z", "+00:00")) if text else None


async def _invoices(stack, stable_id: str) -> list[dict]:
    return await rows(stack.database_url, INVOICES, stable_id)


async def _live(stack, stable_id: str) -> dict:
    [live] = await rows(stack.database_url, LIVE, stable_id)
    return live


async def test_a_declined_renewal_is_past_due_until_a_new_card_pays_it(stack, shop):
    await shop.call(
        "POST",
        "/v1/merchants/dunning-config",
        {"retryScheduleDays": [1, 3, 5], "gracePeriodDays": 7, "endAction": "cancel"},
    )
    customer, subscription, _ = await _subscribed(stack, shop, GOOD_CARD)
    stable_id = subscription["id"]
    start = datetime.now(UTC) + timedelta(minutes=1)
    await stack.run_due(start)
    [first] = await _invoices(stack, stable_id)
    assert first["status"] == "paid"

    # The card starts to decline: it is the customer's newest, so the renewal charges it.
    await saved_card(stack, shop, customer["id"], DECLINED_CARD)
    renewal_pass = start + 32 * DAY
    await stack.run_due(renewal_pass)
    [_, renewal] = await _invoices(stack, stable_id)
    assert renewal["status"] == "unpaid" and renewal["created_at"] == renewal_pass
    [attempt] = await rows(stack.database_url, ATTEMPTS, renewal["id"])
    assert (attempt["status"], attempt["created_at"]) == ("failed", renewal_pass)
    assert attempt["retry_at"] == renewal_pass + DAY
    assert (await _live(stack, stable_id))["status"] == "past_due"
    read = await shop.call("GET", f"/v1/subscriptions/{stable_id}")
    assert read["status"] == "past_due"
    listed = await shop.call("GET", "/v1/subscriptions?status=past_due")
    assert stable_id in [row["id"] for row in listed["subscriptions"]]
    events = await rows(stack.database_url, EVENTS, stable_id)
    moved = [event for event in events if event["kind"] == "past_due"]
    assert [(e["occurred_at"], e["created_at"]) for e in moved] == [(renewal_pass,) * 2]

    # The retries come on the schedule, each dated by the pass that made it.
    await stack.run_due(renewal_pass + DAY / 2)  # not due yet
    assert len(await rows(stack.database_url, ATTEMPTS, renewal["id"])) == 1
    retry_pass = renewal_pass + DAY + timedelta(minutes=1)
    await stack.run_due(retry_pass)
    attempts = await rows(stack.database_url, ATTEMPTS, renewal["id"])
    assert [(a["attempt"], a["status"], a["created_at"]) for a in attempts] == [
        (1, "failed", renewal_pass),
        (2, "failed", retry_pass),
    ]
    assert attempts[1]["retry_at"] == renewal_pass + 3 * DAY  # from the first failure
    assert (await _live(stack, stable_id))["grace_period_ends_at"] is None  # retries left

    # A good card set for the subscription pays the invoice at once, in that request.
    good = await saved_card(stack, shop, customer["id"], GOOD_CARD)
    before = datetime.now(UTC)
    body = {"externalCustomerId": customer["externalCustomerId"], "paymentMethodId": good}
    await shop.call("POST", "/v1/customers/portal/set-subscription-payment-method", body)
    after = datetime.now(UTC)
    attempts = await rows(stack.database_url, ATTEMPTS, renewal["id"])
    assert [(a["attempt"], a["status"]) for a in attempts][-1] == (3, "succeeded")
    assert attempts[-1]["payment_method_id"] == good
    assert before <= attempts[-1]["created_at"] <= after  # the request's own clock
    paid = (await shop.call("GET", f"/v1/invoices/{renewal['id']}"))["invoice"]
    assert paid["status"] == "paid" and paid["payment"]["status"] == "succeeded"
    assert _at(paid["paidDate"]) >= _at(paid["issueDate"])  # never paid before issued
    live = await _live(stack, stable_id)
    assert (live["status"], live["grace_period_ends_at"], live["payment_method_id"]) == (
        "active",
        None,
        good,
    )
    kinds = [event["kind"] for event in await rows(stack.database_url, EVENTS, stable_id)]
    assert kinds[-2:] == ["past_due", "payment_recovered"]

    # The next pass on the old schedule charges nothing more.
    await stack.run_due(renewal_pass + 3 * DAY + timedelta(minutes=1))
    assert len(await rows(stack.database_url, ATTEMPTS, renewal["id"])) == 3


@pytest.mark.parametrize(
    ("end_action", "after"), [("pause", "paused"), ("unpaid", "unpaid"), ("cancel", "ended")]
)
async def test_declined_until_the_grace_ends_then_the_end_action(stack, shop, end_action, after):
    dunning = {"retryScheduleDays": [1, 3], "gracePeriodDays": 2, "endAction": end_action}
    await shop.call("POST", "/v1/merchants/dunning-config", dunning)
    _, subscription, _ = await _subscribed(stack, shop, DECLINED_CARD)
    stable_id = subscription["id"]
    start = datetime.now(UTC) + timedelta(minutes=1)
    clocks = [start, start + DAY + timedelta(minutes=1), start + 3 * DAY + timedelta(minutes=2)]
    for clock in clocks:
        await stack.run_due(clock)
    [invoice] = await _invoices(stack, stable_id)
    attempts = await rows(stack.database_url, ATTEMPTS, invoice["id"])
    assert [(a["attempt"], a["status"], a["created_at"]) for a in attempts] == [
        (1, "failed", clocks[0]),
        (2, "failed", clocks[1]),
        (3, "failed", clocks[2]),
    ]
    assert [a["retry_at"] for a in attempts] == [start + DAY, start + 3 * DAY, None]
    grace_end = clocks[2] + 2 * DAY  # from the last failure
    live = await _live(stack, stable_id)
    assert (live["status"], live["grace_period_ends_at"]) == ("past_due", grace_end)

    await stack.run_due(grace_end - timedelta(minutes=1))  # the grace still runs
    live = await _live(stack, stable_id)
    assert (live["status"], live["grace_period_ends_at"]) == ("past_due", grace_end)
    assert len(await rows(stack.database_url, ATTEMPTS, invoice["id"])) == 3

    await stack.run_due(grace_end)
    versions = await rows(stack.database_url, ENDED, stable_id)
    assert versions[-1]["status"] == after
    if end_action == "cancel":
        assert versions[-1]["end_timestamp"] == grace_end
    events = await rows(stack.database_url, EVENTS, stable_id)
    last = events[-1]
    assert (last["status_after"], last["occurred_at"], last["created_at"]) == (
        after,
        grace_end,
        grace_end,
    )
    assert len(await rows(stack.database_url, ATTEMPTS, invoice["id"])) == 3


PASS_ROWS = {
    "invoices": "SELECT created_at FROM invoices WHERE merchant_id = $1",
    "invoice_lines": """SELECT l.created_at FROM invoice_lines l
                         JOIN invoices i ON i.id = l.invoice_id WHERE i.merchant_id = $1""",
    "payments": "SELECT created_at FROM payments WHERE merchant_id = $1",
    "subscription_events": "SELECT created_at FROM subscription_events WHERE merchant_id = $1",
}


async def test_twelve_monthly_passes_write_only_their_own_clock(stack, shop):
    """Six months paid, then the card declines: past due, retried on later passes, the grace
    set from the last retry, the end action; every row written carries its pass's clock."""
    dunning = {"retryScheduleDays": [1, 3, 5], "gracePeriodDays": 7, "endAction": "unpaid"}
    await shop.call("POST", "/v1/merchants/dunning-config", dunning)
    customer, subscription, _ = await _subscribed(stack, shop, GOOD_CARD)
    stable_id = subscription["id"]
    made_until = datetime.now(UTC)
    start = made_until + timedelta(minutes=1)
    clocks = [start + timedelta(days=31 * month) for month in range(12)]
    for month, clock in enumerate(clocks):
        if month == 6:  # from now on the customer's newest card declines
            await saved_card(stack, shop, customer["id"], DECLINED_CARD)
            made_until = datetime.now(UTC)
        await stack.run_due(clock)
    invoices = await _invoices(stack, stable_id)
    assert [row["status"] for row in invoices[:6]] == ["paid"] * 6
    assert all(row["status"] == "unpaid" for row in invoices[6:])
    for renewal in invoices[1:]:  # the first was issued by the request that subscribed
        assert renewal["created_at"] in clocks
    for paid in invoices[1:6]:
        assert paid["paid_date"] == paid["created_at"]  # paid by the pass that issued it
    for table, sql in PASS_ROWS.items():
        stamps = [row["created_at"] for row in await rows(stack.database_url, sql, shop.id)]
        written = [stamp for stamp in stamps if stamp > made_until]
        assert written, table
        assert set(written) <= set(clocks), (table, sorted(set(written) - set(clocks)))

    attempts = await rows(stack.database_url, ATTEMPTS, invoices[6]["id"])
    assert [(a["attempt"], a["status"], a["created_at"]) for a in attempts] == [
        (1, "failed", clocks[6]),
        (2, "failed", clocks[7]),
        (3, "failed", clocks[8]),
        (4, "failed", clocks[9]),
    ]
    events = await rows(stack.database_url, EVENTS, stable_id)
    moves = [(e["kind"], e["occurred_at"]) for e in events if e["kind"] != "created"]
    assert moves[:2] == [("past_due", clocks[6]), ("dunning_unpaid", clocks[10])]
    assert all(e["created_at"] == e["occurred_at"] for e in events[1:])
