"""/v1/features: every row, every error, search, slug rules, soft delete and tenant isolation."""

import re

import pytest

from billing.models import Feature, Plan, PlanFeature
from tests.api.test_robustness import ODD_VALUES

FEATURE_FIELDS = {
    "id",
    "slug",
    "displayName",
    "featureType",
    "featureValue",
    "metricIds",
    "createdAt",
    "updatedAt",
}
NOT_FOUND = {"error": "Feature not found or access denied"}
SLUG_TAKEN = {"error": "A feature with this slug already exists"}
BAD_METRICS = {"error": "One or more metric IDs are invalid or do not belong to this merchant"}
MISSING_ID = "feat_" + "A" * 22


async def create(client, merchant, **body):
    return await client.post("/v1/features", json=body, headers=merchant.headers)


async def made(client, merchant, **body) -> dict:
    response = await create(client, merchant, **body)
    assert response.status_code == 201, await response.get_json()
    return await response.get_json()


async def make_metric(client, merchant, event_name="api.call") -> str:
    response = await client.post(
        "/v1/metrics",
        json={"name": "Calls", "eventName": event_name, "aggregationType": "COUNT"},
        headers=merchant.headers,
    )
    assert response.status_code == 201
    return (await response.get_json())["id"]


async def listed(client, merchant, query: str = "") -> list[dict]:
    response = await client.get(f"/v1/features{query}", headers=merchant.headers)
    assert response.status_code == 200
    body = await response.get_json()
    assert set(body) == {"features"}
    return body["features"]


async def test_create_answers_201_with_the_feature(client, merchant):
    metric_id = await make_metric(client, merchant)
    response = await create(
        client,
        merchant,
        slug="api-calls",
        displayName="API calls",
        featureType="number",
        featureValue=1000,
        metricIds=[metric_id],
    )
    assert response.status_code == 201
    body = await response.get_json()
    assert set(body) == FEATURE_FIELDS
    assert body["id"].startswith("feat_")
    assert (body["slug"], body["displayName"], body["featureType"]) == (
        "api-calls",
        "API calls",
        "number",
    )
    assert body["featureValue"] == 1000
    assert body["metricIds"] == [metric_id]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", body["createdAt"])
    stored = await Feature.get(id=body["id"])
    assert (stored.merchant_id, stored.default_value, stored.metric_ids) == (
        merchant.id,
        1000,
        [metric_id],
    )


@pytest.mark.parametrize(
    ("feature_type", "default"), [("boolean", True), ("number", 0), ("string", "")]
)
async def test_value_defaults_by_type(client, merchant, feature_type, default):
    body = await made(client, merchant, slug="f", displayName="F", featureType=feature_type)
    assert body["featureValue"] == default
    assert type(body["featureValue"]) is type(default)
    assert body["metricIds"] == []


async def test_type_defaults_to_boolean(client, merchant):
    body = await made(client, merchant, slug="sso", displayName="SSO")
    assert (body["featureType"], body["featureValue"]) == ("boolean", True)


@pytest.mark.parametrize(
    ("feature_type", "value"),
    [("boolean", False), ("number", 2.5), ("number", -3), ("string", "gold tier")],
)
async def test_values_of_the_right_type_are_kept(client, merchant, feature_type, value):
    body = await made(
        client, merchant, slug="f", displayName="F", featureType=feature_type, featureValue=value
    )
    assert body["featureValue"] == value


@pytest.mark.parametrize(
    ("feature_type", "value"),
    [
        ("boolean", "true"),
        ("boolean", 1),
        ("number", True),
        ("number", "10"),
        ("number", 10**40),
        ("string", 5),
        ("string", False),
        ("string", "x" * 1001),
        ("string", "a\u0000b"),
    ],
)
async def test_value_of_the_wrong_type_is_400(client, merchant, feature_type, value):
    response = await create(
        client, merchant, slug="f", displayName="F", featureType=feature_type, featureValue=value
    )
    assert response.status_code == 400
    assert "featureValue" in (await response.get_json())["error"]
    assert await Feature.filter(merchant_id=merchant.id).count() == 0


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"displayName": "No slug"}, "slug"),
        ({"slug": "no-name"}, "displayName"),
        ({"slug": "", "displayName": "x"}, "slug is required"),
        ({"slug": "x", "displayName": "   "}, "displayName is required"),
        ({"slug": "x", "displayName": "d" * 201}, "displayName"),
        ({"slug": "x", "displayName": "x", "featureType": "json"}, "featureType"),
        ({"slug": "x", "displayName": "x", "metricIds": "metric_1"}, "metricIds"),
    ],
)
async def test_create_field_errors_are_400(client, merchant, body, fragment):
    response = await create(client, merchant, **body)
    assert response.status_code == 400
    assert fragment in (await response.get_json())["error"]


@pytest.mark.parametrize(
    "slug", ["Upper", "-lead", "_lead", "has space", "dot.ted", "é", "a" * 101, "a\u0000"]
)
async def test_malformed_slugs_are_400(client, merchant, slug):
    response = await create(client, merchant, slug=slug, displayName="x")
    assert response.status_code == 400
    assert "slug must be" in (await response.get_json())["error"]
    check = await client.post(
        "/v1/features/checkSlug", json={"slug": slug}, headers=merchant.headers
    )
    assert check.status_code == 400


@pytest.mark.parametrize("slug", ["a", "0", "seats_max", "api-calls-v2", "a" * 100])
async def test_well_formed_slugs_are_accepted(client, merchant, slug):
    assert (await made(client, merchant, slug=slug, displayName="x"))["slug"] == slug


async def test_duplicate_slug_is_409_and_stores_nothing(client, merchant):
    await made(client, merchant, slug="sso", displayName="SSO")
    response = await create(client, merchant, slug="sso", displayName="Other")
    assert response.status_code == 409
    assert await response.get_json() == SLUG_TAKEN
    assert await Feature.filter(merchant_id=merchant.id).count() == 1


async def test_same_slug_in_two_merchants_is_fine(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    await made(client, alice, slug="sso", displayName="SSO")
    await made(client, bob, slug="sso", displayName="SSO")


async def test_foreign_or_unknown_metric_ids_are_400(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    alices_metric = await make_metric(client, alice)
    bobs_metric = await make_metric(client, bob)
    for ids in ([alices_metric], [bobs_metric, alices_metric], ["metric_" + "A" * 22], ["x"]):
        response = await create(client, bob, slug="f", displayName="F", metricIds=ids)
        assert response.status_code == 400
        assert await response.get_json() == BAD_METRICS
    assert await Feature.filter(merchant_id=bob.id).count() == 0


async def test_deleted_metric_cannot_be_linked(client, merchant):
    metric_id = await make_metric(client, merchant)
    await client.post(f"/v1/metrics/{metric_id}/delete", headers=merchant.headers)
    response = await create(client, merchant, slug="f", displayName="F", metricIds=[metric_id])
    assert await response.get_json() == BAD_METRICS


async def test_duplicate_metric_ids_are_stored_once(client, merchant):
    metric_id = await make_metric(client, merchant)
    body = await made(client, merchant, slug="f", displayName="F", metricIds=[metric_id] * 3)
    assert body["metricIds"] == [metric_id]


async def test_list_is_ordered_by_display_name(client, merchant):
    for slug, name in (("c", "Charlie"), ("a", "Alpha"), ("b", "Bravo")):
        await made(client, merchant, slug=slug, displayName=name)
    features = await listed(client, merchant)
    assert [feature["displayName"] for feature in features] == ["Alpha", "Bravo", "Charlie"]
    assert all(set(feature) == FEATURE_FIELDS for feature in features)


async def test_search_matches_slug_or_display_name_ignoring_case(client, merchant):
    await made(client, merchant, slug="api-calls", displayName="Requests")
    await made(client, merchant, slug="seats", displayName="Team API access")
    await made(client, merchant, slug="sso", displayName="Single sign-on")
    found = await listed(client, merchant, "?search=API")
    assert [feature["slug"] for feature in found] == ["api-calls", "seats"]
    assert [f["slug"] for f in await listed(client, merchant, "?search=sign")] == ["sso"]
    assert await listed(client, merchant, "?search=nothing") == []
    assert len(await listed(client, merchant, "?search=")) == 3


async def test_search_treats_wildcards_literally(client, merchant):
    await made(client, merchant, slug="max_seats", displayName="Seats")
    await made(client, merchant, slug="maxxseats", displayName="Other")
    assert [f["slug"] for f in await listed(client, merchant, "?search=x_s")] == ["max_seats"]
    assert await listed(client, merchant, "?search=%25") == []


@pytest.mark.parametrize("search", ["%00", "a" * 1000])
async def test_odd_search_never_fails(client, merchant, search):
    response = await client.get(f"/v1/features?search={search}", headers=merchant.headers)
    assert response.status_code in (200, 400)
    body = await response.get_json()
    assert body == {"features": []} or isinstance(body["error"], str)


async def test_read_answers_the_feature(client, merchant):
    created = await made(client, merchant, slug="sso", displayName="SSO")
    response = await client.get(f"/v1/features/{created['id']}", headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == created


@pytest.mark.parametrize("feature_id", [MISSING_ID, "nope", "feat_%00", "a" * 5000])
async def test_read_unknown_is_404(client, merchant, feature_id):
    response = await client.get(f"/v1/features/{feature_id}", headers=merchant.headers)
    assert response.status_code == 404
    assert await response.get_json() == NOT_FOUND


async def test_update_changes_only_the_fields_given(client, merchant):
    metric_id = await make_metric(client, merchant)
    created = await made(client, merchant, slug="sso", displayName="SSO", featureValue=False)
    response = await client.put(
        f"/v1/features/{created['id']}",
        json={"displayName": "Single sign-on", "metricIds": [metric_id]},
        headers=merchant.headers,
    )
    assert response.status_code == 200
    body = await response.get_json()
    assert body["displayName"] == "Single sign-on"
    assert (body["slug"], body["featureValue"], body["metricIds"]) == ("sso", False, [metric_id])
    assert body["createdAt"] == created["createdAt"]
    assert body["updatedAt"] >= created["updatedAt"]
    read = await client.get(f"/v1/features/{created['id']}", headers=merchant.headers)
    assert await read.get_json() == body


async def test_update_type_resets_or_checks_the_value(client, merchant):
    created = await made(client, merchant, slug="seats", displayName="Seats")
    path = f"/v1/features/{created['id']}"
    body = await (
        await client.put(path, json={"featureType": "number"}, headers=merchant.headers)
    ).get_json()
    assert (body["featureType"], body["featureValue"]) == ("number", 0)
    body = await (
        await client.put(path, json={"featureValue": 25}, headers=merchant.headers)
    ).get_json()
    assert body["featureValue"] == 25
    response = await client.put(path, json={"featureValue": "25"}, headers=merchant.headers)
    assert response.status_code == 400
    body = await (
        await client.put(
            path, json={"featureType": "string", "featureValue": "25"}, headers=merchant.headers
        )
    ).get_json()
    assert (body["featureType"], body["featureValue"]) == ("string", "25")


async def test_update_metric_ids_empty_list_unlinks_all(client, merchant):
    metric_id = await make_metric(client, merchant)
    created = await made(client, merchant, slug="f", displayName="F", metricIds=[metric_id])
    response = await client.put(
        f"/v1/features/{created['id']}", json={"metricIds": []}, headers=merchant.headers
    )
    assert (await response.get_json())["metricIds"] == []


async def test_update_errors(client, merchant):
    first = await made(client, merchant, slug="first", displayName="First")
    await made(client, merchant, slug="second", displayName="Second")
    path = f"/v1/features/{first['id']}"
    taken = await client.put(path, json={"slug": "second"}, headers=merchant.headers)
    assert (taken.status_code, await taken.get_json()) == (409, SLUG_TAKEN)
    same = await client.put(path, json={"slug": "first"}, headers=merchant.headers)
    assert same.status_code == 200
    for body, status in (
        ({"slug": "Bad Slug"}, 400),
        ({"displayName": ""}, 400),
        ({"featureType": "list"}, 400),
        ({"metricIds": ["metric_" + "B" * 22]}, 400),
        ({"featureValue": [1]}, 400),
    ):
        response = await client.put(path, json=body, headers=merchant.headers)
        assert response.status_code == status, body
    unchanged = await (await client.get(path, headers=merchant.headers)).get_json()
    assert (unchanged["slug"], unchanged["displayName"], unchanged["featureType"]) == (
        "first",
        "First",
        "boolean",
    )
    missing = await client.put(
        f"/v1/features/{MISSING_ID}", json={"displayName": "x"}, headers=merchant.headers
    )
    assert (missing.status_code, await missing.get_json()) == (404, NOT_FOUND)


async def test_delete_is_soft_and_frees_the_slug(client, merchant):
    created = await made(client, merchant, slug="sso", displayName="SSO")
    path = f"/v1/features/{created['id']}"
    check = {"slug": "sso"}
    answer = await client.post("/v1/features/checkSlug", json=check, headers=merchant.headers)
    assert await answer.get_json() == {"conflict": True}
    response = await client.delete(path, headers=merchant.headers)
    assert response.status_code == 200
    body = await response.get_json()
    assert body["success"] is True and isinstance(body["message"], str)
    assert await listed(client, merchant) == []
    assert (await client.get(path, headers=merchant.headers)).status_code == 404
    assert (await client.put(path, json={}, headers=merchant.headers)).status_code == 404
    again = await client.delete(path, headers=merchant.headers)
    assert (again.status_code, await again.get_json()) == (404, NOT_FOUND)
    assert (await Feature.get(id=created["id"])).deleted_at is not None
    answer = await client.post("/v1/features/checkSlug", json=check, headers=merchant.headers)
    assert await answer.get_json() == {"conflict": False}
    reused = await made(client, merchant, slug="sso", displayName="SSO again")
    assert reused["id"] != created["id"]


async def test_delete_soft_deletes_plan_references(client, merchant):
    feature = await made(client, merchant, slug="sso", displayName="SSO")
    other = await made(client, merchant, slug="api", displayName="API")
    plans = [
        await Plan.create(
            merchant_id=merchant.id,
            stable_plan_id=f"plan_stable{number}",
            plan_name="Pro",
            currency="USD",
        )
        for number in (1, 2)
    ]
    links = [
        await PlanFeature.create(merchant_id=merchant.id, plan_id=plan.id, feature_id=feature_id)
        for plan in plans
        for feature_id in (feature["id"], other["id"])
    ]
    response = await client.delete(f"/v1/features/{feature['id']}", headers=merchant.headers)
    assert response.status_code == 200
    rows = {link.id: await PlanFeature.get(id=link.id) for link in links}
    deleted = {link_id for link_id, row in rows.items() if row.deleted_at is not None}
    assert deleted == {link.id for link in links if link.feature_id == feature["id"]}
    assert len(deleted) == 2
    assert await PlanFeature.scoped(merchant.id).filter(feature_id=other["id"]).count() == 2


async def test_check_slug(client, merchant):
    async def check(body):
        return await client.post("/v1/features/checkSlug", json=body, headers=merchant.headers)

    assert await (await check({"slug": "sso"})).get_json() == {"conflict": False}
    await made(client, merchant, slug="sso", displayName="SSO")
    response = await check({"slug": "sso"})
    assert (response.status_code, await response.get_json()) == (200, {"conflict": True})
    assert await (await check({"slug": "ss"})).get_json() == {"conflict": False}
    for bad in ({}, {"slug": ""}, {"slug": 5}, {"slug": None}):
        response = await check(bad)
        assert response.status_code == 400
        assert isinstance((await response.get_json())["error"], str)


async def test_other_merchants_features_are_invisible(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    feature = await made(client, alice, slug="sso", displayName="SSO")
    path = f"/v1/features/{feature['id']}"
    assert await listed(client, bob) == []
    assert await listed(client, bob, "?search=sso") == []
    for response in (
        await client.get(path, headers=bob.headers),
        await client.put(path, json={"displayName": "Mine"}, headers=bob.headers),
        await client.delete(path, headers=bob.headers),
    ):
        assert (response.status_code, await response.get_json()) == (404, NOT_FOUND)
    answer = await client.post("/v1/features/checkSlug", json={"slug": "sso"}, headers=bob.headers)
    assert await answer.get_json() == {"conflict": False}
    stored = await Feature.get(id=feature["id"])
    assert (stored.display_name, stored.deleted_at) == ("SSO", None)


async def test_cannot_link_another_merchants_metric_on_update(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    alices_metric = await make_metric(client, alice)
    feature = await made(client, bob, slug="f", displayName="F")
    response = await client.put(
        f"/v1/features/{feature['id']}", json={"metricIds": [alices_metric]}, headers=bob.headers
    )
    assert (response.status_code, await response.get_json()) == (400, BAD_METRICS)
    assert (await Feature.get(id=feature["id"])).metric_ids == []


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v1/features"),
        ("POST", "/v1/features"),
        ("POST", "/v1/features/checkSlug"),
        ("GET", f"/v1/features/{MISSING_ID}"),
        ("PUT", f"/v1/features/{MISSING_ID}"),
        ("DELETE", f"/v1/features/{MISSING_ID}"),
    ],
)
async def test_every_row_needs_a_secret_key(client, merchant, method, path):
    response = await client.open(path, method=method, json={})
    assert response.status_code == 401
    response = await client.open(path, method=method, json={}, headers=merchant.public_headers)
    assert response.status_code == 401


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/v1/features"),
        ("POST", "/v1/features/checkSlug"),
        ("PUT", "/v1/features/{id}"),
    ],
)
async def test_odd_bodies_never_fail(client, merchant, method, path):
    feature = await made(client, merchant, slug="probe", displayName="Probe")
    path = path.format(id=feature["id"])
    fields = ("slug", "displayName", "featureType", "featureValue", "metricIds")
    bodies = [None, {}, [], "text", 0, *({field: v for field in fields} for v in ODD_VALUES)]
    slug = "probe" if method == "PUT" else "other"  # an update keeps the probe's own slug
    valid = {"slug": slug, "displayName": "Other", "featureType": "string"}
    bodies += [{**valid, field: v} for field in fields for v in ODD_VALUES]
    for body in bodies:
        await Feature.filter(merchant_id=merchant.id, slug="other").delete()
        response = await client.open(path, method=method, json=body, headers=merchant.headers)
        assert response.status_code < 500, (body, await response.get_data())
        if response.status_code >= 400:
            assert isinstance((await response.get_json())["error"], str)
