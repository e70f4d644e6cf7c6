"""POST /v1/plans: inline features and metrics, prices, seats, enterprise, trial, errors."""

import pytest

from billing.catalog.models import Feature, Metric, Plan, PlanFeature, Price, PricingTablePlan
from billing.catalog.pricing import fixed_price_data, seat_price_data
from tests.support.api.plans import create_plan
from tests.support.api.plans_create import post

INVALID_FEATURES = {
    "error": "One or more feature IDs are invalid or do not belong to this merchant"
}


async def test_usage_based_feature_gets_a_sum_metric_and_allowance(client, merchant):
    plan = await create_plan(
        client,
        merchant,
        planName="Metered",
        newFeatures=[
            {
                "featureName": "API calls",
                "slug": "api-calls",
                "isUsageBased": True,
                "eventName": "api.call",
                "usagePricePerUnit": 2,
                "hasCreditAllowance": True,
                "creditAllowanceAmount": 10000,
                "creditAllowanceRenewal": "monthly",
            }
        ],
    )
    [element] = plan["features"]
    metric = await Metric.get(merchant_id=merchant.id, event_name="api.call")
    assert (metric.aggregation_type, metric.name) == ("SUM", "API calls")
    assert element["featureType"] == "number"
    assert element["metricIds"] == [metric.id]
    assert element["featureValue"] == 10000
    assert element["isUsageBased"] is True
    assert element["usagePricePerUnit"] == 2
    assert element["hasCreditAllowance"] is True
    assert element["creditAllowanceAmount"] == 10000
    assert element["creditAllowanceRenewal"] == "monthly"
    link = await PlanFeature.get(plan_id=plan["id"])
    assert (link.usage_price_per_unit_cents, link.credit_allowance_amount) == (2, 10000)


async def test_usage_feature_reuses_the_live_metric_of_its_event(client, merchant):
    existing = await Metric.create(
        merchant_id=merchant.id, name="Seats", event_name="seat.used", aggregation_type="COUNT"
    )
    plan = await create_plan(
        client,
        merchant,
        planName="Reuse",
        newFeatures=[
            {
                "featureName": "Seats",
                "slug": "seats",
                "isUsageBased": True,
                "eventName": "seat.used",
            },
            {"featureName": "Builds", "slug": "builds", "isUsageBased": True},
        ],
    )
    assert plan["features"][0]["metricIds"] == [existing.id]
    assert await Metric.filter(merchant_id=merchant.id, event_name="seat.used").count() == 1
    # without eventName the slug is the event name
    builds = await Metric.get(merchant_id=merchant.id, event_name="builds")
    assert plan["features"][1]["metricIds"] == [builds.id]
    assert plan["features"][1]["featureValue"] == 0  # no allowance: the feature's default


async def test_existing_features_by_id_and_inline(client, merchant):
    flag = await Feature.create(merchant_id=merchant.id, slug="flag", display_name="Flag")
    limit = await Feature.create(
        merchant_id=merchant.id,
        slug="projects",
        display_name="Projects",
        feature_type="number",
        default_value=5,
    )
    plan = await create_plan(
        client,
        merchant,
        planName="Linked",
        featureIds=[flag.id, limit.id, flag.id],
        newFeatures=[
            {
                "existingFeatureId": limit.id,
                "isUsageBased": False,
                "hasCreditAllowance": True,
                "creditAllowanceAmount": 20,
            }
        ],
    )
    by_slug = {f["slug"]: f for f in plan["features"]}
    assert list(by_slug) == ["projects", "flag"]
    assert by_slug["projects"]["featureValue"] == 20
    assert by_slug["projects"]["creditAllowanceRenewal"] == "monthly"
    assert by_slug["flag"]["featureValue"] is True
    assert await Feature.filter(merchant_id=merchant.id).count() == 2  # nothing new


async def test_duplicate_slug_is_409_and_nothing_is_stored(client, merchant):
    await Feature.create(merchant_id=merchant.id, slug="taken", display_name="Taken")
    status, body = await post(
        client,
        merchant,
        {
            "planName": "Clash",
            "monthlyPrice": 100,
            "newFeatures": [
                {"featureName": "Fresh", "slug": "fresh", "isUsageBased": False},
                {"featureName": "Again", "slug": "taken", "isUsageBased": False},
            ],
        },
    )
    assert (status, body) == (409, {"error": "A feature with this slug already exists"})
    assert not await Plan.filter(merchant_id=merchant.id).exists()
    assert not await Feature.filter(merchant_id=merchant.id, slug="fresh").exists()
    assert not await Price.filter(merchant_id=merchant.id).exists()


@pytest.mark.parametrize(
    "feature_ids", [["nope"], ["feat_" + "a" * 22], ["plan_" + "a" * 22], ["feat_x", "feat_y"]]
)
async def test_invalid_feature_ids_are_400(client, merchant, feature_ids):
    status, body = await post(client, merchant, {"planName": "X", "featureIds": feature_ids})
    assert (status, body) == (400, INVALID_FEATURES)


async def test_deleted_feature_id_is_400(client, merchant):
    feature = await Feature.create(merchant_id=merchant.id, slug="old", display_name="Old")
    await feature.soft_delete()
    status, body = await post(client, merchant, {"planName": "X", "featureIds": [feature.id]})
    assert (status, body) == (400, INVALID_FEATURES)
    status, body = await post(
        client,
        merchant,
        {
            "planName": "X",
            "newFeatures": [{"existingFeatureId": feature.id, "isUsageBased": False}],
        },
    )
    assert (status, body) == (400, INVALID_FEATURES)


async def test_seat_based_prices_and_minimum_seats(client, merchant):
    plan = await create_plan(
        client,
        merchant,
        planName="Seats",
        monthlyPrice=1500,
        yearlyPrice=15000,
        isSeatBased=True,
        billImmediately=True,
        minSeats=3,
    )
    assert (plan["isSeatBased"], plan["billImmediately"], plan["minSeats"]) == (True, True, 3)
    assert [p["pricingData"] for p in plan["prices"]] == [
        seat_price_data(1500, "month", bill_immediately=True),
        seat_price_data(15000, "year", bill_immediately=True),
    ]


async def test_yearly_price_rules(client, merchant):
    # hasYearlyPrice false ignores a stale yearlyPrice; yearlyPrice alone makes one
    plan = await create_plan(
        client, merchant, planName="A", monthlyPrice=100, yearlyPrice=1000, hasYearlyPrice=False
    )
    assert [p["pricingData"] for p in plan["prices"]] == [fixed_price_data(100, "month")]
    plan = await create_plan(client, merchant, planName="B", yearlyPrice=1000)
    assert [p["pricingData"] for p in plan["prices"]] == [fixed_price_data(1000, "year")]
    status, body = await post(client, merchant, {"planName": "C", "hasYearlyPrice": True})
    assert (status, body) == (400, {"error": "yearlyPrice is required when hasYearlyPrice is true"})


async def test_free_and_priceless_plans(client, merchant):
    free = await create_plan(client, merchant, planName="Free", monthlyPrice=0)
    assert [p["pricingData"] for p in free["prices"]] == [fixed_price_data(0, "month")]
    bare = await create_plan(client, merchant, planName="Later")
    assert bare["prices"] == []


async def test_currency_defaults_to_the_merchants_and_is_normalised(client, merchant):
    plan = await create_plan(client, merchant, planName="Euro", currency="eur", monthlyPrice=1)
    assert plan["currency"] == "EUR"
    assert plan["prices"][0]["currency"] == "EUR"
    status, body = await post(client, merchant, {"planName": "X", "currency": "XXQ"})
    assert status == 400
    assert body == {"error": "currency must be a three-letter ISO 4217 currency code"}


async def test_enterprise_plan_without_pricing(client, merchant):
    plan = await create_plan(
        client,
        merchant,
        planName="Enterprise",
        isEnterprisePlan=True,
        enterpriseButtonText="Talk to us",
        enterpriseRedirectUrl="https://example.com/sales",
    )
    assert plan["isEnterprisePlan"] is True
    assert plan["buttonText"] == "Talk to us"
    assert plan["enterpriseRedirectUrl"] == "https://example.com/sales"
    assert plan["prices"] == []
    default = await create_plan(client, merchant, planName="Big", isEnterprisePlan=True)
    assert default["buttonText"] == "Contact sales"
    status, body = await post(
        client, merchant, {"planName": "E", "isEnterprisePlan": True, "monthlyPrice": 100}
    )
    assert status == 400
    assert body == {
        "error": "An enterprise plan has no prices: leave out monthlyPrice and yearlyPrice"
    }


async def test_show_in_pricing_table_adds_to_the_default_table(client, merchant):
    plan = await create_plan(client, merchant, planName="Shown", showInPricingTable=True)
    assert plan["isVisibleInPricingTable"] is True
    entry = await PricingTablePlan.get(merchant_id=merchant.id, stable_plan_id=plan["id"])
    table = await entry.pricing_table
    assert (table.is_default, table.slug) == (True, "pricing")


async def test_trial_with_credit_overrides_by_id_and_slug(client, merchant):
    plan = await create_plan(
        client,
        merchant,
        planName="Trial",
        monthlyPrice=1000,
        newFeatures=[
            {"featureName": "Credits", "slug": "credits", "isUsageBased": True},
            {"featureName": "Exports", "slug": "exports", "isUsageBased": True},
        ],
        trial={
            "enabled": True,
            "days": 30,
            "creditOverrides": [{"slug": "credits", "amount": 500}],
        },
    )
    credits_id = plan["features"][0]["id"]
    assert plan["trial"] == {
        "enabled": True,
        "days": 30,
        "creditOverrides": [{"featureId": credits_id, "amount": 500}],
        "withoutCard": False,
    }
    stored = await Plan.get(id=plan["id"])
    assert (stored.trial_enabled, stored.trial_days) == (True, 30)
