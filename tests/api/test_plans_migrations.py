"""/v1/plans/{id}/compare, /migrate, /scheduled-migrations and /incoming-migrations.

Migrations that move subscribers: tests/api/test_subscription_changes_migrations.py.
"""

import pytest

from billing.catalog.models import Feature, PlanFeature
from billing.subscriptions.models import PlanMigration
from tests.support.api.plans import NOT_FOUND, create_plan
from tests.support.api.plans_migrations import migrate, price_of
from tests.support.api.plans_versions import edit, new_version


async def compare(client, merchant, plan_id, query=""):
    response = await client.get(f"/v1/plans/{plan_id}/compare{query}", headers=merchant.headers)
    return response.status_code, await response.get_json()


async def team_plan(client, merchant) -> dict:
    return await create_plan(
        client,
        merchant,
        planName="Team",
        monthlyPrice=4900,
        yearlyPrice=49000,
        newFeatures=[
            {"featureName": "SSO", "slug": "sso", "isUsageBased": False},
            {
                "featureName": "Builds",
                "slug": "builds",
                "isUsageBased": True,
                "hasCreditAllowance": True,
                "creditAllowanceAmount": 1000,
            },
        ],
    )


async def set_allowance(version_id: str, slug: str, amount: int) -> None:
    link = await PlanFeature.get(plan_id=version_id, feature__slug=slug)
    link.credit_allowance_amount = amount
    link.feature_value = amount
    await link.save()


async def test_metadata_only_version_recommends_immediate(client, merchant):
    plan = await team_plan(client, merchant)
    await new_version(client, merchant, plan["id"], {"planName": "Team v2"})
    status, body = await compare(client, merchant, plan["id"], "?fromVersion=1&toVersion=2")
    assert status == 200
    analysis = body["migrationAnalysis"]
    assert analysis["hasPriceChanges"] is False
    assert analysis["hasFeatureChanges"] is False
    assert analysis["hasNumericFeatureChanges"] is False
    assert analysis["recommendedStrategy"] == "immediate"
    assert (analysis["priceChanges"], analysis["featureChanges"]) == ([], [])
    # defaults: the current version against the one before it
    assert (await compare(client, merchant, plan["id"]))[1] == body


async def test_price_rise_recommends_next_billing_cycle(client, merchant):
    plan = await team_plan(client, merchant)
    status, v2 = await edit(client, merchant, plan["id"], {"monthlyPrice": 5900})
    assert status == 201
    _, body = await compare(client, merchant, v2["id"], "?fromVersion=1&toVersion=2")
    analysis = body["migrationAnalysis"]
    assert analysis["hasPriceChanges"] is True
    assert analysis["hasFeatureChanges"] is False
    assert analysis["recommendedStrategy"] == "next_billing_cycle"
    changes = {
        (c["change"], c["pricingData"]["components"][0]["amount_cents"])
        for c in analysis["priceChanges"]
    }
    assert changes == {("removed", 4900), ("added", 5900)}
    assert {c["priceId"] for c in analysis["priceChanges"]} == {
        plan["prices"][0]["id"],
        price_of(v2, 5900),
    }


async def test_added_feature_is_immediate_removed_feature_waits(client, merchant):
    plan = await team_plan(client, merchant)
    audit = await Feature.create(merchant_id=merchant.id, slug="audit", display_name="Audit")
    ids = [f["id"] for f in plan["features"]]
    await new_version(client, merchant, plan["id"], {"featureIds": [*ids, audit.id]})
    _, body = await compare(client, merchant, plan["id"], "?fromVersion=1&toVersion=2")
    analysis = body["migrationAnalysis"]
    assert analysis["hasFeatureChanges"] is True
    assert analysis["hasPriceChanges"] is False
    assert analysis["recommendedStrategy"] == "immediate"
    [change] = analysis["featureChanges"]
    assert (change["change"], change["slug"], change["before"]) == ("added", "audit", None)
    assert change["after"]["featureValue"] is True
    # going back from 2 to 1 removes it
    _, body = await compare(client, merchant, plan["id"], "?fromVersion=2&toVersion=1")
    analysis = body["migrationAnalysis"]
    assert [c["change"] for c in analysis["featureChanges"]] == ["removed"]
    assert analysis["recommendedStrategy"] == "next_billing_cycle"


@pytest.mark.parametrize(("amount", "strategy"), [(5000, "immediate"), (10, "next_billing_cycle")])
async def test_numeric_allowance_changes(client, merchant, amount, strategy):
    plan = await team_plan(client, merchant)
    _, v2 = await new_version(client, merchant, plan["id"], {})
    await set_allowance(v2["id"], "builds", amount)
    _, body = await compare(client, merchant, plan["id"], "?fromVersion=1&toVersion=2")
    analysis = body["migrationAnalysis"]
    assert analysis["hasNumericFeatureChanges"] is True
    assert analysis["hasFeatureChanges"] is False
    assert analysis["hasPriceChanges"] is False
    assert analysis["recommendedStrategy"] == strategy
    [change] = analysis["featureChanges"]
    assert change["change"] == "changed"
    assert (
        change["before"]["creditAllowanceAmount"],
        change["after"]["creditAllowanceAmount"],
    ) == (
        1000,
        amount,
    )


async def test_switch_turned_off_is_a_feature_change_that_waits(client, merchant):
    plan = await team_plan(client, merchant)
    _, v2 = await new_version(client, merchant, plan["id"], {})
    await PlanFeature.filter(plan_id=v2["id"], feature__slug="sso").update(feature_value=False)
    _, body = await compare(client, merchant, plan["id"], "?fromVersion=1&toVersion=2")
    analysis = body["migrationAnalysis"]
    assert analysis["hasFeatureChanges"] is True
    assert analysis["hasNumericFeatureChanges"] is False
    assert analysis["recommendedStrategy"] == "next_billing_cycle"


async def test_compare_errors(client, merchant):
    plan = await team_plan(client, merchant)
    status, body = await compare(client, merchant, plan["id"])
    assert (status, body) == (
        400,
        {"error": "fromVersion is required: there is no version before toVersion"},
    )
    status, body = await compare(client, merchant, plan["id"], "?fromVersion=1&toVersion=7")
    assert (status, body) == (400, {"error": "toVersion: version 7 does not exist for this plan"})
    status, body = await compare(client, merchant, plan["id"], "?fromVersion=abc")
    assert status == 400 and "fromVersion" in body["error"]
    status, body = await compare(client, merchant, plan["id"], "?fromVersion=0&toVersion=1")
    assert (status, body) == (
        400,
        {"error": "fromVersion must be a whole number from 1 to 2147483647"},
    )
    assert await compare(client, merchant, "plan_" + "n" * 22, "?fromVersion=1") == (404, NOT_FOUND)


async def test_migrate_records_and_lists_the_migration(client, merchant):
    plan = await team_plan(client, merchant)
    status, v2 = await edit(client, merchant, plan["id"], {"monthlyPrice": 5900})
    mapping = {plan["prices"][0]["id"]: price_of(v2, 5900)}
    status, body = await migrate(
        client,
        merchant,
        plan["id"],
        {
            "strategy": "next_billing_cycle",
            "fromVersion": 1,
            "toVersion": 2,
            "priceMapping": mapping,
        },
    )
    assert status == 200
    assert body["success"] is True
    assert body["scheduledCount"] == 0  # nobody subscribes to the plan (see
    # test_subscription_changes_migrations.py for migrations that move subscribers)
    assert body["message"] == (
        "Migration from version 1 to version 2: 0 subscription(s) scheduled to move"
    )
    assert body["skipped"] == []
    migration = body["migration"]
    assert migration["fromPlanId"] == plan["id"] and migration["toPlanId"] == v2["id"]
    assert (migration["fromVersion"], migration["toVersion"]) == (1, 2)
    assert (migration["strategy"], migration["status"]) == ("next_billing_cycle", "scheduled")
    assert migration["priceMapping"] == mapping
    stored = await PlanMigration.get(id=migration["id"])
    assert (stored.merchant_id, stored.stable_plan_id) == (merchant.id, plan["id"])

    response = await client.get(
        f"/v1/plans/{plan['id']}/scheduled-migrations", headers=merchant.headers
    )
    assert (response.status_code, await response.get_json()) == (
        200,
        {"scheduledMigrations": [migration]},
    )
    response = await client.get(
        f"/v1/plans/{v2['id']}/incoming-migrations", headers=merchant.headers
    )
    assert await response.get_json() == {"incomingMigrations": [migration]}
    for path in (f"/v1/plans/{v2['id']}/scheduled-migrations",):
        assert await (await client.get(path, headers=merchant.headers)).get_json() == {
            "scheduledMigrations": []
        }
    response = await client.get(
        f"/v1/plans/{plan['id']}/incoming-migrations", headers=merchant.headers
    )
    assert await response.get_json() == {"incomingMigrations": []}


async def test_migrate_by_a_version_id_and_immediate(client, merchant):
    plan = await team_plan(client, merchant)
    _, v2 = await new_version(client, merchant, plan["id"], {})
    status, body = await migrate(
        client, merchant, v2["id"], {"strategy": "immediate", "fromVersion": 2, "toVersion": 1}
    )
    assert status == 200
    assert body["migration"]["priceMapping"] == {}
    assert body["migration"]["strategy"] == "immediate"
    assert body["migration"]["status"] == "completed"


async def test_migrate_errors(client, make_merchant):
    merchant = await make_merchant()
    plan = await team_plan(client, merchant)
    _, v2 = await new_version(client, merchant, plan["id"], {})
    old_price, new_price = plan["prices"][0]["id"], v2["prices"][0]["id"]
    base = {"strategy": "immediate", "fromVersion": 1, "toVersion": 2}
    cases = [
        ({**base, "toVersion": 1}, "fromVersion and toVersion must differ"),
        ({**base, "toVersion": 3}, "toVersion: version 3 does not exist for this plan"),
        ({**base, "fromVersion": -1}, "fromVersion must be a whole number from 1 to 2147483647"),
        ({**base, "strategy": "later"}, "Invalid value for field 'strategy'"),
        ({"fromVersion": 1, "toVersion": 2}, "Missing required field 'strategy'"),
        ({**base, "priceMapping": {new_price: new_price}}, "priceMapping keys must be prices of"),
        ({**base, "priceMapping": {old_price: old_price}}, "priceMapping values must be prices"),
        ({**base, "priceMapping": {old_price: 5}}, "Invalid value for field 'priceMapping"),
    ]
    for body, error in cases:
        status, answer = await migrate(client, merchant, plan["id"], body)
        assert status == 400, body
        assert answer["error"].startswith(error), answer
    assert not await PlanMigration.filter(merchant_id=merchant.id).exists()
    assert await migrate(client, merchant, "plan_" + "m" * 22, base) == (404, NOT_FOUND)


async def test_migration_lists_need_an_existing_version(client, merchant):
    for suffix in ("scheduled-migrations", "incoming-migrations"):
        response = await client.get(f"/v1/plans/plan_nope/{suffix}", headers=merchant.headers)
        assert (response.status_code, await response.get_json()) == (404, NOT_FOUND)
