"""/v1/pricing-tables/{id}/plans and /v1/pricing-tables/plans/{id}: a table's plan entries."""

from billing.catalog.models import PricingTablePlan
from tests.support.api.pricing_tables import (
    ENTRY_404,
    MISSING_ENTRY,
    MISSING_TABLE,
    PLAN_404,
    TABLE_404,
    create_table,
    plan_names,
)
from tests.support.factories.catalog import make_plan, new_version


async def test_add_plan_answers_the_association(client, merchant):
    v1 = await make_plan(merchant.id, name="Pro", monthly_cents=2900)
    v2 = await new_version(v1)
    table = await create_table(client, merchant)
    response = await client.post(
        f"/v1/pricing-tables/{table['id']}/plans",
        json={"planId": v1.id, "displayOrder": 3},
        headers=merchant.headers,
    )
    assert response.status_code == 201
    entry = await response.get_json()
    assert set(entry) == {"id", "planId", "stablePlanId", "displayOrder"}
    assert (entry["planId"], entry["stablePlanId"], entry["displayOrder"]) == (v2.id, v1.id, 3)
    stored = await PricingTablePlan.get(id=entry["id"])
    assert (stored.merchant_id, stored.pricing_table_id) == (merchant.id, table["id"])
    response = await client.post(
        f"/v1/pricing-tables/{table['id']}/plans", json={"planId": v2.id}, headers=merchant.headers
    )
    assert response.status_code == 409
    assert await response.get_json() == {"error": "This plan is already in the pricing table"}


async def test_add_plan_errors(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    own = await make_plan(alice.id, name="Own", monthly_cents=100)
    foreign = await make_plan(bob.id, name="Foreign", monthly_cents=100)
    table = await create_table(client, alice)
    bobs_table = await create_table(client, bob)
    path = f"/v1/pricing-tables/{table['id']}/plans"
    for plan_id in (foreign.id, "plan_" + "0" * 22, "nonsense"):
        response = await client.post(path, json={"planId": plan_id}, headers=alice.headers)
        assert (response.status_code, await response.get_json()) == (404, PLAN_404)
    for table_id in (bobs_table["id"], MISSING_TABLE):
        response = await client.post(
            f"/v1/pricing-tables/{table_id}/plans", json={"planId": own.id}, headers=alice.headers
        )
        assert (response.status_code, await response.get_json()) == (404, TABLE_404)
    for body in (
        {},
        {"planId": own.id, "displayOrder": -1},
        {"planId": own.id, "displayOrder": 1.5},
    ):
        response = await client.post(path, json=body, headers=alice.headers)
        assert response.status_code == 400, body
    assert not await PricingTablePlan.filter(pricing_table_id=table["id"]).exists()


async def test_update_plan_entry_sets_and_clears_display_order(client, merchant):
    plan = await make_plan(merchant.id, name="Pro", monthly_cents=2900)
    table = await create_table(client, merchant, planIds=[plan.id])
    entry_id = table["pricingTablePlans"][0]["id"]
    path = f"/v1/pricing-tables/plans/{entry_id}"
    response = await client.post(path, json={"displayOrder": 2}, headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == {
        "id": entry_id,
        "planId": plan.id,
        "stablePlanId": plan.id,
        "displayOrder": 2,
    }
    response = await client.post(path, json={"displayOrder": None}, headers=merchant.headers)
    assert (await response.get_json())["displayOrder"] is None
    for body in ({}, {"displayOrder": -1}, {"displayOrder": "1"}, {"displayOrder": 10**7}):
        response = await client.post(path, json=body, headers=merchant.headers)
        assert response.status_code == 400, body
    assert (await PricingTablePlan.get(id=entry_id)).display_order is None


async def test_remove_plan_entry(client, merchant):
    plan = await make_plan(merchant.id, name="Pro", monthly_cents=2900)
    table = await create_table(client, merchant, planIds=[plan.id])
    entry_id = table["pricingTablePlans"][0]["id"]
    response = await client.delete(f"/v1/pricing-tables/plans/{entry_id}", headers=merchant.headers)
    assert (response.status_code, await response.get_json()) == (200, {"success": True})
    assert await plan_names(client, merchant, table["id"]) == []
    response = await client.delete(f"/v1/pricing-tables/plans/{entry_id}", headers=merchant.headers)
    assert (response.status_code, await response.get_json()) == (404, ENTRY_404)
    # the plan can be added again after its removal
    response = await client.post(
        f"/v1/pricing-tables/{table['id']}/plans",
        json={"planId": plan.id},
        headers=merchant.headers,
    )
    assert response.status_code == 201


async def test_entries_of_other_merchants_or_deleted_tables_are_404(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    plan = await make_plan(alice.id, name="Pro", monthly_cents=2900)
    table = await create_table(client, alice, planIds=[plan.id])
    entry_id = table["pricingTablePlans"][0]["id"]
    for entry in (entry_id, MISSING_ENTRY, "nonsense"):
        path = f"/v1/pricing-tables/plans/{entry}"
        response = await client.post(path, json={"displayOrder": 1}, headers=bob.headers)
        assert (response.status_code, await response.get_json()) == (404, ENTRY_404)
        response = await client.delete(path, headers=bob.headers)
        assert (response.status_code, await response.get_json()) == (404, ENTRY_404)
    stored = await PricingTablePlan.get(id=entry_id)
    assert (stored.display_order, stored.deleted_at) == (None, None)
    await client.delete(f"/v1/pricing-tables/{table['id']}", headers=alice.headers)
    response = await client.post(
        f"/v1/pricing-tables/plans/{entry_id}", json={"displayOrder": 1}, headers=alice.headers
    )
    assert response.status_code == 404
