"""/v1/prices/clone, unexpected failures, the OpenAPI entries and odd input (never a 500)."""

import jsonschema_rs  # installed with schemathesis
import pytest

from billing.catalog import prices as prices_service
from billing.catalog.models import Price
from billing.core.ids import new_id
from tests.support.api.prices import (
    INVALID,
    MONTHLY,
    YEARLY,
    create,
    create_ok,
    get_json,
    make_plan,
)


async def clone(client, merchant, price_id, body=None):
    return await client.post(
        f"/v1/prices/clone/{price_id}",
        json=body if body is not None else {},
        headers=merchant.headers,
    )


# --- clone --------------------------------------------------------------------------------


async def test_clone_without_body_copies_everything(client, merchant):
    plan = await make_plan(merchant)
    source = await create_ok(
        client, merchant, planId=plan.id, pricingData=MONTHLY, currency="EUR", isOverridePrice=True
    )
    for request_body in ({}, None):
        kwargs = {} if request_body is None else {"json": request_body}
        response = await client.post(
            f"/v1/prices/clone/{source['id']}", headers=merchant.headers, **kwargs
        )
        assert response.status_code == 201, await response.get_json()
        copy = (await response.get_json())["price"]
        assert copy["id"] != source["id"]
        assert copy["clonedFromPriceId"] == source["id"]
        for field in ("planId", "currency", "pricingData", "isOverridePrice", "merchantId"):
            assert copy[field] == source[field]
    assert await get_json(client, f"/v1/prices/{source['id']}", merchant) == (
        200,
        {"price": source},
    )


async def test_clone_with_every_value_replaced_leaves_the_source_unchanged(client, merchant):
    plan, target = await make_plan(merchant), await make_plan(merchant, "Next version")
    source = await create_ok(client, merchant, planId=plan.id, pricingData=MONTHLY)
    before = await Price.get(id=source["id"])
    response = await clone(
        client,
        merchant,
        source["id"],
        {"planId": target.id, "currency": "cad", "pricingData": YEARLY, "isOverridePrice": True},
    )
    assert response.status_code == 201
    copy = (await response.get_json())["price"]
    assert (copy["planId"], copy["currency"], copy["pricingData"], copy["isOverridePrice"]) == (
        target.id,
        "CAD",
        YEARLY,
        True,
    )
    assert copy["clonedFromPriceId"] == source["id"]
    after = await Price.get(id=source["id"])
    assert (after.plan_id, after.currency, after.pricing_data, after.is_override_price) == (
        before.plan_id,
        before.currency,
        before.pricing_data,
        before.is_override_price,
    )
    assert after.updated_at == before.updated_at
    assert await get_json(client, f"/v1/prices/{source['id']}", merchant) == (
        200,
        {"price": source},
    )


async def test_clone_to_missing_or_foreign_plan_is_404(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    source = await create_ok(client, alice, planId=(await make_plan(alice)).id, pricingData=MONTHLY)
    bobs_plan = await make_plan(bob)
    for plan_id in (bobs_plan.id, new_id("plan"), "plan_?"):
        response = await clone(client, alice, source["id"], {"planId": plan_id})
        assert response.status_code == 404
        assert await response.get_json() == {"error": "Target plan not found or access denied"}
    assert await Price.filter(cloned_from_price_id=source["id"]).count() == 0


async def test_clone_when_the_source_plan_is_deleted_needs_a_target(client, merchant):
    plan, target = await make_plan(merchant), await make_plan(merchant, "New")
    source = await create_ok(client, merchant, planId=plan.id, pricingData=MONTHLY)
    await plan.soft_delete()
    response = await clone(client, merchant, source["id"])
    assert (await response.get_json()) == {"error": "Target plan not found or access denied"}
    assert (await clone(client, merchant, source["id"], {"planId": target.id})).status_code == 201


async def test_clone_validates_its_input(client, merchant):
    source = await create_ok(
        client, merchant, planId=(await make_plan(merchant)).id, pricingData=MONTHLY
    )
    bad = {"type": "flat_rate", "amount": -5, "interval": "month"}
    response = await clone(client, merchant, source["id"], {"pricingData": bad})
    assert response.status_code == 400
    assert (await response.get_json())["error"] == INVALID
    response = await clone(client, merchant, source["id"], {"currency": "ZZZ"})
    assert response.status_code == 400
    response = await clone(client, merchant, source["id"], {"isOverridePrice": "yes"})
    assert response.status_code == 400
    response = await client.post(
        f"/v1/prices/clone/{source['id']}",
        data="{",
        headers={**merchant.headers, "Content-Type": "application/json"},
    )
    assert response.status_code == 400
    assert await Price.filter(merchant_id=merchant.id).count() == 1


# --- failures, documentation and odd input ------------------------------------------------


async def test_unexpected_failures_answer_the_specs_500(client, merchant, monkeypatch):
    plan = await make_plan(merchant)
    source = await create_ok(client, merchant, planId=plan.id, pricingData=MONTHLY)

    async def broken(*args, **kwargs):
        raise RuntimeError("database went away")

    monkeypatch.setattr(prices_service, "create_price", broken)
    monkeypatch.setattr(prices_service, "clone_price", broken)
    response = await create(client, merchant, planId=plan.id, pricingData=MONTHLY)
    assert (response.status_code, await response.get_json()) == (
        500,
        {"error": "Failed to create price"},
    )
    response = await clone(client, merchant, source["id"])
    assert (response.status_code, await response.get_json()) == (
        500,
        {"error": "Failed to clone price"},
    )


async def test_every_price_route_is_documented(client):
    spec = await (await client.get("/v1/openapi.json")).get_json()
    paths = spec["paths"]
    assert set(paths["/v1/prices"]) >= {"get", "post"}
    assert set(paths["/v1/prices/{price_id}"]) >= {"get", "delete"}
    assert "post" in paths["/v1/prices/clone/{price_id}"]
    create_doc = paths["/v1/prices"]["post"]
    assert {"201", "400", "404", "500"} <= set(map(str, create_doc["responses"]))
    assert "application/json" in create_doc["requestBody"]["content"]
    assert (
        "application/json" in paths["/v1/prices/clone/{price_id}"]["post"]["requestBody"]["content"]
    )
    assert any(p["name"] == "planId" for p in paths["/v1/prices"]["get"]["parameters"])


ODD_VALUES = [None, "", "x" * 50_000, "\u0000", "\ud83d", -1, 10**40, 1e308, True, [], {"a": [1]}]
FIELDS = ("planId", "currency", "pricingData", "isOverridePrice", "unitAmountCents")
FIELDS += ("billingInterval", "pricingModel")


async def test_odd_input_never_fails(client, merchant):
    plan = await make_plan(merchant)
    source = await create_ok(client, merchant, planId=plan.id, pricingData=MONTHLY)
    bodies = [None, [], "text", 0, *({field: value for field in FIELDS} for value in ODD_VALUES)]
    bodies += [{"planId": plan.id, field: value} for field in FIELDS[1:] for value in ODD_VALUES]
    bodies += [
        {"planId": plan.id, "pricingData": {"type": "tiered", "tiers": [{"upTo": value}]}}
        for value in ODD_VALUES
    ]
    for body in bodies:
        for path in ("/v1/prices", f"/v1/prices/clone/{source['id']}"):
            response = await client.post(path, json=body, headers=merchant.headers)
            assert response.status_code < 500, (path, body, await response.get_data())
            if response.status_code >= 400:
                assert isinstance((await response.get_json())["error"], str)
    for query in ("planId=%00", "planId=" + "p" * 5000, "planId=a&planId=b", "planId=%ff"):
        response = await client.get(f"/v1/prices?{query}", headers=merchant.headers)
        assert 400 <= response.status_code < 500


async def test_prices_need_a_secret_key(client, merchant):
    for method, path in (("GET", "/v1/prices"), ("POST", "/v1/prices")):
        response = await client.open(path, method=method, json={}, headers=merchant.public_headers)
        assert response.status_code == 401
        response = await client.open(path, method=method, json={})
        assert response.status_code == 401


async def _allows(client, path: str, body) -> bool:
    """Whether the OpenAPI document's request schema for ``POST path`` allows ``body``."""
    spec = await (await client.get("/v1/openapi.json")).get_json()
    schema = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    return jsonschema_rs.validator_for({**schema, "components": spec["components"]}).is_valid(body)


async def test_a_price_of_zero_is_documented_and_made(client, merchant):
    """Free plans are sold on a price of 0 (the spec: a non-negative integer); null stands
    for a field not given, in the document as in the answer."""
    plan = await make_plan(merchant)
    body = {"planId": plan.id, "unitAmountCents": 0, "pricingData": None, "currency": None}
    assert await _allows(client, "/v1/prices", body)
    price = await create_ok(client, merchant, **body)
    assert price["pricingData"]["components"][0]["amount_cents"] == 0
    free = {"type": "flat_rate", "amount": 0, "interval": "month"}
    assert await _allows(client, "/v1/prices", {"planId": plan.id, "pricingData": free})
    assert (await create_ok(client, merchant, planId=plan.id, pricingData=free))[
        "pricingData"
    ] == free


@pytest.mark.parametrize(
    "body",
    [
        {"unitAmountCents": 0, "pricingData": MONTHLY},  # both forms
        {"currency": "USD"},  # neither
        {"unitAmountCents": -1},
        {"unitAmountCents": 5, "pricingModel": "tiered"},  # tiers need pricingData
        {"pricingData": {"type": "flat_rate", "amount": 5, "interval": "fortnight"}},
    ],
)
async def test_what_the_document_forbids_is_refused(client, merchant, body):
    plan = await make_plan(merchant)
    body = {"planId": plan.id, **body}
    assert not await _allows(client, "/v1/prices", body)
    assert (await create(client, merchant, **body)).status_code == 400
    assert await Price.filter(plan_id=plan.id).count() == 0


async def test_the_clone_body_is_documented_optional(client, merchant):
    """Cloning without a body copies the source (see the first test), so the document says
    the body may be left out."""
    spec = await (await client.get("/v1/openapi.json")).get_json()
    assert spec["paths"]["/v1/prices/clone/{price_id}"]["post"]["requestBody"]["required"] is False
    assert await _allows(client, "/v1/prices/clone/{price_id}", {})
    assert not await _allows(client, "/v1/prices/clone/{price_id}", {"currency": "XYZ"})
