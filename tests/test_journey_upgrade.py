"""A yearly plan upgraded in the middle of its year, end to end (issue 28): the served
``tally`` process, localstripe and ``tally run-due --now`` as the clock.

The customer saves a card in the portal (create-setup-intent, the SetupIntent confirmed at
localstripe as the provider's script confirms it, the signed webhook storing the card) and is
subscribed through ``POST /v1/subscriptions`` to a yearly plan that started about six months
ago, with ``triggerImmediateBilling``: the year it is in is billed at once (not the missed
cycles) and the next pass charges the saved card. The price is then raised to a dearer yearly
price through the price override API, which prorates at the instant of the request; that
instant lies in the middle of the year because the year began half a year ago. The proration
invoice is checked against a hand calculation (the new fee minus the old over the seconds
left of the year, each line rounded half-even to the cent), charged to the same card, and the
pass at the year's end renews at the new price, on that card again.
"""

from datetime import UTC, datetime, timedelta
from decimal import ROUND_HALF_EVEN, Decimal

from tests.conftest import unique_email
from tests.support.processes.journey_checkout import (
    browser_saves,
    intent_method,
    invoices,
    kept_card,
    payments,
    plan_price,
    subscription,
)

OLD_FEE, NEW_FEE = 29000, 59000


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _share(fee: int, remaining: timedelta, whole: timedelta) -> int:
    """By hand: ``fee`` over ``remaining`` of ``whole``, rounded once, half-even."""
    exact = Decimal(fee) * Decimal(remaining.total_seconds()) / Decimal(whole.total_seconds())
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


async def _card_saved_in_portal(stack, shop) -> tuple[dict, dict, dict]:
    """A customer whose card was saved through the portal; the customer, the confirmed
    SetupIntent and the card row the webhook stored."""
    body = {"email": unique_email("yearly"), "name": "Ada", "externalCustomerId": "ada-1"}
    customer = (await shop.call("POST", "/v1/customers", body))["customer"]
    setup = await shop.call(
        "POST", "/v1/customers/portal/create-setup-intent", {"externalCustomerId": "ada-1"}
    )
    assert setup["provider"] == "provider_a", setup
    saved = await browser_saves(stack, setup["provider_a"]["intentId"])
    assert saved["status"] == "succeeded"
    card = await kept_card(stack, shop)
    assert card["external_psp_payment_method_id"] == saved["payment_method"]
    return customer, saved, card


async def test_a_mid_year_upgrade_charges_the_proration_and_renews_at_the_new_price(stack, shop):
    customer, saved, card = await _card_saved_in_portal(stack, shop)
    plan, price = await plan_price(
        shop, {"planName": "Yearly", "monthlyPrice": 2900, "yearlyPrice": OLD_FEE}, "year"
    )
    _, dearer = await plan_price(
        shop, {"planName": "Yearly Plus", "monthlyPrice": 5900, "yearlyPrice": NEW_FEE}, "year"
    )

    started_at = (datetime.now(UTC) - timedelta(days=182)).replace(microsecond=0)
    body = {
        "customerId": customer["id"],
        "planId": plan["id"],
        "effectivePriceId": price["id"],
        "startTimestamp": started_at.isoformat(),
        "triggerImmediateBilling": True,
    }
    live = (await shop.call("POST", "/v1/subscriptions", body))["subscription"]
    year_start, year_end = _at(live["currentPeriodStart"]), _at(live["currentPeriodEnd"])
    assert year_start == started_at  # the year it is in: the one that began six months ago
    assert year_end - year_start in (timedelta(days=365), timedelta(days=366))
    [first] = await invoices(shop, customer["id"])
    assert (first["status"], first["totalAmountCents"]) == ("unpaid", OLD_FEE)
    [fee] = first["lineItems"]
    assert (_at(fee["billingPeriodStart"]), _at(fee["billingPeriodEnd"])) == (year_start, year_end)

    paid_at = datetime.now(UTC)
    await stack.run_due(paid_at)
    [first] = await invoices(shop, customer["id"])
    assert (first["status"], _at(first["paidDate"])) == ("paid", paid_at)

    before = datetime.now(UTC)
    await shop.call(
        "POST",
        f"/v1/subscriptions/price-override/{live['stableSubscriptionId']}",
        {"priceId": dearer["id"]},
    )
    after = datetime.now(UTC)
    [proration] = [i for i in await invoices(shop, customer["id"]) if i["id"] != first["id"]]
    assert (proration["status"], proration["billingReason"]) == ("unpaid", "proration")
    credit, charge = sorted(proration["lineItems"], key=lambda line: line["subtotalCents"])
    changed_at = _at(credit["billingPeriodStart"])
    assert before <= changed_at <= after  # the request's instant ...
    assert timedelta(days=181) < changed_at - year_start < timedelta(days=183)  # ... mid-year
    assert _at(proration["issueDate"]) == changed_at
    for line in (credit, charge):
        assert _at(line["billingPeriodStart"]) == changed_at
        assert _at(line["billingPeriodEnd"]) == year_end
    remaining, whole = year_end - changed_at, year_end - year_start
    assert credit["subtotalCents"] == -_share(OLD_FEE, remaining, whole)
    assert charge["subtotalCents"] == _share(NEW_FEE, remaining, whole)
    assert (credit["priceId"], charge["priceId"]) == (price["id"], dearer["id"])
    total = proration["totalAmountCents"]
    assert total == charge["subtotalCents"] + credit["subtotalCents"]
    assert abs(total - (NEW_FEE - OLD_FEE) * remaining / whole) <= 1  # about half the difference
    assert 14500 < total < 15500

    charged_at = after + timedelta(minutes=1)
    await stack.run_due(charged_at)
    listed = {i["id"]: i for i in await invoices(shop, customer["id"])}
    assert {i: listed[i]["status"] for i in listed} == {
        first["id"]: "paid",
        proration["id"]: "paid",
    }
    assert _at(listed[proration["id"]]["paidDate"]) == charged_at

    renewed_at = year_end + timedelta(minutes=1)
    await stack.run_due(renewed_at)
    live = await subscription(shop, live["stableSubscriptionId"])
    assert (live["status"], live["effectivePriceId"]) == ("active", dearer["id"])
    assert _at(live["currentPeriodStart"]) == year_end  # the next year, by the clock
    [renewal] = [
        i
        for i in await invoices(shop, customer["id"])
        if i["id"] not in (first["id"], proration["id"])
    ]
    assert (renewal["status"], renewal["totalAmountCents"]) == ("paid", NEW_FEE)
    assert _at(renewal["paidDate"]) == renewed_at
    [fee] = renewal["lineItems"]
    assert (_at(fee["billingPeriodStart"]), fee["priceId"]) == (year_end, dearer["id"])

    charges = await payments(stack, shop)
    assert [c["invoice_id"] for c in charges] == [first["id"], proration["id"], renewal["id"]]
    assert {(c["status"], c["payment_method_id"]) for c in charges} == {("succeeded", card["id"])}
    # The gateway charged the very card saved in the portal, each time.
    for made in charges:
        assert intent_method(stack, made["provider_payment_id"]) == saved["payment_method"]
