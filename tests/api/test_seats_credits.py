"""A seat member's credits: its own allowance under the organization's subscription when the
seat is added, gone with the seat when it is removed (what the seat-aware entitlements say)."""

from datetime import UTC, datetime, timedelta

from billing.catalog.models import Price
from billing.catalog.pricing import seat_price_data
from billing.subscriptions.models import CreditGrant
from billing.subscriptions.subscriptions import create_subscription
from tests.support.api.seats_credits import seat_aware
from tests.support.factories.entitlements import credit_plan, metric
from tests.support.factories.seats import customer_with_external_id, new_user


async def test_a_member_gets_its_own_credits_and_loses_them_with_the_seat(client, merchant):
    plan = await credit_plan(merchant.id, [await metric(client, merchant)], allowance=100)
    price = await Price.create(
        merchant_id=merchant.id,
        plan_id=plan.id,
        currency="USD",
        pricing_data=seat_price_data(1000, "month", bill_immediately=True),
    )
    subscriber = await customer_with_external_id(merchant.id)
    await create_subscription(
        merchant.id,
        customer_id=subscriber.id,
        plan_id=plan.id,
        effective_price_id=price.id,
        start_timestamp=datetime.now(UTC) - timedelta(days=3),
    )
    user = new_user()
    body = {"user_id": subscriber.external_customer_id, **user}
    added = await client.post("/v1/seats/add", json=body, headers=merchant.headers)
    assert added.status_code == 200
    credits = await seat_aware(client, merchant, subscriber.id)
    [member_id] = set(credits) - {subscriber.id}
    assert credits[member_id]["creditAllowance"] == 100  # its own, beside the subscriber's
    assert credits[subscriber.id]["creditAllowance"] == 100

    removal = {
        "user_id": subscriber.external_customer_id,
        "removed_user_id": user["created_user_id"],
    }
    removed = await client.post("/v1/seats/remove", json=removal, headers=merchant.headers)
    assert removed.status_code == 200
    assert set(await seat_aware(client, merchant, subscriber.id)) == {subscriber.id}
    statuses = await CreditGrant.filter(customer_id=member_id).values_list("status", flat=True)
    assert statuses == ["cancelled"]
