"""/v1/metrics: every CRUD row, every error, immutable fields, soft delete and tenant isolation."""

import re

import pytest

from billing.catalog.models import Feature, Metric
from tests.support.api.metrics import create, made, update

METRIC_FIELDS = {
    "id",
    "name",
    "description",
    "queryType",
    "aggregationType",
    "eventName",
    "valueType",
    "customQuery",
    "propertyFilters",
    "createdAt",
    "updatedAt",
}
NOT_FOUND = {"error": "Metric not found or access denied"}
IMMUTABLE = {"error": "aggregationType and valueType cannot be changed after creation"}
MISSING_ID = "metric_" + "A" * 22


async def listed(client, merchant) -> list[dict]:
    response = await client.get("/v1/metrics", headers=merchant.headers)
    assert response.status_code == 200
    body = await response.get_json()
    assert isinstance(body, list)
    return body


async def test_create_answers_201_with_the_metric(client, merchant):
    response = await create(
        client,
        merchant,
        name="Tokens",
        description="LLM tokens used",
        eventName="llm.tokens.v2",
        aggregationType="SUM",
        queryType="indexed",
        valueType="NUMERIC",
    )
    assert response.status_code == 201
    body = await response.get_json()
    assert set(body) == METRIC_FIELDS
    assert body["id"].startswith("metric_")
    assert body["name"] == "Tokens"
    assert body["description"] == "LLM tokens used"
    assert body["eventName"] == "llm.tokens.v2"
    assert (body["aggregationType"], body["queryType"], body["valueType"]) == (
        "SUM",
        "indexed",
        "NUMERIC",
    )
    assert body["customQuery"] is None
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", body["createdAt"])
    stored = await Metric.get(id=body["id"])
    assert (stored.merchant_id, stored.event_name) == (merchant.id, "llm.tokens.v2")


async def test_complex_metric_keeps_its_query(client, merchant):
    query = "SELECT count(*) FROM events\nWHERE properties->>'plan' = 'pro'"
    body = await made(client, merchant, queryType="complex", customQuery=f"  {query}  ")
    assert (body["queryType"], body["customQuery"]) == ("complex", query)


async def test_list_is_a_bare_array_oldest_first(client, merchant):
    assert await listed(client, merchant) == []
    first = await made(client, merchant, name="First")
    second = await made(client, merchant, name="Second", eventName="api.call.v2")
    metrics = await listed(client, merchant)
    assert metrics == [first, second]


async def test_read_answers_the_metric(client, merchant):
    created = await made(client, merchant)
    response = await client.get(f"/v1/metrics/{created['id']}", headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == created


@pytest.mark.parametrize("metric_id", [MISSING_ID, "nope", "metric_%00", "a" * 5000])
async def test_unknown_ids_are_404_on_every_row(client, merchant, metric_id):
    for response in (
        await client.get(f"/v1/metrics/{metric_id}", headers=merchant.headers),
        await update(client, merchant, metric_id, name="x"),
        await client.post(f"/v1/metrics/{metric_id}/delete", headers=merchant.headers),
    ):
        assert response.status_code == 404
        assert await response.get_json() == NOT_FOUND


async def test_update_changes_only_the_fields_given(client, merchant):
    created = await made(client, merchant, description="old")
    response = await update(client, merchant, created["id"], name="Requests")
    assert response.status_code == 200
    body = await response.get_json()
    assert (body["name"], body["description"], body["eventName"]) == ("Requests", "old", "api.call")
    body = await (await update(client, merchant, created["id"], description="")).get_json()
    assert body["description"] == ""
    read = await client.get(f"/v1/metrics/{created['id']}", headers=merchant.headers)
    assert await read.get_json() == body


async def test_update_accepts_the_current_immutable_values(client, merchant):
    created = await made(client, merchant, aggregationType="SUM")
    response = await update(
        client,
        merchant,
        created["id"],
        name="Sum of calls",
        aggregationType="SUM",
        valueType="NUMERIC",
        eventName="api.call",
    )
    assert response.status_code == 200
    assert (await response.get_json())["name"] == "Sum of calls"


@pytest.mark.parametrize(
    "change", [{"aggregationType": "MAX"}, {"valueType": "STRING"}, {"aggregationType": "AVG"}]
)
async def test_aggregation_and_value_type_are_immutable(client, merchant, change):
    created = await made(client, merchant, aggregationType="SUM")
    response = await update(client, merchant, created["id"], name="Renamed", **change)
    assert (response.status_code, await response.get_json()) == (400, IMMUTABLE)
    stored = await Metric.get(id=created["id"])
    assert (stored.name, stored.aggregation_type, stored.value_type) == (
        "API calls",
        "SUM",
        "NUMERIC",
    )


async def test_event_name_is_immutable(client, merchant):
    created = await made(client, merchant)
    response = await update(client, merchant, created["id"], eventName="api.call.v2")
    assert response.status_code == 400
    assert "create a new metric" in (await response.get_json())["error"]
    assert (await Metric.get(id=created["id"])).event_name == "api.call"


async def test_query_type_changes(client, merchant):
    created = await made(client, merchant)
    metric_id = created["id"]
    response = await update(client, merchant, metric_id, queryType="complex")
    assert response.status_code == 400
    assert "customQuery is required" in (await response.get_json())["error"]
    body = await (
        await update(client, merchant, metric_id, queryType="complex", customQuery="SELECT 1")
    ).get_json()
    assert (body["queryType"], body["customQuery"]) == ("complex", "SELECT 1")
    body = await (await update(client, merchant, metric_id, customQuery="SELECT 2")).get_json()
    assert body["customQuery"] == "SELECT 2"
    body = await (await update(client, merchant, metric_id, name="Kept")).get_json()
    assert body["customQuery"] == "SELECT 2"
    body = await (await update(client, merchant, metric_id, queryType="indexed")).get_json()
    assert (body["queryType"], body["customQuery"]) == ("indexed", None)
    response = await update(client, merchant, metric_id, customQuery="SELECT 3")
    assert response.status_code == 400


async def test_delete_is_soft_and_unlinks_features(client, merchant):
    metric = await made(client, merchant)
    kept = await made(client, merchant, name="Kept", eventName="kept")
    linked = []
    for slug in ("a", "b"):
        response = await client.post(
            "/v1/features",
            json={"slug": slug, "displayName": slug, "metricIds": [metric["id"], kept["id"]]},
            headers=merchant.headers,
        )
        linked.append((await response.get_json())["id"])
    path = f"/v1/metrics/{metric['id']}"
    response = await client.post(f"{path}/delete", headers=merchant.headers)
    assert (response.status_code, await response.get_json()) == (200, {"success": True})
    assert await listed(client, merchant) == [kept]
    assert (await client.get(path, headers=merchant.headers)).status_code == 404
    assert (await update(client, merchant, metric["id"], name="x")).status_code == 404
    again = await client.post(f"{path}/delete", headers=merchant.headers)
    assert (again.status_code, await again.get_json()) == (404, NOT_FOUND)
    assert (await Metric.get(id=metric["id"])).deleted_at is not None
    for feature_id in linked:
        read = await client.get(f"/v1/features/{feature_id}", headers=merchant.headers)
        assert (await read.get_json())["metricIds"] == [kept["id"]]


async def test_other_merchants_metrics_are_invisible(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    metric = await made(client, alice)
    path = f"/v1/metrics/{metric['id']}"
    assert await listed(client, bob) == []
    for response in (
        await client.get(path, headers=bob.headers),
        await update(client, bob, metric["id"], name="Mine"),
        await client.post(f"{path}/delete", headers=bob.headers),
    ):
        assert (response.status_code, await response.get_json()) == (404, NOT_FOUND)
    stored = await Metric.get(id=metric["id"])
    assert (stored.name, stored.deleted_at) == ("API calls", None)


async def test_deleting_a_metric_leaves_other_merchants_features_alone(client, make_merchant):
    alice = await make_merchant()
    metric = await made(client, alice)
    feature = await Feature.create(
        merchant_id=alice.id, slug="f", display_name="F", metric_ids=[metric["id"]]
    )
    bob = await make_merchant()
    await client.post(f"/v1/metrics/{metric['id']}/delete", headers=bob.headers)
    assert (await Feature.get(id=feature.id)).metric_ids == [metric["id"]]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v1/metrics"),
        ("POST", "/v1/metrics"),
        ("GET", f"/v1/metrics/{MISSING_ID}"),
        ("POST", f"/v1/metrics/{MISSING_ID}/update"),
        ("POST", f"/v1/metrics/{MISSING_ID}/delete"),
    ],
)
async def test_every_row_needs_a_secret_key(client, merchant, method, path):
    response = await client.open(path, method=method, json={})
    assert response.status_code == 401
    response = await client.open(path, method=method, json={}, headers=merchant.public_headers)
    assert response.status_code == 401
