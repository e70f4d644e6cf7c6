"""Subscribe, then add the team at once: seats added in a subscription's first second are
billed (issue: a seat's time was cut to the whole second while the subscription's start kept
its microseconds, so such a seat fell before the paid period and was never billed).

Everything goes through the API, as the probe did: a per-seat plan billed immediately, a
subscription billed at creation, three ``POST /v1/seats/add`` right after it.
"""

import uuid

from billing.invoicing.billing_run import bill_due
from billing.seats.models import SeatChange
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscriptions import get_live


async def call(client, merchant, method: str, path: str, body: dict | None = None):
    response = await client.open(path, method=method, json=body, headers=merchant.headers)
    return response.status_code, await response.get_json()


async def seat_subscription(client, merchant, **subscription) -> tuple[str, str, str]:
    """A 10.00-a-seat monthly plan billed in advance and a subscriber to it: (customer id,
    its external id, the subscription id)."""
    plan = {"planName": "Team", "monthlyPrice": 1000, "isSeatBased": True, "billImmediately": True}
    status, made = await call(client, merchant, "POST", "/v1/plans", plan)
    assert status == 201, made
    plan_id = made["plans"][0]["id"]
    status, listed = await call(client, merchant, "GET", f"/v1/prices?planId={plan_id}")
    assert status == 200, listed
    prices = listed["prices"] if isinstance(listed, dict) else listed
    external = f"acct-{uuid.uuid4().hex[:10]}"
    customer = {
        "email": f"{external}@example.com",
        "name": "Initech",
        "externalCustomerId": external,
    }
    status, made = await call(client, merchant, "POST", "/v1/customers", customer)
    assert status == 201, made
    customer_id = (made.get("customer") or made)["id"]
    body = {"customerId": customer_id, "planId": plan_id, "effectivePriceId": prices[0]["id"]}
    status, made = await call(client, merchant, "POST", "/v1/subscriptions", body | subscription)
    assert status == 201, made
    return customer_id, external, made["subscription"]["stableSubscriptionId"]


async def add_three(client, merchant, external: str, timestamp: str | None = None) -> None:
    for n in range(3):
        body = {
            "user_id": external,
            "created_user_id": f"{external}-member-{n}",
            "created_user_info": {"name": f"Member {n}", "email": f"{external}-{n}@example.com"},
        }
        if timestamp:
            body["timestamp"] = timestamp
        status, answer = await call(client, merchant, "POST", "/v1/seats/add", body)
        assert status == 200, answer


async def billed(client, merchant, customer_id: str) -> tuple[int, list[int]]:
    """``billedSeats`` and the seat invoices' totals, as the merchant reads them."""
    status, usage = await call(client, merchant, "GET", f"/v1/seats/usage/{customer_id}")
    assert status == 200, usage
    [row] = usage["seatUsages"]
    status, listed = await call(client, merchant, "GET", f"/v1/invoices/customer/{customer_id}")
    assert status == 200, listed
    seats = [i["totalAmountCents"] for i in listed["invoices"] if i["billingReason"] == "seats"]
    return row["billedSeats"], sorted(seats)


async def test_three_seats_added_right_after_subscribing_are_all_billed(client, merchant):
    """The probe's case, on the wall clock: subscribe (billed at once), add three seats."""
    customer_id, external, stable_id = await seat_subscription(
        client, merchant, triggerImmediateBilling=True
    )
    await add_three(client, merchant, external)
    # each pays the rest of the month: 1000 x (a month less a second or two) / a month -> 1000
    assert await billed(client, merchant, customer_id) == (4, [1000, 1000, 1000])
    changes = await SeatChange.filter(merchant_id=merchant.id, stable_subscription_id=stable_id)
    assert len(changes) == 3 and all(change.invoice_id for change in changes)


async def test_seats_added_in_the_start_second_before_its_microseconds_are_billed(client, merchant):
    """The same, with the clock fixed so it cannot pass the second: the subscription starts at
    09:30:15.734 and the seats are added at 09:30:15.900, recorded at the second (09:30:15):
    before the start's microseconds, inside its first second."""
    customer_id, external, stable_id = await seat_subscription(
        client, merchant, startTimestamp="2030-01-01T09:30:15.734Z"
    )
    live = await get_live(merchant.id, stable_id)
    assert live.start_timestamp.microsecond == 734_000
    await bill_due(live.start_timestamp, merchant.id)  # the first period, as run-due bills it
    await add_three(client, merchant, external, "2030-01-01T09:30:15.900Z")
    assert await billed(client, merchant, customer_id) == (4, [1000, 1000, 1000])
    assert await Subscription.filter(stable_subscription_id=stable_id).count() == 1
