"""POST /v1/webhooks/identity-provider: a new user is enrolled (by rule, else into the free
plan) with exactly the spec's answer; each error row with its text; the same user twice
creates nothing new; another merchant's rules and keys never apply."""

import pytest

from billing.customers.models import Customer
from billing.subscriptions.models import Subscription
from tests.conftest import in_test_mode
from tests.support.api.identity_provider_webhook import EVENT, RECORD
from tests.support.billing.enrollment.free_subscriptions import free_setup
from tests.support.factories.catalog import make_plan

PATH = "/v1/webhooks/identity-provider"


async def deliver(client, merchant, payload=None, **kwargs):
    if payload is not None:
        kwargs["json"] = payload
    headers = kwargs.pop("headers", merchant.headers)
    response = await client.post(PATH, headers=headers, **kwargs)
    return response.status_code, await response.get_json()


async def counts(merchant) -> tuple[int, int]:
    return (
        await Customer.filter(merchant_id=merchant.id).count(),
        await Subscription.filter(merchant_id=merchant.id).count(),
    )


async def add_rule(client, merchant, plan_id: str, domain: str = "acme.io") -> None:
    body = {"planId": plan_id, "matcherType": "domain", "matcherValue": domain}
    response = await client.post("/v1/enrollment/rules", json=body, headers=merchant.headers)
    assert response.status_code == 201


async def test_new_user_enrolled_by_rule(client, merchant):
    team = await make_plan(merchant.id, name="Team", monthly_cents=2000)
    await add_rule(client, merchant, team.id)
    status, body = await deliver(client, merchant, EVENT)
    assert status == 200, body
    customer = await Customer.get(merchant_id=merchant.id)
    sub = await Subscription.get(merchant_id=merchant.id)
    assert body == {
        "received": True,
        "message": "Enrollment subscription created by the rule for acme.io",
        "subscription": {
            "id": sub.stable_subscription_id,
            "customerId": customer.id,
            "planId": team.id,
            "status": "active",
        },
        "invoice": None,
        "plan": {"id": team.id},
        "credit_grants_created": 0,
    }
    assert (customer.external_customer_id, customer.email, customer.name) == (
        RECORD["id"],
        "grace@Acme.io",
        "Grace Hopper",
    )


async def test_same_user_twice_creates_nothing_new(client, merchant):
    await free_setup(merchant.id)
    status, first = await deliver(client, merchant, EVENT)
    assert status == 200
    assert first["message"] == "Enrollment subscription created by the free plan"
    assert first["credit_grants_created"] == 2
    status, body = await deliver(client, merchant, EVENT)
    assert (status, body) == (
        409,
        {
            "error": "Subscription already exists for this customer",
            "existingSubscriptionId": first["subscription"]["id"],
            "existingSubscriptionStatus": "active",
        },
    )
    assert await counts(merchant) == (1, 1)


async def test_name_falls_back_to_the_email_and_numeric_ids_are_text(client, merchant):
    await free_setup(merchant.id)
    record = {"id": 42, "email": "lin@example.org"}
    status, body = await deliver(client, merchant, {**EVENT, "record": record})
    assert status == 200, body
    customer = await Customer.get(merchant_id=merchant.id)
    assert (customer.name, customer.external_customer_id) == ("lin", "42")


async def test_no_active_pricing_tables(client, merchant):
    status, body = await deliver(client, merchant, EVENT)
    assert (status, body) == (404, {"error": "No active pricing tables found for this merchant"})
    assert await counts(merchant) == (0, 0)


@pytest.mark.parametrize(
    ("payload", "details"),
    [
        ({**EVENT, "type": "UPDATE"}, 'type must be "INSERT"'),
        ({**EVENT, "type": "DELETE"}, 'type must be "INSERT"'),
        ({k: v for k, v in EVENT.items() if k != "type"}, 'type must be "INSERT"'),
        ({**EVENT, "table": "profiles"}, 'table must be "users"'),
        ({k: v for k, v in EVENT.items() if k != "record"}, "record must be an object"),
        ({**EVENT, "record": "user-1"}, "record must be an object"),
        ({**EVENT, "record": {"id": "u1"}}, "record.email is required"),
        ({**EVENT, "record": {**RECORD, "email": "nope"}}, "record.email"),
        ({**EVENT, "record": {**RECORD, "id": None}}, "record.id is required"),
        ({**EVENT, "record": {**RECORD, "id": True}}, "record.id is required"),
        ({**EVENT, "record": {**RECORD, "id": "  "}}, "record.id is required"),
        ([EVENT], "JSON object"),
        ("INSERT", "JSON object"),
    ],
)
async def test_invalid_input(client, merchant, payload, details):
    await free_setup(merchant.id)
    status, body = await deliver(client, merchant, payload)
    assert status == 400 and body["error"] == "Invalid input"
    assert details in body["details"], body
    assert await counts(merchant) == (0, 0)


async def test_undecodable_bodies_are_invalid_input(client, merchant):
    for raw in (b"{not json", b"\xff\xfe", b"", b"[" * 100_000):
        status, body = await deliver(
            client, merchant, data=raw, headers={**merchant.headers, "Content-Type": "text/plain"}
        )
        assert status == 400 and body["error"] == "Invalid input", raw[:10]
    assert await counts(merchant) == (0, 0)


async def test_secret_key_required(client, merchant):
    await free_setup(merchant.id)
    response = await client.post(PATH, json=EVENT)
    assert response.status_code == 401
    public = await client.post(PATH, json=EVENT, headers=merchant.public_headers)
    assert public.status_code == 401
    assert await counts(merchant) == (0, 0)


async def test_each_merchant_enrolls_with_its_own_rules(client, merchant, make_merchant):
    team = await make_plan(merchant.id, name="Team", monthly_cents=2000)
    await add_rule(client, merchant, team.id)
    for outsider in (await make_merchant(), await in_test_mode(merchant)):
        free = await free_setup(outsider.id)
        status, body = await deliver(client, outsider, EVENT)
        assert status == 200 and body["plan"] == {"id": free.id}
        assert await counts(outsider) == (1, 1)
    assert await counts(merchant) == (0, 0)
