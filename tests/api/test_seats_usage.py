"""GET /v1/seats/usage/{customerId}: the spec's shape, the id pattern guard, and tenants."""

import pytest

from billing.customers.organizations import add_member, create_organization
from tests.conftest import in_test_mode
from tests.support.factories.seats import customer_with_external_id, seat_team, seated_subscription
from tests.support.factories.subscriptions import make_customer


async def get_usage(client, merchant, customer_id: str):
    response = await client.get(f"/v1/seats/usage/{customer_id}", headers=merchant.headers)
    return response.status_code, await response.get_json()


async def test_usage_answers_the_spec_shape_for_primary_and_members(client, merchant):
    team = await seat_team(merchant.id, unit_cents=1200)
    organization = await create_organization(
        merchant.id, name="Initech", primary_customer_id=team.subscriber.id
    )
    member = await customer_with_external_id(merchant.id)
    await add_member(merchant.id, organization.id, member.id)
    status, body = await get_usage(client, merchant, member.id)
    assert status == 200
    stable_id = team.subscription.stable_subscription_id
    assert (body["customerId"], body["subscriptionId"]) == (member.id, stable_id)
    assert body["seatUsages"] == [
        {
            "componentId": "seats",
            "componentName": "Seats",
            "unitLabel": "seat",
            "metricId": None,
            "currentUsage": 2,
            "pendingRemovals": 0,
            "billedSeats": 2,
            "unitAmountCents": 1200,
        }
    ]
    [detail] = body["subscriptionDetails"]
    assert detail["subscriptionId"] == stable_id and detail["componentId"] == "seats"
    assert (detail["previousBillingDate"], detail["nextBillingDate"]) == (
        "2030-01-01T00:00:00Z",
        "2030-02-01T00:00:00Z",
    )
    assert set(detail) == {
        "subscriptionId", "componentId", "previousBillingDate", "nextBillingDate", "createdAt",
        "updatedAt",
    }  # fmt: skip
    [component] = body["priceComponents"]
    assert (component["component_id"], component["amount_cents"]) == ("seats", 1200)
    assert (await get_usage(client, merchant, team.subscriber.id))[1]["seatUsages"] == body[
        "seatUsages"
    ]


async def test_a_customer_without_seats_answers_an_empty_usage(client, merchant):
    alone = await make_customer(merchant.id)
    assert await get_usage(client, merchant, alone.id) == (
        200,
        {
            "customerId": alone.id,
            "subscriptionId": None,
            "seatUsages": [],
            "subscriptionDetails": [],
            "priceComponents": [],
        },
    )


@pytest.mark.parametrize(
    "customer_id",
    ["nope", "cust_short", "cust_" + "a" * 23, "cus_" + "a" * 21, "plan_" + "a" * 22,
     "cust_" + "a" * 21 + "-", "CUST_" + "a" * 22],
)  # fmt: skip
async def test_malformed_ids_are_400s(client, merchant, customer_id):
    status, body = await get_usage(client, merchant, customer_id)
    assert (status, body) == (
        400,
        {"error": "customerId must be a customer id: cust_ followed by 22 letters or digits"},
    )


async def test_missing_and_other_tenants_customers_are_not_found(client, merchant, make_merchant):
    team = await seat_team(merchant.id)
    not_found = (404, {"error": "Customer not found"})
    assert await get_usage(client, merchant, "cus_" + "A" * 22) == not_found  # the spec's shape
    assert await get_usage(client, merchant, "cust_" + "A" * 22) == not_found
    for other in (await make_merchant("Other Co"), await in_test_mode(merchant)):
        assert await get_usage(client, other, team.subscriber.id) == not_found


async def test_billed_seats_apply_the_plans_floor_that_current_usage_does_not(client, merchant):
    below = await seated_subscription(merchant.id, 1000, "month", 2, min_seats=5)
    above = await seated_subscription(merchant.id, 1000, "month", 6, min_seats=5)
    for subscription, expected in ((below, (2, 0, 5)), (above, (6, 0, 6))):
        status, body = await get_usage(client, merchant, subscription.customer_id)
        [row] = body["seatUsages"]
        assert (status, (row["currentUsage"], row["pendingRemovals"], row["billedSeats"])) == (
            200,
            expected,
        )


async def test_the_openapi_document_says_how_current_usage_relates_to_billing(client):
    document = await (await client.get("/v1/openapi.json")).get_json()
    row = document["components"]["schemas"]["SeatUsageRow"]["properties"]
    assert "minSeats floor is not applied" in row["currentUsage"]["description"]
    assert "max(currentUsage - pendingRemovals, minSeats)" in row["billedSeats"]["description"]
