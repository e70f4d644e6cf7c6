"""POST /v1/plans/{id} (new versions) and POST /v1/plans/{id}/edit."""

import json

import pytest

from billing.catalog.models import Feature, Plan, PlanFeature, Price
from billing.catalog.pricing import fixed_price_data, seat_price_data
from tests.support.api.plans import NOT_FOUND, create_plan
from tests.support.api.plans_versions import edit, new_version
from tests.support.factories.catalog import make_plan


def canon(data: dict) -> str:
    return json.dumps(data, sort_keys=True)


INVALID_PRICES = {"error": "One or more price IDs are invalid or do not belong to this plan"}


async def pro_plan(client, merchant) -> dict:
    return await create_plan(
        client,
        merchant,
        planName="Pro",
        planDescription="Most popular",
        monthlyPrice=2900,
        yearlyPrice=29000,
        newFeatures=[
            {"featureName": "SSO", "slug": "sso", "isUsageBased": False},
            {
                "featureName": "API calls",
                "slug": "api-calls",
                "isUsageBased": True,
                "hasCreditAllowance": True,
                "creditAllowanceAmount": 1000,
            },
        ],
    )


async def test_update_keeps_stable_id_increments_version_and_old_stays_readable(client, merchant):
    plan = await pro_plan(client, merchant)
    status, v2 = await new_version(
        client, merchant, plan["id"], {"planName": "Pro 2024", "commitMessage": "Rename"}
    )
    assert status == 201
    assert v2["id"] != plan["id"]
    assert v2["stablePlanId"] == plan["id"]
    assert (v2["versionNumber"], v2["isCurrentVersion"]) == (2, True)
    assert (v2["planName"], v2["commitMessage"]) == ("Pro 2024", "Rename")
    assert v2["planDescription"] == "Most popular"
    status, v3 = await new_version(client, merchant, plan["id"], {}, "?isStableId=true")
    assert (status, v3["versionNumber"], v3["commitMessage"]) == (201, 3, None)
    response = await client.get(f"/v1/plans/{plan['id']}", headers=merchant.headers)
    old = await response.get_json()
    assert (old["versionNumber"], old["planName"], old["isCurrentVersion"]) == (1, "Pro", False)
    rows = await Plan.filter(stable_plan_id=plan["id"]).order_by("version_number")
    assert [(r.version_number, r.is_current) for r in rows] == [(1, False), (2, False), (3, True)]
    assert rows[1].commit_message == "Rename"


async def test_omitted_prices_and_features_are_cloned(client, merchant):
    plan = await pro_plan(client, merchant)
    status, v2 = await new_version(client, merchant, plan["id"], {"commitMessage": "clone"})
    assert status == 201
    assert [p["pricingData"] for p in v2["prices"]] == [p["pricingData"] for p in plan["prices"]]
    assert [p["clonedFromPriceId"] for p in v2["prices"]] == [p["id"] for p in plan["prices"]]
    assert all(p["planId"] == v2["id"] for p in v2["prices"])
    assert not {p["id"] for p in v2["prices"]} & {p["id"] for p in plan["prices"]}
    assert v2["features"] == plan["features"]  # same features, same settings
    assert await PlanFeature.filter(plan_id=v2["id"]).count() == 2
    # the source rows are untouched
    assert await Price.filter(plan_id=plan["id"], deleted_at=None).count() == 2


async def test_given_price_and_feature_ids_replace_the_current_ones(client, merchant):
    plan = await pro_plan(client, merchant)
    extra = await Feature.create(merchant_id=merchant.id, slug="audit", display_name="Audit")
    monthly, yearly = plan["prices"]
    sso, api_calls = plan["features"]
    status, v2 = await new_version(
        client,
        merchant,
        plan["id"],
        {"priceIds": [yearly["id"]], "featureIds": [api_calls["id"], extra.id]},
    )
    assert status == 201
    assert [p["clonedFromPriceId"] for p in v2["prices"]] == [yearly["id"]]
    assert [f["slug"] for f in v2["features"]] == ["api-calls", "audit"]
    assert v2["features"][0]["creditAllowanceAmount"] == 1000  # kept its settings
    assert v2["features"][1]["featureValue"] is True
    # a price of an earlier version may come back
    status, v3 = await new_version(client, merchant, v2["id"], {"priceIds": [monthly["id"]]})
    assert status == 201
    assert [p["clonedFromPriceId"] for p in v3["prices"]] == [monthly["id"]]
    status, v4 = await new_version(client, merchant, v3["id"], {"priceIds": [], "featureIds": []})
    assert (v4["prices"], v4["features"]) == ([], [])


async def test_invalid_price_and_feature_ids(client, make_merchant):
    alice = await make_merchant()
    bob = await make_merchant()
    plan = await pro_plan(client, alice)
    other = await create_plan(client, alice, planName="Other", monthlyPrice=1)
    bobs = await create_plan(client, bob, planName="Bob's", monthlyPrice=1)
    for price_ids in (
        ["price_x"],
        [other["prices"][0]["id"]],  # another plan of the same merchant
        [bobs["prices"][0]["id"]],  # another merchant
    ):
        assert await new_version(client, alice, plan["id"], {"priceIds": price_ids}) == (
            400,
            INVALID_PRICES,
        )
    bob_feature = await Feature.create(merchant_id=bob.id, slug="b", display_name="B")
    status, body = await new_version(client, alice, plan["id"], {"featureIds": [bob_feature.id]})
    assert status == 400
    assert body["error"] == "One or more feature IDs are invalid or do not belong to this merchant"
    assert await Plan.filter(stable_plan_id=plan["id"]).count() == 1


async def test_updating_an_old_version_builds_on_the_current_one(client, merchant):
    plan = await pro_plan(client, merchant)
    await new_version(client, merchant, plan["id"], {"planName": "Renamed"})
    status, v3 = await new_version(client, merchant, plan["id"], {"commitMessage": "from v1 id"})
    assert (status, v3["versionNumber"], v3["planName"]) == (201, 3, "Renamed")


async def test_version_of_missing_plan_is_404(client, merchant):
    assert await new_version(client, merchant, "plan_" + "z" * 22, {}) == (404, NOT_FOUND)
    status, body = await new_version(client, merchant, "plan_x", {}, "?isStableId=maybe")
    assert status == 400


async def test_edit_of_metadata_is_in_place(client, merchant):
    plan = await pro_plan(client, merchant)
    sso = plan["features"][0]
    status, body = await edit(
        client,
        merchant,
        plan["id"],
        {
            "planName": "Professional",
            "planDescription": "Now better",
            "showInPricingTable": True,
            "enterpriseButtonText": "Buy now",
            "enterpriseRedirectUrl": "https://example.com/buy",
            "trial": {"enabled": True, "days": 14},
            "features": [
                {"id": sso["id"], "name": "Single sign-on"},
                {"id": plan["features"][1]["id"]},
            ],
            "monthlyPrice": 2900,  # unchanged values are no change
            "yearlyPrice": 29000,
            "hasYearlyPrice": True,
            "isSeatBased": False,
        },
    )
    assert status == 200
    assert body["id"] == plan["id"]
    assert body["versionNumber"] == 1
    assert (body["planName"], body["planDescription"]) == ("Professional", "Now better")
    assert (body["buttonText"], body["enterpriseRedirectUrl"]) == (
        "Buy now",
        "https://example.com/buy",
    )
    assert body["isVisibleInPricingTable"] is True
    assert body["trial"] == {
        "enabled": True,
        "days": 14,
        "creditOverrides": [],
        "withoutCard": False,
    }
    assert body["features"][0]["displayName"] == "Single sign-on"
    assert (await Feature.get(id=sso["id"])).display_name == "Single sign-on"
    assert await Plan.filter(stable_plan_id=plan["id"]).count() == 1
    assert [p["id"] for p in body["prices"]] == [p["id"] for p in plan["prices"]]


@pytest.mark.parametrize(
    ("change", "expected_prices"),
    [
        (
            {"monthlyPrice": 3900},
            [fixed_price_data(29000, "year"), fixed_price_data(3900, "month")],
        ),
        ({"hasYearlyPrice": False}, [fixed_price_data(2900, "month")]),
        (
            {"isSeatBased": True},
            [
                seat_price_data(2900, "month", bill_immediately=False),
                seat_price_data(29000, "year", bill_immediately=False),
            ],
        ),
    ],
)
async def test_edit_of_prices_makes_a_version(client, merchant, change, expected_prices):
    plan = await pro_plan(client, merchant)
    status, body = await edit(
        client, merchant, plan["id"], {**change, "planName": "Pro+", "commitMessage": "Prices"}
    )
    assert status == 201
    assert body["id"] != plan["id"]
    assert (body["versionNumber"], body["stablePlanId"]) == (2, plan["id"])
    assert (body["planName"], body["commitMessage"]) == ("Pro+", "Prices")
    assert sorted(canon(p["pricingData"]) for p in body["prices"]) == sorted(
        canon(data) for data in expected_prices
    )
    assert [f["id"] for f in body["features"]] == [f["id"] for f in plan["features"]]
    old = await Plan.get(id=plan["id"])
    assert (old.plan_name, old.is_current) == ("Pro", False)


async def test_edit_adding_a_yearly_price_and_changing_features_makes_a_version(client, merchant):
    plan = await create_plan(client, merchant, planName="Solo", monthlyPrice=500)
    status, body = await edit(client, merchant, plan["id"], {"hasYearlyPrice": True})
    assert (status, body) == (400, {"error": "yearlyPrice is required when hasYearlyPrice is true"})
    status, body = await edit(client, merchant, plan["id"], {"yearlyPrice": 5000})
    assert status == 201
    assert [p["pricingData"] for p in body["prices"]] == [
        fixed_price_data(500, "month"),
        fixed_price_data(5000, "year"),
    ]
    extra = await Feature.create(merchant_id=merchant.id, slug="extra", display_name="Extra")
    status, v3 = await edit(client, merchant, body["id"], {"features": [{"id": extra.id}]})
    assert (status, v3["versionNumber"]) == (201, 3)
    assert [f["slug"] for f in v3["features"]] == ["extra"]


async def test_edit_errors(client, merchant):
    plan = await create_plan(client, merchant, planName="E", isEnterprisePlan=True)
    assert await edit(client, merchant, "plan_" + "q" * 22, {"planName": "x"}) == (404, NOT_FOUND)
    status, body = await edit(client, merchant, plan["id"], {"monthlyPrice": 100})
    assert status == 400 and body["error"].startswith("An enterprise plan has no prices")
    status, body = await edit(client, merchant, plan["id"], {"features": [{"id": "feat_bad"}]})
    assert status == 400 and body["error"].startswith("One or more feature IDs")
    status, body = await edit(client, merchant, plan["id"], {"planName": ""})
    assert (status, body) == (400, {"error": "planName is required"})
    status, body = await edit(
        client, merchant, plan["id"], {"enterpriseRedirectUrl": "ftp://example.com"}
    )
    assert status == 400
    assert await Plan.filter(stable_plan_id=plan["id"]).count() == 1
    assert (await Plan.get(id=plan["id"])).plan_name == "E"


async def test_string_and_number_values_survive_a_new_version(client, merchant):
    plan = await make_plan(
        merchant.id,
        name="Support",
        monthly_cents=100,
        features=[("Support", "email"), ("Seats", 25), ("Zip code", "10001"), ("SSO", True)],
    )
    status, v2 = await new_version(client, merchant, plan.id, {"commitMessage": "copy"})
    assert status == 201
    values = {feature["slug"]: feature["featureValue"] for feature in v2["features"]}
    assert values == {"support": "email", "seats": 25, "zip-code": "10001", "sso": True}
    extra = await Feature.create(merchant_id=merchant.id, slug="x", display_name="X")
    ids = [feature["id"] for feature in v2["features"]]
    status, v3 = await new_version(client, merchant, plan.id, {"featureIds": [*ids, extra.id]})
    values = {feature["slug"]: feature["featureValue"] for feature in v3["features"]}
    assert values == {"support": "email", "seats": 25, "zip-code": "10001", "sso": True, "x": True}
