"""/v1/enrollment: rules listed, created and deleted per plan; enrolling a user by rule or
into the free plan; every refusal changes nothing; other tenants' ids answer as missing."""

import pytest

from billing.catalog.models import Price
from billing.customers.models import Customer
from billing.enrollment.models import EnrollmentRule
from billing.subscriptions.models import Subscription
from tests.conftest import in_test_mode
from tests.support.billing.enrollment.free_subscriptions import free_setup
from tests.support.factories.catalog import make_plan, new_version

RULES = "/v1/enrollment/rules"
ENROLL = "/v1/enrollment/enroll"
USER = {"customerEmail": "ada@Acme.io", "customerName": "Ada", "userId": "user-1"}


async def call(client, merchant, method: str, path: str, **kwargs):
    response = await client.open(path, method=method, headers=merchant.headers, **kwargs)
    return response.status_code, await response.get_json()


async def add_rule(client, merchant, plan_id: str, value: str = "acme.io"):
    body = {"planId": plan_id, "matcherType": "domain", "matcherValue": value}
    return await call(client, merchant, "POST", RULES, json=body)


async def nothing_enrolled(merchant) -> bool:
    return not (
        await Customer.filter(merchant_id=merchant.id).exists()
        or await Subscription.filter(merchant_id=merchant.id).exists()
    )


async def test_create_list_delete(client, merchant):
    plan = await make_plan(merchant.id, name="Team", monthly_cents=2000)
    status, body = await add_rule(client, merchant, plan.id, " @ACME.io ")
    assert status == 201, body
    rule = body["rule"]
    assert rule["id"].startswith("enrl_") and rule["createdAt"].endswith("Z")
    assert {k: rule[k] for k in ("merchantId", "planId", "matcherType", "matcherValue")} == {
        "merchantId": merchant.id,
        "planId": plan.stable_plan_id,
        "matcherType": "domain",
        "matcherValue": "acme.io",
    }
    assert (await add_rule(client, merchant, plan.id, "beta.acme.io"))[0] == 201
    newer = await new_version(plan)  # either version's id lists the same rules
    for plan_id in (plan.id, newer.id):
        status, body = await call(client, merchant, "GET", f"{RULES}?planId={plan_id}")
        assert status == 200
        assert [r["matcherValue"] for r in body["rules"]] == ["acme.io", "beta.acme.io"]

    status, body = await call(client, merchant, "DELETE", f"{RULES}/{rule['id']}")
    assert (status, body) == (200, {"success": True, "message": "Enrollment rule deleted"})
    stored = await EnrollmentRule.get(id=rule["id"])
    assert stored.deleted_at is not None  # soft delete
    status, body = await call(client, merchant, "GET", f"{RULES}?planId={plan.id}")
    assert [r["matcherValue"] for r in body["rules"]] == ["beta.acme.io"]
    status, body = await call(client, merchant, "DELETE", f"{RULES}/{rule['id']}")
    assert (status, body) == (404, {"error": "Enrollment rule not found or access denied"})


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"matcherType": "email"}, 'matcherType must be "domain"'),
        ({"matcherValue": ""}, "matcherValue is required"),
        ({"matcherValue": "ada@acme.io"}, "not a whole email address"),
        ({"matcherValue": "*.acme.io"}, "without wildcards"),
        ({"matcherValue": "acme"}, "dot-separated"),
        ({"matcherValue": 7}, "matcherValue"),
        ({"planId": None}, "planId"),
    ],
)
async def test_create_refusals_are_400(client, merchant, changes, says):
    plan = await make_plan(merchant.id, name="Team", monthly_cents=2000)
    body = {"planId": plan.id, "matcherType": "domain", "matcherValue": "acme.io", **changes}
    status, answer = await call(client, merchant, "POST", RULES, json=body)
    assert status == 400 and says in answer["error"]
    assert not await EnrollmentRule.filter(merchant_id=merchant.id).exists()


async def test_missing_fields_and_bodies_are_400(client, merchant):
    plan = await make_plan(merchant.id, name="Team", monthly_cents=2000)
    status, body = await call(client, merchant, "POST", RULES, json={"planId": plan.id})
    assert status == 400 and "matcherType" in body["error"]
    status, body = await call(client, merchant, "POST", RULES, data="planId=x")
    assert status == 400
    for query in ("", "?planId="):
        status, body = await call(client, merchant, "GET", RULES + query)
        assert (status, body) == (400, {"error": "planId is required"})
    assert not await EnrollmentRule.filter(merchant_id=merchant.id).exists()


async def test_one_live_rule_per_domain(client, merchant):
    team = await make_plan(merchant.id, name="Team", monthly_cents=2000)
    pro = await make_plan(merchant.id, name="Pro", monthly_cents=5000)
    assert (await add_rule(client, merchant, team.id))[0] == 201
    assert await add_rule(client, merchant, team.id, "ACME.io") == (
        409,
        {"error": "An enrollment rule for acme.io already exists on this plan"},
    )
    status, body = await add_rule(client, merchant, pro.id)
    assert status == 409
    assert body["error"] == (
        "Users at acme.io already join the plan “Team” automatically; remove that rule first"
    )
    assert await EnrollmentRule.filter(merchant_id=merchant.id).count() == 1


async def test_unknown_plan_is_404(client, merchant):
    status, body = await add_rule(client, merchant, "plan_" + "x" * 22)
    assert (status, body) == (404, {"error": "Plan not found or access denied"})
    status, body = await call(client, merchant, "GET", f"{RULES}?planId=nonsense")
    assert (status, body) == (404, {"error": "Plan not found or access denied"})


async def test_other_tenants_ids_answer_as_missing(client, merchant, make_merchant):
    other = await make_merchant()
    test_mode = await in_test_mode(merchant)  # the same business, the other mode
    plan = await make_plan(merchant.id, name="Team", monthly_cents=2000)
    _, body = await add_rule(client, merchant, plan.id)
    rule_id = body["rule"]["id"]
    for outsider in (other, test_mode):
        status, answer = await add_rule(client, outsider, plan.id, "other.io")
        assert (status, answer) == (404, {"error": "Plan not found or access denied"})
        status, answer = await call(client, outsider, "GET", f"{RULES}?planId={plan.id}")
        assert (status, answer) == (404, {"error": "Plan not found or access denied"})
        status, answer = await call(client, outsider, "DELETE", f"{RULES}/{rule_id}")
        assert (status, answer) == (404, {"error": "Enrollment rule not found or access denied"})
        await free_setup(outsider.id)
        status, answer = await call(client, outsider, "POST", ENROLL, json=USER)
        assert status == 201 and answer["enrolledBy"] == "free_plan"  # my rule is not theirs
    assert (await EnrollmentRule.get(id=rule_id)).deleted_at is None
    assert await nothing_enrolled(merchant)


async def test_enroll_by_rule(client, merchant):
    team = await make_plan(
        merchant.id, name="Team", description="For teams", monthly_cents=2000, yearly_cents=20000
    )
    _, body = await add_rule(client, merchant, team.id)
    rule = body["rule"]
    status, body = await call(client, merchant, "POST", ENROLL, json=USER)
    assert status == 201, body
    assert body["message"] == "Enrolled by the rule for acme.io"
    assert body["enrolledBy"] == "rule"
    assert body["rule"] == {"id": rule["id"], "matcherType": "domain", "matcherValue": "acme.io"}
    assert body["plan"] == {"id": team.id, "name": "Team", "description": "For teams"}
    assert body["credit_grants_created"] == 0
    sub = body["subscription"]
    monthly = await Price.filter(plan_id=team.id).order_by("created_at", "id").first()
    assert (sub["planId"], sub["effectivePriceId"], sub["status"]) == (
        team.id,
        monthly.id,
        "active",
    )
    assert sub["price"]["currency"] == "USD"
    customer = await Customer.get(id=sub["customerId"])
    assert (customer.external_customer_id, customer.email) == ("user-1", "ada@Acme.io")

    status, body = await call(client, merchant, "POST", ENROLL, json=USER)
    assert status == 409
    assert body == {
        "error": "Customer already has an active subscription.",
        "existingSubscriptionId": sub["stableSubscriptionId"],
    }
    assert await Subscription.filter(merchant_id=merchant.id).count() == 1


async def test_enroll_falls_back_to_free(client, merchant):
    free = await free_setup(merchant.id)
    status, body = await call(client, merchant, "POST", ENROLL, json=USER)
    assert status == 201, body
    assert (body["enrolledBy"], body["rule"], body["message"]) == (
        "free_plan",
        None,
        "Enrolled in the free plan",
    )
    assert body["plan"]["id"] == free.id and body["credit_grants_created"] == 2


@pytest.mark.parametrize(
    "payload",
    [
        {},
        {k: v for k, v in USER.items() if k != "userId"},
        {k: v for k, v in USER.items() if k != "customerName"},
        {**USER, "customerEmail": "nope"},
        {**USER, "customerName": " "},
        {**USER, "userId": 5},
    ],
)
async def test_enroll_bad_bodies_are_400(client, merchant, payload):
    await free_setup(merchant.id)
    status, body = await call(client, merchant, "POST", ENROLL, json=payload)
    assert status == 400 and isinstance(body["error"], str)
    assert await nothing_enrolled(merchant)


async def test_enroll_refusals_change_nothing(client, merchant):
    status, body = await call(client, merchant, "POST", ENROLL, json=USER)
    assert (status, body) == (404, {"error": "No active pricing tables found for this merchant"})
    team = await make_plan(merchant.id, name="Team", monthly_cents=2000, currency="EUR")
    await Price.filter(plan_id=team.id).update(currency="EUR")
    await add_rule(client, merchant, team.id)
    status, body = await call(client, merchant, "POST", ENROLL, json=USER)
    assert status == 409 and "has no price in USD" in body["error"]
    assert await nothing_enrolled(merchant)
