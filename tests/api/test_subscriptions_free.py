"""POST /v1/subscriptions/create-free-subscription: 400s, 404s, then 409 until provider A."""

import pytest

from billing.customers.models import Customer
from billing.subscriptions.models import Subscription
from tests.billing.subscriptions.test_free_subscriptions import table
from tests.factories import make_plan

PATH = "/v1/subscriptions/create-free-subscription"
GOOD = {"customerEmail": "new@example.com", "customerName": "New User", "userId": "user-1"}


async def post(client, merchant, payload):
    response = await client.post(PATH, json=payload, headers=merchant.headers)
    return response.status_code, await response.get_json()


@pytest.mark.parametrize(
    "payload",
    [
        {},
        {k: v for k, v in GOOD.items() if k != "userId"},
        {**GOOD, "customerEmail": "nope"},
        {**GOOD, "customerName": ""},
        {**GOOD, "userId": "  "},
        {**GOOD, "userId": 7},
        {**GOOD, "billingCountry": "Germany"},
    ],
)
async def test_bad_bodies_are_400(client, merchant, payload):
    status, body = await post(client, merchant, payload)
    assert status == 400 and isinstance(body["error"], str)


async def test_no_table_or_no_free_plan_is_404(client, merchant):
    assert await post(client, merchant, GOOD) == (
        404,
        {"error": "No active pricing tables found for this merchant"},
    )
    await table(merchant.id, await make_plan(merchant.id, name="Pro", monthly_cents=100))
    status, body = await post(client, merchant, GOOD)
    assert status == 404 and "No free plan found" in body["error"]


async def test_provider_a_required(client, merchant, make_merchant):
    await table(merchant.id, await make_plan(merchant.id, name="Free", monthly_cents=0))
    status, body = await post(client, merchant, {**GOOD, "billingCountry": "us"})
    assert status == 409
    assert body["error"].startswith("Provider A is not configured")
    assert await Customer.filter(merchant_id=merchant.id).count() == 0
    assert await Subscription.filter(merchant_id=merchant.id).count() == 0
    other = await make_merchant()  # the free plan of another merchant is not found
    assert (await post(client, other, GOOD))[0] == 404
