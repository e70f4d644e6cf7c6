"""/v1/pricing-tables: every row, its errors, display order and tenant isolation."""

import pytest

from billing.catalog.models import Plan, PricingTable, PricingTablePlan
from billing.core.models import utcnow
from tests.support.api.pricing_tables import (
    MISSING_ENTRY,
    MISSING_TABLE,
    TABLE_404,
    create,
    create_table,
    plan_names,
    read,
)
from tests.support.factories.catalog import make_plan, new_version

TABLE_FIELDS = {
    "id",
    "name",
    "slug",
    "isDefault",
    "isActive",
    "pricingTablePlans",
    "createdAt",
    "updatedAt",
}
DETAILED_FIELDS = TABLE_FIELDS | {"currency", "plans"}
BAD_PLAN_IDS = {"error": "One or more plan IDs are invalid or do not belong to this merchant"}


async def test_list_starts_empty_and_shows_only_own_tables(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    response = await client.get("/v1/pricing-tables", headers=alice.headers)
    assert response.status_code == 200
    assert await response.get_json() == {"pricingTables": []}
    plan = await make_plan(alice.id, name="Pro", monthly_cents=2900)
    await create_table(client, alice, planIds=[plan.id])
    await create_table(client, bob, name="Bob's")
    body = await (await client.get("/v1/pricing-tables", headers=alice.headers)).get_json()
    [table] = body["pricingTables"]
    assert set(table) == TABLE_FIELDS
    assert (table["name"], table["slug"], table["isDefault"], table["isActive"]) == (
        "Main",
        "main",
        False,
        True,
    )
    [entry] = table["pricingTablePlans"]
    assert entry["planId"] == entry["stablePlanId"] == plan.id
    assert entry["id"].startswith("ptplan_") and entry["displayOrder"] is None
    assert table["createdAt"].endswith("Z")


async def test_list_puts_the_default_table_first(client, merchant):
    await create_table(client, merchant, name="First", slug="first")
    second = await create_table(client, merchant, name="Second", slug="second")
    await client.post(
        f"/v1/pricing-tables/{second['id']}", json={"isDefault": True}, headers=merchant.headers
    )
    body = await (await client.get("/v1/pricing-tables", headers=merchant.headers)).get_json()
    assert [t["name"] for t in body["pricingTables"]] == ["Second", "First"]


async def test_create_answers_the_detailed_table_and_stores_it(client, merchant):
    pro = await make_plan(
        merchant.id, name="Pro", monthly_cents=2900, yearly_cents=29000, features=[("SSO", True)]
    )
    response = await create(client, merchant, name=" Main ", slug="main", planIds=[pro.id])
    assert response.status_code == 201
    table = (await response.get_json())["pricingTable"]
    assert set(table) == DETAILED_FIELDS
    assert table["name"] == "Main" and table["currency"] == "USD"
    [plan] = table["plans"]
    assert plan["id"] == plan["stablePlanId"] == pro.id
    assert plan["name"] == "Pro" and plan["versionNumber"] == 1
    assert [f["slug"] for f in plan["features"]] == ["sso"]
    assert plan["features"][0]["featureValue"] is True
    assert plan["price"]["pricingData"]["components"][0]["amount_cents"] == 2900
    assert len(plan["prices"]) == 2
    stored = await PricingTable.get(id=table["id"])
    assert (stored.merchant_id, stored.slug, stored.is_active) == (merchant.id, "main", True)
    entries = await PricingTablePlan.filter(pricing_table_id=stored.id)
    assert [e.stable_plan_id for e in entries] == [pro.id]


async def test_create_accepts_version_or_stable_ids_once_each(client, merchant):
    v1 = await make_plan(merchant.id, name="Pro", monthly_cents=2900)
    v2 = await new_version(v1, plan_name="Pro 2")
    table = await create_table(client, merchant, planIds=[v1.id, v2.id, v1.id])
    [entry] = table["pricingTablePlans"]
    assert (entry["planId"], entry["stablePlanId"]) == (v2.id, v1.id)
    assert [plan["name"] for plan in table["plans"]] == ["Pro 2"]


@pytest.mark.parametrize(
    "body",
    [
        {"slug": "main"},
        {"name": "", "slug": "main"},
        {"name": "Main"},
        {"name": "Main", "slug": ""},
        {"name": "Main", "slug": "Main"},
        {"name": "Main", "slug": "two words"},
        {"name": "Main", "slug": "-main"},
        {"name": "Main", "slug": "a" * 101},
        {"name": "Main", "slug": 5},
        {"name": "Main", "slug": "main", "planIds": "plan_x"},
    ],
)
async def test_create_refuses_bad_input(client, merchant, body):
    response = await client.post("/v1/pricing-tables", json=body, headers=merchant.headers)
    assert response.status_code == 400
    assert isinstance((await response.get_json())["error"], str)
    assert not await PricingTable.filter(merchant_id=merchant.id, slug="main").exists()


async def test_create_refuses_foreign_deleted_or_unknown_plans(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    own = await make_plan(alice.id, name="Own", monthly_cents=100)
    foreign = await make_plan(bob.id, name="Foreign", monthly_cents=100)
    deleted = await make_plan(alice.id, name="Gone", monthly_cents=100)
    await Plan.filter(id=deleted.id).update(deleted_at=utcnow())
    for bad in (foreign.id, deleted.id, "plan_" + "0" * 22, "nonsense"):
        response = await create(client, alice, planIds=[own.id, bad])
        assert response.status_code == 400
        assert await response.get_json() == BAD_PLAN_IDS
    assert not await PricingTable.filter(merchant_id=alice.id).exists()


async def test_slugs_are_unique_per_merchant_among_live_tables(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    first = await create_table(client, alice)
    response = await create(client, alice, name="Other")
    assert response.status_code == 409
    assert await response.get_json() == {"error": "A pricing table with this slug already exists"}
    await create_table(client, bob)  # another merchant may use the same slug
    await client.delete(f"/v1/pricing-tables/{first['id']}", headers=alice.headers)
    await create_table(client, alice)  # a deleted table's slug is free again


async def test_read_orders_by_price_with_explicit_order_first_and_enterprise_last(client, merchant):
    plans = [
        await make_plan(merchant.id, name="Enterprise", enterprise=True),
        await make_plan(merchant.id, name="Pro", monthly_cents=4900),
        await make_plan(merchant.id, name="Starter", monthly_cents=900),
        await make_plan(merchant.id, name="Annual only", yearly_cents=12000),  # 1000 a month
        await make_plan(merchant.id, name="Basic", monthly_cents=900),  # tie with Starter
        await make_plan(merchant.id, name="Free"),  # no price: after the priced ones
    ]
    table = await create_table(client, merchant, planIds=[p.id for p in plans])
    assert await plan_names(client, merchant, table["id"]) == [
        "Basic",
        "Starter",
        "Annual only",
        "Pro",
        "Free",
        "Enterprise",
    ]
    entries = {e["planId"]: e["id"] for e in table["pricingTablePlans"]}
    for plan, order in ((plans[0], 0), (plans[1], 1)):
        response = await client.post(
            f"/v1/pricing-tables/plans/{entries[plan.id]}",
            json={"displayOrder": order},
            headers=merchant.headers,
        )
        assert response.status_code == 200
    names = await plan_names(client, merchant, table["id"])
    assert names == ["Enterprise", "Pro", "Basic", "Starter", "Annual only", "Free"]
    listed = await (await client.get("/v1/pricing-tables", headers=merchant.headers)).get_json()
    order = [e["planId"] for e in listed["pricingTables"][0]["pricingTablePlans"]]
    assert order[:2] == [plans[0].id, plans[1].id]


async def test_read_shows_current_versions_and_never_deleted_plans(client, merchant):
    pro = await make_plan(merchant.id, name="Pro", monthly_cents=2900)
    gone = await make_plan(merchant.id, name="Gone", monthly_cents=100)
    hidden = await make_plan(merchant.id, name="Hidden", monthly_cents=500, visible=False)
    table = await create_table(client, merchant, planIds=[pro.id, gone.id, hidden.id])
    await new_version(pro, plan_name="Pro v2")
    await Plan.filter(id=gone.id).update(deleted_at=utcnow())
    body = await (await read(client, merchant, table["id"])).get_json()
    plans = body["pricingTable"]["plans"]
    assert [(p["name"], p["versionNumber"]) for p in plans] == [("Hidden", 1), ("Pro v2", 2)]
    assert plans[0]["isVisibleInPricingTable"] is False  # the merchant still sees it here
    assert [e["stablePlanId"] for e in body["pricingTable"]["pricingTablePlans"]] == [
        hidden.id,
        pro.id,
    ]


@pytest.mark.parametrize("table_id", [MISSING_TABLE, "nonsense", "ptbl_" + "x" * 300])
async def test_read_unknown_table_is_404(client, merchant, table_id):
    response = await read(client, merchant, table_id)
    assert response.status_code == 404
    assert await response.get_json() == TABLE_404


async def test_another_merchants_table_answers_like_a_missing_one(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    table = await create_table(client, alice)
    paths = [
        ("get", f"/v1/pricing-tables/{table['id']}", None),
        ("post", f"/v1/pricing-tables/{table['id']}", {"name": "Stolen"}),
        ("delete", f"/v1/pricing-tables/{table['id']}", None),
    ]
    for method, path, body in paths:
        response = await getattr(client, method)(path, json=body, headers=bob.headers)
        assert response.status_code == 404
        assert await response.get_json() == TABLE_404
    stored = await PricingTable.get(id=table["id"])
    assert (stored.name, stored.deleted_at) == ("Main", None)


async def test_update_changes_given_fields_only(client, merchant):
    table = await create_table(client, merchant)
    response = await client.post(
        f"/v1/pricing-tables/{table['id']}",
        json={"name": "Website", "slug": "website", "isActive": False},
        headers=merchant.headers,
    )
    assert response.status_code == 200
    updated = (await response.get_json())["pricingTable"]
    assert set(updated) == DETAILED_FIELDS
    assert (updated["name"], updated["slug"], updated["isActive"]) == ("Website", "website", False)
    assert updated["isDefault"] is False
    response = await client.post(
        f"/v1/pricing-tables/{table['id']}", json={"isActive": True}, headers=merchant.headers
    )
    updated = (await response.get_json())["pricingTable"]
    assert (updated["name"], updated["isActive"]) == ("Website", True)


async def test_update_moves_the_default_flag(client, merchant):
    first = await create_table(client, merchant, slug="first")
    second = await create_table(client, merchant, slug="second")
    for table in (first, second):
        response = await client.post(
            f"/v1/pricing-tables/{table['id']}", json={"isDefault": True}, headers=merchant.headers
        )
        assert (await response.get_json())["pricingTable"]["isDefault"] is True
    defaults = await PricingTable.filter(merchant_id=merchant.id, is_default=True)
    assert [t.id for t in defaults] == [second["id"]]


async def test_update_errors_change_nothing(client, merchant):
    await create_table(client, merchant, slug="taken")
    table = await create_table(client, merchant)
    path = f"/v1/pricing-tables/{table['id']}"
    response = await client.post(path, json={"slug": "taken"}, headers=merchant.headers)
    assert response.status_code == 409
    for body in ({"slug": "Bad Slug"}, {"name": " "}, {"isActive": "yes"}, [1]):
        response = await client.post(path, json=body, headers=merchant.headers)
        assert response.status_code == 400, body
    stored = await PricingTable.get(id=table["id"])
    assert (stored.name, stored.slug, stored.is_active) == ("Main", "main", True)


async def test_delete_soft_deletes_the_table_and_its_associations(client, merchant):
    plan = await make_plan(merchant.id, name="Pro", monthly_cents=2900)
    table = await create_table(client, merchant, planIds=[plan.id])
    response = await client.delete(f"/v1/pricing-tables/{table['id']}", headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == {"success": True}
    assert (await read(client, merchant, table["id"])).status_code == 404
    assert (await PricingTable.get(id=table["id"])).deleted_at is not None
    entries = await PricingTablePlan.filter(pricing_table_id=table["id"])
    assert entries and all(e.deleted_at is not None for e in entries)
    assert (await Plan.get(id=plan.id)).deleted_at is None
    response = await client.delete(f"/v1/pricing-tables/{table['id']}", headers=merchant.headers)
    assert response.status_code == 404


async def test_every_row_needs_a_secret_key(client, merchant):
    for method, path in (
        ("get", "/v1/pricing-tables"),
        ("post", "/v1/pricing-tables"),
        ("get", f"/v1/pricing-tables/{MISSING_TABLE}"),
        ("delete", f"/v1/pricing-tables/plans/{MISSING_ENTRY}"),
    ):
        response = await getattr(client, method)(path, headers=merchant.public_headers)
        assert response.status_code == 401, path
