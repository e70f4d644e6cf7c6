"""GET /v1/subscriptions/mrr counts a per-seat price as seats x unit price a month: the seats
the billing run bills (the organization's members, at least the plan's minSeats)."""

import pytest

from billing.customers.models import Customer
from billing.subscriptions.models import SubscriptionEvent
from tests.support.factories.seats import new_user, seated_subscription
from tests.support.factories.subscriptions import subscribe


async def mrr_cents(client, merchant) -> tuple[int, int]:
    response = await client.get("/v1/subscriptions/mrr", headers=merchant.headers)
    assert response.status_code == 200
    body = (await response.get_json())["mrr"]
    return body["amount_cents"], body["active_subscriptions_count"]


# (unit price in cents, interval, seats in the organization, plan minSeats, MRR in cents)
TABLE = [
    (1000, "month", 3, None, 3000),  # 3 seats x 10.00 a month
    (12000, "year", 2, None, 2000),  # 2 seats x 120.00 a year / 12
    (1000, "month", 2, 5, 5000),  # the floor: 5 seats billed though 2 are used
    (1000, "month", 6, 5, 6000),  # above the floor: the seats in use
    (1000, "year", 1, None, 83),  # 10.00 a year / 12 = 83.33 cents, rounded once
]


@pytest.mark.parametrize(("unit", "interval", "seats", "floor", "expected"), TABLE)
async def test_a_per_seat_price_counts_its_seats(
    client, merchant, unit, interval, seats, floor, expected
):
    await seated_subscription(merchant.id, unit, interval, seats, min_seats=floor)
    assert await mrr_cents(client, merchant) == (expected, 1)


async def test_seats_add_to_fixed_fees_and_follow_seat_changes(client, merchant):
    await subscribe(merchant.id, monthly_cents=2900)  # a fixed fee beside the seats
    subscription = await seated_subscription(merchant.id, 1000, "month", 2)
    assert await mrr_cents(client, merchant) == (4900, 2)

    owner = await Customer.get(id=subscription.customer_id)
    user = new_user()
    body = {"user_id": owner.external_customer_id, **user}
    added = await client.post("/v1/seats/add", json=body, headers=merchant.headers)
    assert added.status_code == 200
    assert await mrr_cents(client, merchant) == (5900, 2)
    assert await latest_event(subscription) == ("seat_added", 3000)

    removal = {"user_id": owner.external_customer_id, "removed_user_id": user["created_user_id"]}
    removed = await client.post("/v1/seats/remove", json=removal, headers=merchant.headers)
    assert removed.status_code == 200
    assert await mrr_cents(client, merchant) == (4900, 2)  # a removed seat does not recur
    assert await latest_event(subscription) == ("seat_removed", 2000)


async def latest_event(subscription) -> tuple[str, int]:
    """The kind and MRR of the subscription's latest event (what the MRR chart draws)."""
    event = await (
        SubscriptionEvent.filter(stable_subscription_id=subscription.stable_subscription_id)
        .order_by("-created_at", "-id")
        .first()
    )
    return event.kind, event.mrr_cents
