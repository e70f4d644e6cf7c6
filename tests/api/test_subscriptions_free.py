"""POST /v1/subscriptions/create-free-subscription: 201 with the subscription, plan and credit
grants; 400s, 404s and 409s that leave nothing behind.

The happy path configures provider A through its real route (a localstripe gateway); the
refusals use configuration rows (``tests.support.factories.webhooks.configure``), since no
provider call is made for a free plan.
"""

import pytest

from billing.customers.models import Customer
from billing.subscriptions.models import Subscription
from tests.support.api.provider_a import LIVE
from tests.support.billing.enrollment.free_subscriptions import free_setup, table
from tests.support.factories.catalog import make_plan
from tests.support.factories.webhooks import configure

PATH = "/v1/subscriptions/create-free-subscription"
GOOD = {"customerEmail": "new@example.com", "customerName": "New User", "userId": "user-1"}


async def post(client, merchant, payload):
    response = await client.post(PATH, json=payload, headers=merchant.headers)
    return response.status_code, await response.get_json()


async def nothing_created(merchant) -> bool:
    return not (
        await Customer.filter(merchant_id=merchant.id).exists()
        or await Subscription.filter(merchant_id=merchant.id).exists()
    )


@pytest.mark.usefixtures("provider_a_api")
async def test_creates_customer_and_subscription(client, merchant):
    plan = await free_setup(merchant.id, provider=False)
    response = await client.post("/v1/provider-a/config", json=LIVE, headers=merchant.headers)
    assert response.status_code == 200
    status, body = await post(client, merchant, {**GOOD, "billingCountry": "us"})
    assert status == 201, body
    assert body["message"] == "Free subscription created"
    assert body["plan"] == {"id": plan.id, "name": "Free", "description": "Try it"}
    assert body["credit_grants_created"] == 2
    sub = body["subscription"]
    assert (sub["planId"], sub["status"], sub["versionNumber"]) == (plan.id, "active", 1)
    assert sub["customer"]["email"] == "new@example.com"
    assert len(sub["subscriptionFeatures"]) == 3
    customer = await Customer.get(id=sub["customerId"])
    assert (customer.external_customer_id, customer.billing_country) == ("user-1", "US")

    status, body = await post(client, merchant, GOOD)  # the same user again
    assert status == 409
    assert body["existingSubscriptionId"] == sub["stableSubscriptionId"]
    assert await Customer.filter(merchant_id=merchant.id).count() == 1


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
    await free_setup(merchant.id)
    status, body = await post(client, merchant, payload)
    assert status == 400 and isinstance(body["error"], str)
    assert await nothing_created(merchant)


async def test_no_table_or_no_free_plan_is_404(client, merchant):
    await configure(merchant.id, "provider_a", None)
    assert await post(client, merchant, GOOD) == (
        404,
        {"error": "No active pricing tables found for this merchant"},
    )
    await table(merchant.id, await make_plan(merchant.id, name="Pro", monthly_cents=100))
    status, body = await post(client, merchant, GOOD)
    assert status == 404 and "No free plan found" in body["error"]
    assert await nothing_created(merchant)


async def test_provider_a_required(client, merchant, make_merchant):
    await table(merchant.id, await make_plan(merchant.id, name="Free", monthly_cents=0))
    other = await make_merchant()
    await configure(other.id, "provider_a", None)  # configured, but for another merchant
    status, body = await post(client, merchant, {**GOOD, "billingCountry": "us"})
    assert status == 409
    assert body["error"].startswith("Provider A is not configured")
    assert await nothing_created(merchant)
    assert (await post(client, other, GOOD))[0] == 404  # my free plan is not theirs
    assert await nothing_created(other)
