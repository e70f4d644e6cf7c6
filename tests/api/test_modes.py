"""Test and live modes never mix: the whole cross-tenant matrix between the two modes of one
merchant. Every /v1 route given an id of the other mode answers exactly as for an id that does
not exist, lists show only the key's own mode, bodies cannot point across, and nothing of the
other mode changes."""

import json
import re

from billing.catalog.models import Feature, Plan, PricingTable
from billing.core.ids import random_base62
from billing.subscriptions.models import Subscription
from tests.conftest import in_test_mode
from tests.support.api.robustness_all_routes import PARAM, v1_routes
from tests.support.factories.entitlements import metric, send_usage
from tests.support.factories.subscriptions import subscribe

READS = (
    "/v1/plans",
    "/v1/features",
    "/v1/metrics",
    "/v1/customers",
    "/v1/subscriptions",
    "/v1/pricing-tables",
    "/v1/events",
    "/v1/api-keys",
    "/v1/merchants/current",
    "/v1/tax/config",
)


async def resources(client, account) -> dict[str, str]:
    """One of everything in ``account``'s mode: plan, price, feature, customer,
    subscription, metric, usage event. Answers their ids by id prefix."""
    sub = await subscribe(account.id, features=[("SSO", True)])
    metric_id = await metric(client, account)
    await send_usage(client, account, sub.customer_id, 3)
    features = await (await client.get("/v1/features", headers=account.headers)).get_json()
    return {
        "plan": sub.plan_id,
        "price": sub.effective_price_id,
        "cust": sub.customer_id,
        "sub": sub.id,
        "metric": metric_id,
        "feat": features["features"][0]["id"],
    }


def missing_like(record_id: str) -> str:
    return f"{record_id.split('_')[0]}_{random_base62(22)}"


async def answer(client, method: str, path: str, headers: dict, ids: list[str]) -> tuple:
    """Status and body, with the ids in it replaced, so two answers compare by meaning."""
    sent = {"json": {}} if method in {"POST", "PUT", "PATCH"} else {}
    response = await client.open(path, method=method, headers=headers, **sent)
    body = (await response.get_data(as_text=True)).replace(ids[0], "ID").replace(ids[1], "ID")
    return response.status_code, body


async def snapshot(client, account) -> dict:
    return {
        path: await (await client.get(path, headers=account.headers)).get_json() for path in READS
    }


async def test_every_route_answers_the_other_modes_ids_as_missing(app, client, merchant):
    tester = await in_test_mode(merchant)
    for owner, caller in ((merchant, tester), (tester, merchant)):
        owned = await resources(client, owner)
        before = await snapshot(client, owner)
        headers = {**caller.headers, **caller.public_headers}
        checked = 0
        for method, rule, _view in v1_routes(app):
            if not PARAM.search(rule):
                continue
            for record_id in owned.values():
                fake = missing_like(record_id)
                other = await answer(
                    client, method, PARAM.sub(record_id, rule), headers, [record_id, fake]
                )
                absent = await answer(
                    client, method, PARAM.sub(fake, rule), headers, [record_id, fake]
                )
                assert other == absent, (method, rule, record_id)
                checked += 1
        assert checked > 200
        assert await snapshot(client, owner) == before  # nothing of the owner's mode changed


async def test_lists_show_only_the_keys_own_mode(client, merchant):
    tester = await in_test_mode(merchant)
    live_ids = set((await resources(client, merchant)).values())
    for path in READS:
        seen = json.dumps(await (await client.get(path, headers=tester.headers)).get_json())
        assert not live_ids & set(re.findall(r"[a-z]+_[0-9A-Za-z]{22}", seen)), path
    current = await (await client.get("/v1/merchants/current", headers=tester.headers)).get_json()
    assert current["id"] == tester.id != merchant.id


async def test_bodies_cannot_point_at_the_other_mode(client, merchant):
    """Ids of the other mode inside bodies are refused exactly as ids of nothing."""
    tester = await in_test_mode(merchant)
    live = await resources(client, merchant)
    fake = {kind: missing_like(record_id) for kind, record_id in live.items()}
    attempts = [
        ("/v1/subscriptions", lambda i: {"customerId": i["cust"], "planId": i["plan"]}),
        ("/v1/subscriptions", lambda i: {"customerId": i["cust"], "effectivePriceId": i["price"]}),
        ("/v1/plans", lambda i: {"name": "Cross", "featureIds": [i["feat"]]}),
        (
            "/v1/features",
            lambda i: {"slug": "cross", "displayName": "X", "metricIds": [i["metric"]]},
        ),
        ("/v1/pricing-tables", lambda i: {"name": "Cross", "slug": "x", "planIds": [i["plan"]]}),
        (f"/v1/metrics/{live['metric']}/values", lambda i: {"customerId": i["cust"]}),
    ]
    for path, body in attempts:
        answers = []
        for ids in (live, fake):
            response = await client.post(path, json=body(ids), headers=tester.headers)
            text = await response.get_data(as_text=True)
            for kind in live:
                text = text.replace(live[kind], kind).replace(fake[kind], kind)
            answers.append((response.status_code, text))
        assert answers[0] == answers[1], path
        assert 400 <= answers[0][0] < 500, (path, answers[0])
    for model in (Subscription, Plan, Feature, PricingTable):
        assert await model.filter(merchant_id=tester.id).count() == 0, model


async def test_public_tables_follow_the_publishable_keys_mode(client, merchant):
    """The live plan's default pricing table is not what a test publishable key sees."""
    tester = await in_test_mode(merchant)
    await resources(client, merchant)
    for account in (merchant, tester):
        response = await client.get(
            "/v1/public/pricing-tables/pricing", headers=account.public_headers
        )
        body = json.dumps(await response.get_json())
        assert merchant.id not in body or account is merchant


async def test_one_profile_for_both_modes(client, merchant):
    tester = await in_test_mode(merchant)
    changed = await client.post(
        "/v1/merchants/current",
        json={"legalName": "Renamed GmbH", "defaultCurrency": "EUR"},
        headers=merchant.headers,
    )
    assert changed.status_code == 200
    current = await (await client.get("/v1/merchants/current", headers=tester.headers)).get_json()
    assert (current["legalName"], current["defaultCurrency"]) == ("Renamed GmbH", "EUR")


async def test_a_test_key_made_by_a_live_key_is_of_test_mode(client, merchant):
    """A live key may mint test keys (on the business's test row); such a key sees test data
    only, and it cannot mint a live key in turn."""
    tester = await in_test_mode(merchant)
    live_ids = set((await resources(client, merchant)).values())
    made = await client.post(
        "/v1/api-keys",
        json={"name": "CI", "keyType": "secret", "environment": "test"},
        headers=merchant.headers,
    )
    assert made.status_code == 201
    headers = {"Authorization": f"Bearer {(await made.get_json())['data']['keyValue']}"}
    current = await (await client.get("/v1/merchants/current", headers=headers)).get_json()
    assert current["id"] == tester.id
    seen = json.dumps(await (await client.get("/v1/customers", headers=headers)).get_json())
    assert not live_ids & set(re.findall(r"[a-z]+_[0-9A-Za-z]{22}", seen))
    refused = await client.post(
        "/v1/api-keys",
        json={"name": "Up", "keyType": "secret", "environment": "live"},
        headers=headers,
    )
    assert refused.status_code == 403
