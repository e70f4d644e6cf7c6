"""/v1/prices: list, read and delete; foreign ids answer like missing ones."""

import pytest

from billing.catalog.models import Price
from billing.core.ids import new_id
from tests.support.api.prices import (
    MONTHLY,
    PLAN_MISSING,
    PRICE_FIELDS,
    PRICE_MISSING,
    YEARLY,
    create_ok,
    get_json,
    make_plan,
)

# --- list ---------------------------------------------------------------------------------


async def test_list_is_newest_first_and_own_only(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    plan, other = await make_plan(alice), await make_plan(alice, "Team")
    first = await create_ok(client, alice, planId=plan.id, pricingData=MONTHLY)
    second = await create_ok(client, alice, planId=other.id, pricingData=YEARLY)
    await create_ok(client, bob, planId=(await make_plan(bob)).id, pricingData=MONTHLY)
    status, body = await get_json(client, "/v1/prices", alice)
    assert status == 200
    assert [price["id"] for price in body["prices"]] == [second["id"], first["id"]]
    assert body["prices"][0] == second
    assert all(set(price) == PRICE_FIELDS for price in body["prices"])


async def test_list_of_a_new_merchant_is_empty(client, merchant):
    assert await get_json(client, "/v1/prices", merchant) == (200, {"prices": []})


async def test_list_by_plan(client, merchant):
    plan, other = await make_plan(merchant), await make_plan(merchant, "Team")
    mine = await create_ok(client, merchant, planId=plan.id, pricingData=MONTHLY)
    await create_ok(client, merchant, planId=other.id, pricingData=MONTHLY)
    status, body = await get_json(client, f"/v1/prices?planId={plan.id}", merchant)
    assert status == 200
    assert [price["id"] for price in body["prices"]] == [mine["id"]]


@pytest.mark.parametrize("query", ["planId=", "planId=%20%20"])
async def test_list_with_empty_plan_id_is_400(client, merchant, query):
    assert await get_json(client, f"/v1/prices?{query}", merchant) == (
        400,
        {"error": "Empty planId provided. Provide a planId or remove the query parameter"},
    )


async def test_list_with_missing_or_foreign_plan_is_404(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    bobs_plan = await make_plan(bob)
    await create_ok(client, bob, planId=bobs_plan.id, pricingData=MONTHLY)
    for plan_id in (bobs_plan.id, new_id("plan"), "nonsense"):
        assert await get_json(client, f"/v1/prices?planId={plan_id}", alice) == (
            404,
            {"error": PLAN_MISSING},
        )


async def test_list_hides_deleted_prices_and_prices_of_deleted_plans(client, merchant):
    plan, gone = await make_plan(merchant), await make_plan(merchant, "Gone")
    kept = await create_ok(client, merchant, planId=plan.id, pricingData=MONTHLY)
    deleted = await create_ok(client, merchant, planId=plan.id, pricingData=YEARLY)
    orphan = await create_ok(client, merchant, planId=gone.id, pricingData=MONTHLY)
    await client.delete(f"/v1/prices/{deleted['id']}", headers=merchant.headers)
    await gone.soft_delete()
    body = (await get_json(client, "/v1/prices", merchant))[1]
    assert [price["id"] for price in body["prices"]] == [kept["id"]]
    # A price of a deleted plan stays readable by id: subscriptions may still point at it.
    assert (await get_json(client, f"/v1/prices/{orphan['id']}", merchant))[0] == 200


# --- read ---------------------------------------------------------------------------------


async def test_get_answers_the_price(client, merchant):
    made = await create_ok(
        client, merchant, planId=(await make_plan(merchant)).id, pricingData=MONTHLY
    )
    assert await get_json(client, f"/v1/prices/{made['id']}", merchant) == (200, {"price": made})


async def test_get_missing_foreign_or_deleted_is_404(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    bobs = await create_ok(client, bob, planId=(await make_plan(bob)).id, pricingData=MONTHLY)
    mine = await create_ok(client, alice, planId=(await make_plan(alice)).id, pricingData=MONTHLY)
    await client.delete(f"/v1/prices/{mine['id']}", headers=alice.headers)
    for price_id in (bobs["id"], new_id("price"), mine["id"], "price_x", "%00"):
        assert await get_json(client, f"/v1/prices/{price_id}", alice) == (404, PRICE_MISSING)


# --- delete -------------------------------------------------------------------------------


async def test_delete_is_soft_and_answers_success(client, merchant):
    made = await create_ok(
        client, merchant, planId=(await make_plan(merchant)).id, pricingData=MONTHLY
    )
    response = await client.delete(f"/v1/prices/{made['id']}", headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == {"success": True}
    stored = await Price.get(id=made["id"])
    assert stored.deleted_at is not None
    assert stored.pricing_data == MONTHLY
    again = await client.delete(f"/v1/prices/{made['id']}", headers=merchant.headers)
    assert (again.status_code, await again.get_json()) == (404, PRICE_MISSING)


async def test_foreign_price_answers_like_a_missing_one(client, make_merchant):
    """GET, DELETE and clone: another merchant's id and an unknown id give the same 404 body,
    never the spec's 403, and nothing of the other merchant changes."""
    alice, bob = await make_merchant(), await make_merchant()
    bobs = await create_ok(client, bob, planId=(await make_plan(bob)).id, pricingData=MONTHLY)
    missing = new_id("price")
    for method, path, source_message in (
        ("GET", "/v1/prices/{}", PRICE_MISSING),
        ("DELETE", "/v1/prices/{}", PRICE_MISSING),
        ("POST", "/v1/prices/clone/{}", {"error": "Source price not found or access denied"}),
    ):
        answers = []
        for price_id in (bobs["id"], missing):
            response = await client.open(
                path.format(price_id), method=method, json={}, headers=alice.headers
            )
            answers.append((response.status_code, await response.get_json()))
        assert answers == [(404, source_message)] * 2
    stored = await Price.get(id=bobs["id"])
    assert stored.deleted_at is None
    assert await Price.filter(cloned_from_price_id=bobs["id"]).count() == 0
