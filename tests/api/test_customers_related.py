"""/v1/customers: organization-customers, subscription-status, delete with a subscription, and
the spec's 500 messages."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.catalog.models import Price
from billing.core.errors import Conflict, NotFound
from billing.core.ids import new_id
from billing.customers import customers as customers_service
from billing.customers import organizations
from billing.customers.models import Customer
from billing.subscriptions.models import Subscription
from tests.support.api.customers import NOT_FOUND, make_customer
from tests.support.api.prices import MONTHLY, make_plan


async def make_subscription(merchant, customer_id: str, **fields) -> Subscription:
    """A live subscription row written directly (the subscriptions service is not under test)."""
    plan = await make_plan(merchant, "Team", plan_description="For teams")
    price = await Price.create(
        merchant_id=merchant.id, plan_id=plan.id, currency="EUR", pricing_data=MONTHLY
    )
    now = datetime.now(UTC)
    subscription_id = new_id("sub")
    return await Subscription.create(
        id=subscription_id,
        merchant_id=merchant.id,
        stable_subscription_id=fields.pop("stable_subscription_id", subscription_id),
        customer_id=customer_id,
        plan_id=plan.id,
        effective_price_id=price.id,
        start_timestamp=fields.pop("start_timestamp", now),
        current_period_start=now,
        current_period_end=now + timedelta(days=30),
        **fields,
    )


async def organization_of(client, merchant, customer_id):
    return await client.get(
        f"/v1/customers/{customer_id}/organization-customers", headers=merchant.headers
    )


async def status_of(client, merchant, query: str):
    return await client.get(f"/v1/customers/subscription-status{query}", headers=merchant.headers)


async def test_organization_customers_lists_primary_first_then_members(client, merchant):
    member_a = await make_customer(client, merchant)
    primary = await make_customer(client, merchant)
    member_b = await make_customer(client, merchant)
    organization = await organizations.create_organization(
        merchant.id, name=" Initech ", primary_customer_id=primary["id"]
    )
    await organizations.add_member(merchant.id, organization.id, member_a["id"])
    await organizations.add_member(merchant.id, organization.id, member_b["id"])
    expected = {
        "organization": {"id": organization.id, "name": "Initech"},
        "customers": [
            {"id": primary["id"], "orgRole": "primary"},
            {"id": member_a["id"], "orgRole": "member"},
            {"id": member_b["id"], "orgRole": "member"},
        ],
    }
    for asked in (primary, member_a, member_b):  # any customer of the organization answers it
        response = await organization_of(client, merchant, asked["id"])
        assert response.status_code == 200
        assert await response.get_json() == expected
    await client.delete(f"/v1/customers/{member_a['id']}", headers=merchant.headers)
    body = await (await organization_of(client, merchant, primary["id"])).get_json()
    assert [row["id"] for row in body["customers"]] == [primary["id"], member_b["id"]]


async def test_listing_with_payment_data_shows_the_organization(client, merchant):
    primary = await make_customer(client, merchant)
    organization = await organizations.create_organization(
        merchant.id, name="Org", primary_customer_id=primary["id"]
    )
    response = await client.get("/v1/customers?includePaymentData=true", headers=merchant.headers)
    row = (await response.get_json())["customers"][0]
    assert (row["customerOrganizationId"], row["orgRole"]) == (organization.id, "primary")


async def test_customer_without_organization_answers_null_and_empty(client, merchant):
    made = await make_customer(client, merchant)
    response = await organization_of(client, merchant, made["id"])
    assert response.status_code == 200
    assert await response.get_json() == {"organization": None, "customers": []}


async def test_organization_customers_of_unknown_customer_is_404(client, merchant):
    response = await organization_of(client, merchant, "cust_" + "Z" * 22)
    assert response.status_code == 404
    assert await response.get_json() == NOT_FOUND


async def test_a_customer_joins_one_organization_only(client, make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    primary = await make_customer(client, merchant)
    organization = await organizations.create_organization(
        merchant.id, name="One", primary_customer_id=primary["id"]
    )
    with pytest.raises(Conflict):
        await organizations.add_member(merchant.id, organization.id, primary["id"])
    with pytest.raises(Conflict):
        await organizations.create_organization(
            merchant.id, name="Two", primary_customer_id=primary["id"]
        )
    foreign = await make_customer(client, other)
    with pytest.raises(NotFound) as raised:
        await organizations.add_member(merchant.id, organization.id, foreign["id"])
    assert raised.value.message == "Customer not found or access denied"
    with pytest.raises(NotFound) as raised:
        await organizations.add_member(other.id, organization.id, foreign["id"])
    assert raised.value.message == "Organization not found or access denied"


async def test_subscription_status_with_an_active_subscription(client, merchant):
    customer = await make_customer(client, merchant, externalCustomerId="ext-1", name="Ann")
    start = datetime(2026, 1, 31, 12, 0, tzinfo=UTC)
    subscription = await make_subscription(merchant, customer["id"], start_timestamp=start)
    response = await status_of(client, merchant, "?externalCustomerId=ext-1")
    assert response.status_code == 200
    assert await response.get_json() == {
        "hasActiveSubscription": True,
        "customer": {"id": customer["id"], "name": "Ann", "email": customer["email"]},
        "subscription": {
            "id": subscription.stable_subscription_id,
            "planId": subscription.plan_id,
            "planName": "Team",
            "planDescription": "For teams",
            "priceId": subscription.effective_price_id,
            "currency": "EUR",
            "pricingData": MONTHLY,
            "startTimestamp": "2026-01-31T12:00:00Z",
        },
    }


async def test_subscription_status_answers_the_stable_id_of_the_live_version(client, merchant):
    customer = await make_customer(client, merchant, externalCustomerId="ext-v2")
    first = await make_subscription(merchant, customer["id"])
    await Subscription.filter(id=first.id).update(deleted_at=datetime.now(UTC))
    await make_subscription(
        merchant, customer["id"], stable_subscription_id=first.id, version_number=2
    )
    body = await (await status_of(client, merchant, "?externalCustomerId=ext-v2")).get_json()
    assert body["subscription"]["id"] == first.id


@pytest.mark.parametrize("status", ["paused", "unpaid", None])
async def test_subscription_status_without_an_active_subscription(client, merchant, status):
    customer = await make_customer(client, merchant, externalCustomerId="ext-2")
    if status:
        await make_subscription(merchant, customer["id"], status=status)
    cancelled = await make_subscription(merchant, customer["id"])
    await Subscription.filter(id=cancelled.id).update(deleted_at=datetime.now(UTC))
    response = await status_of(client, merchant, "?externalCustomerId=ext-2")
    assert response.status_code == 200
    body = await response.get_json()
    assert (body["hasActiveSubscription"], body["subscription"]) == (False, None)
    assert body["customer"]["id"] == customer["id"]


@pytest.mark.parametrize("query", ["", "?externalCustomerId=", "?externalCustomerId=%20"])
async def test_subscription_status_needs_the_external_id(client, merchant, query):
    response = await status_of(client, merchant, query)
    assert response.status_code == 400
    assert await response.get_json() == {"error": "externalCustomerId is required"}


async def test_subscription_status_of_unknown_deleted_or_foreign_customer_is_404(
    client, make_merchant
):
    alice, bob = await make_merchant(), await make_merchant()
    gone = await make_customer(client, alice, externalCustomerId="gone")
    await client.delete(f"/v1/customers/{gone['id']}", headers=alice.headers)
    await make_customer(client, bob, externalCustomerId="bobs")
    for external_id in ("missing", "gone", "bobs", "%00", "x" * 201, "x" * 320, "x" * 321):
        response = await status_of(client, alice, f"?externalCustomerId={external_id}")
        assert response.status_code == 404
        assert await response.get_json() == NOT_FOUND


async def test_delete_is_refused_while_a_subscription_is_live(client, merchant):
    customer = await make_customer(client, merchant)
    subscription = await make_subscription(merchant, customer["id"], status="paused")
    path = f"/v1/customers/{customer['id']}"
    response = await client.delete(path, headers=merchant.headers)
    assert response.status_code == 409
    assert "cancel it" in (await response.get_json())["error"]
    assert (await Customer.get(id=customer["id"])).deleted_at is None
    await Subscription.filter(id=subscription.id).update(deleted_at=datetime.now(UTC))
    assert (await client.delete(path, headers=merchant.headers)).status_code == 200


@pytest.mark.parametrize(
    ("method", "suffix", "body", "service", "message"),
    [
        ("POST", "", {"email": "x@example.com"}, "create_customer", "Failed to create customer"),
        ("POST", "/{id}", {"name": "X"}, "update_customer", "Failed to update customer"),
        ("DELETE", "/{id}", None, "delete_customer", "Failed to delete customer"),
    ],
)
async def test_unexpected_failures_answer_the_spec_messages(
    client, merchant, monkeypatch, method, suffix, body, service, message
):
    made = await make_customer(client, merchant)

    async def broken(*args, **kwargs):
        raise RuntimeError("storage is down")

    monkeypatch.setattr(customers_service, service, broken)
    path = "/v1/customers" + suffix.format(id=made["id"])
    response = await client.open(path, method=method, json=body, headers=merchant.headers)
    assert response.status_code == 500
    assert await response.get_json() == {"error": message}
