"""/v1/plans: create, list, read, delete, visibility, onboarding and tenant isolation."""

import re

import pytest

from billing.catalog.models import Feature, Plan, PlanFeature, Price, PricingTable, PricingTablePlan
from billing.catalog.pricing import fixed_price_data
from tests.support.api.plans import NOT_FOUND, create_plan

PLAN_FIELDS = {
    "id",
    "stablePlanId",
    "versionNumber",
    "isCurrentVersion",
    "commitMessage",
    "planName",
    "planDescription",
    "merchantId",
    "currency",
    "isVisibleInPricingTable",
    "isEnterprisePlan",
    "buttonText",
    "enterpriseRedirectUrl",
    "isSeatBased",
    "billImmediately",
    "minSeats",
    "createdAt",
    "updatedAt",
}
ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z")


async def get(client, merchant, path: str):
    response = await client.get(path, headers=merchant.headers)
    return response.status_code, await response.get_json()


async def test_create_answers_version_one_with_features_prices_and_trial(client, merchant):
    plan = await create_plan(
        client,
        merchant,
        planName="Pro",
        planDescription="For growing teams",
        monthlyPrice=2900,
        yearlyPrice=29000,
        hasYearlyPrice=True,
        commitMessage="First version",
        newFeatures=[{"featureName": "SSO", "slug": "sso", "isUsageBased": False}],
    )
    assert set(plan) == PLAN_FIELDS | {"features", "prices", "trial"}
    assert plan["id"].startswith("plan_")
    assert plan["stablePlanId"] == plan["id"]
    assert plan["versionNumber"] == 1
    assert plan["isCurrentVersion"] is True
    assert plan["commitMessage"] == "First version"
    assert plan["merchantId"] == merchant.id
    assert plan["currency"] == "USD"
    assert plan["buttonText"] == "Get started"
    assert plan["isVisibleInPricingTable"] is False
    assert ISO.fullmatch(plan["createdAt"]) and ISO.fullmatch(plan["updatedAt"])
    assert [f["slug"] for f in plan["features"]] == ["sso"]
    assert plan["features"][0]["featureType"] == "boolean"
    assert plan["features"][0]["featureValue"] is True
    assert [p["pricingData"] for p in plan["prices"]] == [
        fixed_price_data(2900, "month"),
        fixed_price_data(29000, "year"),
    ]
    assert all(p["planId"] == plan["id"] for p in plan["prices"])
    assert plan["trial"] == {
        "enabled": False,
        "days": None,
        "creditOverrides": [],
        "withoutCard": False,
    }
    stored = await Plan.get(id=plan["id"])
    assert (stored.merchant_id, stored.stable_plan_id, stored.is_current) == (
        merchant.id,
        plan["id"],
        True,
    )


async def test_list_shows_current_versions_only_and_includes_on_request(client, merchant):
    first = await create_plan(client, merchant, planName="Basic", monthlyPrice=900)
    second = await create_plan(
        client,
        merchant,
        planName="Team",
        monthlyPrice=4900,
        trial={"enabled": True, "days": 14},
        newFeatures=[{"featureName": "Audit log", "slug": "audit-log", "isUsageBased": False}],
    )
    response = await client.post(
        f"/v1/plans/{first['id']}", json={"planName": "Basic v2"}, headers=merchant.headers
    )
    assert response.status_code == 201
    status, body = await get(client, merchant, "/v1/plans")
    assert status == 200
    assert [(p["planName"], p["versionNumber"]) for p in body["plans"]] == [
        ("Team", 1),
        ("Basic v2", 2),
    ]
    assert all(set(p) == PLAN_FIELDS for p in body["plans"])
    query = "includeFeatures=true&includePrices=1&includeTrials=true"
    status, body = await get(client, merchant, f"/v1/plans?{query}")
    team = body["plans"][0]
    assert team["id"] == second["id"]
    assert [f["slug"] for f in team["features"]] == ["audit-log"]
    assert [p["pricingData"] for p in team["prices"]] == [fixed_price_data(4900, "month")]
    assert team["trial"] == {
        "enabled": True,
        "days": 14,
        "creditOverrides": [],
        "withoutCard": False,
    }


async def test_list_is_empty_for_a_new_merchant_and_refuses_bad_flags(client, merchant):
    assert await get(client, merchant, "/v1/plans") == (200, {"plans": []})
    status, body = await get(client, merchant, "/v1/plans?includeFeatures=maybe")
    assert status == 400
    assert body == {"error": "Query parameter 'includeFeatures' must be true or false"}


async def test_read_by_version_id_and_by_stable_id(client, merchant):
    plan = await create_plan(client, merchant, planName="Pro", monthlyPrice=1000)
    response = await client.post(
        f"/v1/plans/{plan['id']}", json={"commitMessage": "v2"}, headers=merchant.headers
    )
    version = await response.get_json()
    status, old = await get(client, merchant, f"/v1/plans/{plan['id']}")
    assert status == 200
    assert (old["versionNumber"], old["isCurrentVersion"]) == (1, False)
    assert set(old) == PLAN_FIELDS
    status, current = await get(client, merchant, f"/v1/plans/{plan['id']}?isStableId=true")
    assert (current["id"], current["versionNumber"]) == (version["id"], 2)
    status, current = await get(
        client, merchant, f"/v1/plans/{version['id']}?includeFeatures=true&includePrices=true"
    )
    assert current["features"] == []
    assert [p["clonedFromPriceId"] for p in current["prices"]] == [plan["prices"][0]["id"]]
    # a version id is not a stable id
    assert await get(client, merchant, f"/v1/plans/{version['id']}?isStableId=true") == (
        404,
        NOT_FOUND,
    )


@pytest.mark.parametrize("plan_id", ["plan_missing", "plan_" + "a" * 22, "feat_" + "a" * 22])
async def test_read_unknown_plan_is_404(client, merchant, plan_id):
    assert await get(client, merchant, f"/v1/plans/{plan_id}") == (404, NOT_FOUND)


async def test_delete_soft_deletes_versions_links_prices_and_table_entries(client, merchant):
    plan = await create_plan(
        client,
        merchant,
        planName="Doomed",
        monthlyPrice=500,
        showInPricingTable=True,
        newFeatures=[{"featureName": "API", "slug": "api", "isUsageBased": False}],
    )
    await client.post(f"/v1/plans/{plan['id']}", json={}, headers=merchant.headers)
    other = await create_plan(client, merchant, planName="Stays", showInPricingTable=True)
    current = (await get(client, merchant, f"/v1/plans/{plan['id']}?isStableId=true"))[1]
    response = await client.delete(f"/v1/plans/{current['id']}", headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == {"success": True, "message": "Plan deleted (2 versions)"}
    versions = await Plan.filter(stable_plan_id=plan["id"])
    assert len(versions) == 2 and all(v.deleted_at is not None for v in versions)
    version_ids = [v.id for v in versions]
    assert not await PlanFeature.filter(plan_id__in=version_ids, deleted_at=None).exists()
    assert not await Price.filter(plan_id__in=version_ids, deleted_at=None).exists()
    entries = await PricingTablePlan.filter(merchant_id=merchant.id, deleted_at=None)
    assert [entry.stable_plan_id for entry in entries] == [other["id"]]
    assert await Feature.scoped(merchant.id).filter(slug="api").exists()  # features stay
    for path in (f"/v1/plans/{plan['id']}", f"/v1/plans/{current['id']}"):
        assert await get(client, merchant, path) == (404, NOT_FOUND)
    assert [p["id"] for p in (await get(client, merchant, "/v1/plans"))[1]["plans"]] == [
        other["id"]
    ]
    again = await client.delete(f"/v1/plans/{plan['id']}", headers=merchant.headers)
    assert (again.status_code, await again.get_json()) == (404, NOT_FOUND)


async def test_toggle_visibility_in_place_and_adds_to_default_table(client, merchant):
    plan = await create_plan(client, merchant, planName="Pro", monthlyPrice=1000)
    path = f"/v1/plans/{plan['id']}/toggle-pricing-table-visibility"
    response = await client.post(path, json={"isVisible": True}, headers=merchant.headers)
    assert response.status_code == 200
    body = await response.get_json()
    assert body["success"] is True
    assert body["message"] == "Plan shown in pricing tables"
    assert body["plan"]["id"] == plan["id"]
    assert body["plan"]["isVisibleInPricingTable"] is True
    assert body["plan"]["versionNumber"] == 1
    table = await PricingTable.get(merchant_id=merchant.id, is_default=True)
    entries = await PricingTablePlan.filter(pricing_table_id=table.id, deleted_at=None)
    assert [entry.stable_plan_id for entry in entries] == [plan["id"]]
    response = await client.post(path, json={"isVisible": False}, headers=merchant.headers)
    body = await response.get_json()
    assert body["message"] == "Plan hidden from pricing tables"
    assert body["plan"]["isVisibleInPricingTable"] is False
    assert await Plan.filter(stable_plan_id=plan["id"]).count() == 1
    response = await client.post(path, json={"isVisible": "yes"}, headers=merchant.headers)
    assert response.status_code == 400


async def test_toggle_on_an_old_version_changes_the_current_one(client, merchant):
    plan = await create_plan(client, merchant, planName="Pro")
    response = await client.post(f"/v1/plans/{plan['id']}", json={}, headers=merchant.headers)
    version = await response.get_json()
    response = await client.post(
        f"/v1/plans/{plan['id']}/toggle-pricing-table-visibility",
        json={"isVisible": True},
        headers=merchant.headers,
    )
    assert (await response.get_json())["plan"]["id"] == version["id"]
    assert (await Plan.get(id=plan["id"])).is_visible_in_pricing_table is False


async def test_has_plans_turns_true_with_a_live_plan(client, merchant):
    async def has_plans() -> bool:
        response = await client.get("/v1/merchants/checkonboarding", headers=merchant.headers)
        return (await response.get_json())["hasPlans"]

    assert await has_plans() is False
    plan = await create_plan(client, merchant, planName="Starter")
    assert await has_plans() is True
    await client.delete(f"/v1/plans/{plan['id']}", headers=merchant.headers)
    assert await has_plans() is False


async def test_another_merchants_plan_answers_as_missing_everywhere(client, make_merchant):
    alice = await make_merchant()
    bob = await make_merchant()
    plan = await create_plan(client, alice, planName="Alice's", monthlyPrice=100)
    pid = plan["id"]
    calls = [
        ("GET", f"/v1/plans/{pid}", None),
        ("GET", f"/v1/plans/{pid}?isStableId=true", None),
        ("POST", f"/v1/plans/{pid}", {"planName": "stolen"}),
        ("POST", f"/v1/plans/{pid}?isStableId=true", {}),
        ("POST", f"/v1/plans/{pid}/edit", {"planName": "stolen"}),
        ("POST", f"/v1/plans/{pid}/toggle-pricing-table-visibility", {"isVisible": True}),
        (
            "POST",
            f"/v1/plans/{pid}/migrate",
            {"strategy": "immediate", "fromVersion": 1, "toVersion": 2},
        ),
        ("GET", f"/v1/plans/{pid}/compare?fromVersion=1&toVersion=1", None),
        ("GET", f"/v1/plans/{pid}/scheduled-migrations", None),
        ("GET", f"/v1/plans/{pid}/incoming-migrations", None),
        ("DELETE", f"/v1/plans/{pid}", None),
    ]
    for method, path, body in calls:
        response = await client.open(path, method=method, json=body, headers=bob.headers)
        assert response.status_code == 404, (method, path)
        assert await response.get_json() == NOT_FOUND
    assert (await get(client, bob, "/v1/plans"))[1] == {"plans": []}
    stored = await Plan.filter(stable_plan_id=pid)
    assert [(p.plan_name, p.deleted_at, p.is_visible_in_pricing_table) for p in stored] == [
        ("Alice's", None, False)
    ]


async def test_feature_ids_of_another_merchant_are_refused(client, make_merchant):
    alice = await make_merchant()
    bob = await make_merchant()
    feature = await Feature.create(merchant_id=alice.id, slug="secret", display_name="Secret")
    response = await client.post(
        "/v1/plans", json={"planName": "X", "featureIds": [feature.id]}, headers=bob.headers
    )
    assert response.status_code == 400
    assert await response.get_json() == {
        "error": "One or more feature IDs are invalid or do not belong to this merchant"
    }
    assert not await Plan.filter(merchant_id=bob.id).exists()
