"""POST /v1/plans/{id}/migrate moving subscribers: immediate, next_billing_cycle (applied by
run_due), the price mapping and its fallback, skipped subscriptions, overrides kept."""

from datetime import timedelta

from billing.catalog.models import Feature, PlanFeature
from billing.due_work import run_due
from billing.subscriptions.models import Subscription, SubscriptionEvent
from tests.support.api.plans import create_plan
from tests.support.api.plans_migrations import migrate, price_of
from tests.support.api.plans_versions import edit
from tests.support.factories.subscriptions import make_customer


def price_by_interval(plan: dict, rule_start: str) -> str:
    [price_id] = [
        p["id"]
        for p in plan["prices"]
        if p["pricingData"]["components"][0]["recurrence_rule"].startswith(rule_start)
    ]
    return price_id


async def plan_with_v2(client, merchant) -> tuple[dict, dict]:
    """Team v1 (49/month, 490/year, SSO) and v2 (59/month, 490/year, SSO + Audit)."""
    plan = await create_plan(
        client,
        merchant,
        planName="Team",
        monthlyPrice=4900,
        yearlyPrice=49000,
        newFeatures=[{"featureName": "SSO", "slug": "sso", "isUsageBased": False}],
    )
    status, v2 = await edit(client, merchant, plan["id"], {"monthlyPrice": 5900})
    assert status == 201, v2
    audit = await Feature.create(merchant_id=merchant.id, slug="audit", display_name="Audit")
    link = PlanFeature(merchant_id=merchant.id, plan_id=v2["id"], feature_id=audit.id)
    link.feature_value = True
    await link.save()
    return plan, v2


async def subscribe_api(client, merchant, plan_id: str, price_id: str) -> dict:
    customer = await make_customer(merchant.id)
    response = await client.post(
        "/v1/subscriptions",
        json={"customerId": customer.id, "planId": plan_id, "effectivePriceId": price_id},
        headers=merchant.headers,
    )
    assert response.status_code == 201, await response.get_json()
    return (await response.get_json())["subscription"]


async def live(client, merchant, stable_id: str) -> dict:
    response = await client.get(
        f"/v1/subscriptions/{stable_id}?includeFeatures=true", headers=merchant.headers
    )
    assert response.status_code == 200
    return await response.get_json()


def slugs(subscription: dict) -> set[tuple[str, str]]:
    return {(f["feature"]["slug"], f["source"]) for f in subscription["subscriptionFeatures"]}


async def test_immediate_moves_every_live_subscriber(client, merchant):
    plan, v2 = await plan_with_v2(client, merchant)
    v1_monthly, v1_yearly = price_of(plan, 4900), price_of(plan, 49000)
    monthly = await subscribe_api(client, merchant, plan["id"], v1_monthly)
    yearly = await subscribe_api(client, merchant, plan["id"], v1_yearly)
    paused = await subscribe_api(client, merchant, plan["id"], v1_monthly)
    ended = await subscribe_api(client, merchant, plan["id"], v1_monthly)
    await client.post(f"/v1/subscriptions/{paused['id']}/pause", headers=merchant.headers)
    await client.delete(f"/v1/subscriptions/{ended['id']}", headers=merchant.headers)
    other_plan = await create_plan(client, merchant, planName="Solo", monthlyPrice=900)
    bystander = await subscribe_api(
        client, merchant, other_plan["id"], other_plan["prices"][0]["id"]
    )

    status, body = await migrate(
        client,
        merchant,
        plan["id"],
        {
            "strategy": "immediate",
            "fromVersion": 1,
            "toVersion": 2,
            "priceMapping": {v1_monthly: price_of(v2, 5900)},
        },
    )
    assert status == 200, body
    assert (body["success"], body["scheduledCount"], body["skipped"]) == (True, 3, [])
    assert body["message"] == "Migration from version 1 to version 2: 3 subscription(s) moved"
    assert body["migration"]["status"] == "completed"

    expected_prices = {
        monthly["id"]: price_of(v2, 5900),  # mapped
        yearly["id"]: price_by_interval(v2, "FREQ=YEARLY"),  # same interval fallback
        paused["id"]: price_of(v2, 5900),
    }
    for stable_id, price_id in expected_prices.items():
        moved = await live(client, merchant, stable_id)
        assert (moved["stableSubscriptionId"], moved["versionNumber"]) == (stable_id, 2)
        assert (moved["planId"], moved["effectivePriceId"]) == (v2["id"], price_id)
        assert slugs(moved) == {("sso", "plan"), ("audit", "plan")}
        old = await Subscription.get(id=stable_id)
        assert old.deleted_at is not None
        assert await SubscriptionEvent.filter(stable_subscription_id=stable_id, kind="migrated")
    assert (await live(client, merchant, paused["id"]))["status"] == "paused"
    assert (await live(client, merchant, bystander["id"]))["versionNumber"] == 1
    assert await Subscription.filter(stable_subscription_id=ended["id"]).count() == 1
    response = await client.get("/v1/subscriptions/mrr", headers=merchant.headers)
    mrr = (await response.get_json())["mrr"]
    assert mrr["amount_cents"] == 5900 + round(49000 / 12) + 900


async def test_unmatched_price_is_skipped_and_reported(client, merchant):
    plan, v2 = await plan_with_v2(client, merchant)
    yearly = await subscribe_api(client, merchant, plan["id"], price_of(plan, 49000))
    response = await client.delete(
        f"/v1/prices/{price_by_interval(v2, 'FREQ=YEARLY')}", headers=merchant.headers
    )
    assert response.status_code == 200
    status, body = await migrate(
        client, merchant, plan["id"], {"strategy": "immediate", "fromVersion": 1, "toVersion": 2}
    )
    assert status == 200
    assert body["scheduledCount"] == 0
    [skipped] = body["skipped"]
    assert skipped["subscriptionId"] == yearly["id"]
    assert "priceMapping" in skipped["reason"]
    assert body["message"].endswith("1 skipped (no matching price)")
    assert (await live(client, merchant, yearly["id"]))["versionNumber"] == 1


async def test_next_billing_cycle_schedules_then_run_due_moves(client, merchant):
    plan, v2 = await plan_with_v2(client, merchant)
    subs = [
        await subscribe_api(client, merchant, plan["id"], price_of(plan, 4900)) for _ in range(2)
    ]
    status, body = await migrate(
        client,
        merchant,
        plan["id"],
        {"strategy": "next_billing_cycle", "fromVersion": 1, "toVersion": 2},
    )
    assert (status, body["scheduledCount"], body["migration"]["status"]) == (200, 2, "scheduled")
    assert body["message"].endswith("2 subscription(s) scheduled to move")
    for sub in subs:
        response = await client.get(
            f"/v1/subscriptions/{sub['id']}/scheduled-changes", headers=merchant.headers
        )
        [change] = (await response.get_json())["scheduledChanges"]
        assert change["newPlan"] == {"id": v2["id"]}
        assert change["newPrice"] == {"id": price_of(v2, 5900)}
        assert change["effectiveDate"] == sub["currentPeriodEnd"]
        assert change["planMigrationId"] == body["migration"]["id"]
        assert (await live(client, merchant, sub["id"]))["versionNumber"] == 1

    period_end = await Subscription.get(id=subs[0]["id"]).values_list(
        "current_period_end", flat=True
    )
    await run_due(now=period_end - timedelta(seconds=1), merchant_id=merchant.id)
    assert (await live(client, merchant, subs[0]["id"]))["versionNumber"] == 1
    await run_due(now=period_end + timedelta(seconds=1), merchant_id=merchant.id)
    for sub in subs:
        moved = await live(client, merchant, sub["id"])
        assert (moved["versionNumber"], moved["planId"]) == (2, v2["id"])
        response = await client.get(
            f"/v1/subscriptions/{sub['id']}/scheduled-changes", headers=merchant.headers
        )
        assert (await response.get_json())["scheduledChanges"] == []


async def test_feature_overrides_survive_a_migration(client, merchant):
    plan, v2 = await plan_with_v2(client, merchant)
    sub = await subscribe_api(client, merchant, plan["id"], price_of(plan, 4900))
    sso = next(f for f in plan["features"] if f["slug"] == "sso")
    response = await client.post(
        f"/v1/subscriptions/feature-overrides/{sub['id']}",
        json={"featureIds": [sso["id"]]},
        headers=merchant.headers,
    )
    assert response.status_code == 200
    status, body = await migrate(
        client, merchant, plan["id"], {"strategy": "immediate", "fromVersion": 1, "toVersion": 2}
    )
    assert (status, body["scheduledCount"]) == (200, 1)
    moved = await live(client, merchant, sub["id"])
    assert (moved["versionNumber"], moved["planId"]) == (3, v2["id"])
    assert slugs(moved) == {("sso", "override")}
