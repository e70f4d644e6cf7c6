"""GET /v1/public/pricing-tables/{slug}: the resolved table, publishable keys, CORS, caching."""

import pytest

from billing.accounts import api_keys
from billing.accounts.models import ApiKey
from billing.catalog.models import Price
from billing.core.models import utcnow
from tests.support.api.public_pricing_tables import USAGE_MONTHLY, pro_with_usage
from tests.support.factories.catalog import make_plan

NOT_FOUND = {"error": "Pricing table not found"}


async def make_table(client, merchant, plans, slug="pricing", **changes) -> dict:
    response = await client.post(
        "/v1/pricing-tables",
        json={"name": "Pricing", "slug": slug, "planIds": [p.id for p in plans]},
        headers=merchant.headers,
    )
    table = (await response.get_json())["pricingTable"]
    if changes:
        await client.post(
            f"/v1/pricing-tables/{table['id']}", json=changes, headers=merchant.headers
        )
    return table


async def public(client, merchant, slug="pricing", headers=None):
    return await client.get(
        f"/v1/public/pricing-tables/{slug}",
        headers=merchant.public_headers if headers is None else headers,
    )


async def test_answers_the_resolved_table(client, merchant):
    pro = await make_plan(
        merchant.id,
        name="Pro",
        description="For growing teams",
        monthly_cents=2900,
        yearly_cents=29000,
        features=[("API access", True), ("Projects", 10), ("Support", "Email")],
        trial_days=14,
    )
    sales = await make_plan(merchant.id, name="Enterprise", enterprise=True)
    table = await make_table(client, merchant, [sales, pro])
    response = await public(client, merchant)
    assert response.status_code == 200
    body = (await response.get_json())["pricingTable"]
    assert {k: body[k] for k in ("id", "name", "slug", "currency")} == {
        "id": table["id"],
        "name": "Pricing",
        "slug": "pricing",
        "currency": "USD",
    }
    first, last = body["plans"]
    assert first["id"] == first["stablePlanId"] == pro.id
    assert (first["name"], first["description"], first["trialDays"]) == (
        "Pro",
        "For growing teams",
        14,
    )
    assert (first["isEnterprisePlan"], first["buttonText"]) == (False, "Get started")
    assert first["features"] == [
        {
            "slug": "api-access",
            "displayName": "API access",
            "featureType": "boolean",
            "value": True,
        },
        {"slug": "projects", "displayName": "Projects", "featureType": "number", "value": 10},
        {"slug": "support", "displayName": "Support", "featureType": "string", "value": "Email"},
    ]
    month, year = first["prices"]["month"], first["prices"]["year"]
    assert (month["amountCents"], month["currency"]) == (2900, "USD")
    assert year["amountCents"] == 29000
    assert month["pricingData"]["components"][0]["recurrence_rule"] == "FREQ=MONTHLY;INTERVAL=1"
    assert last["isEnterprisePlan"] is True
    assert last["enterpriseRedirectUrl"] == "https://example.com/contact"
    assert last["prices"] == {"month": None, "year": None}
    assert "merchantId" not in str(body)


async def test_shows_only_plans_visible_in_pricing_tables(client, merchant):
    shown = await make_plan(merchant.id, name="Shown", monthly_cents=100)
    hidden = await make_plan(merchant.id, name="Hidden", monthly_cents=50, visible=False)
    await make_table(client, merchant, [shown, hidden])
    body = await (await public(client, merchant)).get_json()
    assert [plan["name"] for plan in body["pricingTable"]["plans"]] == ["Shown"]


async def test_an_empty_table_has_the_merchants_currency(client, merchant):
    await make_table(client, merchant, [])
    body = await (await public(client, merchant)).get_json()
    assert body["pricingTable"]["plans"] == []
    assert body["pricingTable"]["currency"] == "USD"


@pytest.mark.parametrize("slug", ["missing", "UPPER", "x" * 101, "a%00b"])
async def test_unknown_slugs_are_404(client, merchant, slug):
    response = await public(client, merchant, slug)
    assert (response.status_code, await response.get_json()) == (404, NOT_FOUND)
    assert response.headers["Access-Control-Allow-Origin"] == "*"


async def test_inactive_and_deleted_tables_are_404(client, merchant):
    table = await make_table(client, merchant, [], isActive=False)
    assert (await public(client, merchant)).status_code == 404
    await client.post(
        f"/v1/pricing-tables/{table['id']}", json={"isActive": True}, headers=merchant.headers
    )
    assert (await public(client, merchant)).status_code == 200
    await client.delete(f"/v1/pricing-tables/{table['id']}", headers=merchant.headers)
    response = await public(client, merchant)
    assert (response.status_code, await response.get_json()) == (404, NOT_FOUND)


async def test_each_key_sees_its_own_merchants_table(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    await make_table(client, alice, [await make_plan(alice.id, name="Alice plan")])
    assert (await public(client, bob)).status_code == 404
    await make_table(client, bob, [await make_plan(bob.id, name="Bob plan")])
    for account, name in ((alice, "Alice plan"), (bob, "Bob plan")):
        body = await (await public(client, account)).get_json()
        assert [plan["name"] for plan in body["pricingTable"]["plans"]] == [name]


async def test_needs_an_active_publishable_key(client, merchant):
    await make_table(client, merchant, [])
    for headers in (
        {},
        merchant.headers,
        {"X-Service-Key": merchant.secret_key},
        {"X-Service-Key": "pk_live_nope"},
    ):
        response = await public(client, merchant, headers=headers)
        assert response.status_code == 401, headers
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        assert (
            "Cache-Control" not in response.headers
            or "public" not in response.headers["Cache-Control"]
        )
    await ApiKey.filter(merchant_id=merchant.id, key_type="publishable").update(revoked_at=utcnow())
    api_keys.forget_cached_keys()  # revoked out of band: seen once the cache window passed
    assert (await public(client, merchant)).status_code == 401


async def test_cors_and_cache_headers(client, merchant):
    await make_table(client, merchant, [])
    response = await client.get(
        "/v1/public/pricing-tables/pricing",
        headers={**merchant.public_headers, "Origin": "https://shop.example"},
    )
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in response.headers
    assert response.headers["Cache-Control"] == "public, max-age=60"
    assert "X-Service-Key" in response.headers["Vary"]


@pytest.mark.parametrize(
    "path", ["/v1/public/pricing-tables/pricing", "/v1/public/pricing-tables/nope"]
)
async def test_preflight_allows_any_origin(client, path):
    response = await client.options(
        path,
        headers={
            "Origin": "https://shop.example",
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "x-service-key",
        },
    )
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert response.headers["Access-Control-Allow-Headers"] == "X-Service-Key, Content-Type"
    assert response.headers["Access-Control-Allow-Methods"] == "GET, POST, OPTIONS"
    assert "Access-Control-Allow-Credentials" not in response.headers


async def test_private_routes_get_no_cors_headers(client, merchant):
    response = await client.get(
        "/v1/pricing-tables", headers={**merchant.headers, "Origin": "https://evil.example"}
    )
    assert "Access-Control-Allow-Origin" not in response.headers


async def test_the_response_schema_is_documented(client):
    spec = await (await client.get("/v1/openapi.json")).get_json()
    operation = spec["paths"]["/v1/public/pricing-tables/{slug}"]["get"]
    assert operation["security"] == [{"publishableKey": []}]
    assert {"200", "401", "404"} <= set(operation["responses"])
    plan = spec["components"]["schemas"]["PublicPlan"]
    assert {"features", "prices", "buttonText", "enterpriseRedirectUrl"} <= set(plan["properties"])


async def test_the_headline_is_the_fixed_price_with_usage_beside_it(client, merchant):
    """Rule (pricing.headline_price): of an interval's prices the first with a fixed recurring
    part is the headline; usage prices of that interval show as ``plusUsage``."""
    plan, _usage, fixed = await pro_with_usage(merchant.id)
    await make_table(client, merchant, [plan])
    body = (await (await public(client, merchant)).get_json())["pricingTable"]
    month = body["plans"][0]["prices"]["month"]
    assert (month["id"], month["amountCents"], month["plusUsage"]) == (fixed.id, 5900, True)
    embed = await client.get(f"/embed/pricing-tables/pricing?key={merchant.publishable_key}")
    html = await embed.get_data(as_text=True)
    assert ">$59<" in html and "+ usage" in html and ">$0<" not in html
    assert f'data-month-price-id="{fixed.id}"' in html  # what tally:plan-selected carries


async def test_a_plan_with_usage_prices_only_shows_the_usage_price(client, merchant):
    plan = await make_plan(merchant.id, name="Metered")
    usage = await Price.create(
        merchant_id=merchant.id, plan_id=plan.id, currency="USD", pricing_data=USAGE_MONTHLY
    )
    await make_table(client, merchant, [plan])
    body = (await (await public(client, merchant)).get_json())["pricingTable"]
    month = body["plans"][0]["prices"]["month"]
    assert (month["id"], month["amountCents"], month["plusUsage"]) == (usage.id, 0, True)
