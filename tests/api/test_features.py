"""/v1/features: every row, search, checkSlug, soft delete and the plan references it removes."""

import re

import pytest

from billing.catalog.models import Feature, Plan, PlanFeature
from tests.support.api.features import (
    MISSING_ID,
    NOT_FOUND,
    create,
    listed,
    made,
    make_metric,
)

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
SLUG_TAKEN = {"error": "A feature with this slug already exists"}


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


async def test_duplicate_slug_is_409_and_stores_nothing(client, merchant):
    await made(client, merchant, slug="sso", displayName="SSO")
    response = await create(client, merchant, slug="sso", displayName="Other")
    assert response.status_code == 409
    assert await response.get_json() == SLUG_TAKEN
    assert await Feature.filter(merchant_id=merchant.id).count() == 1


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


async def test_search_refuses_control_characters_even_at_its_ends(client, merchant):
    """Trimming the search must not hide a tab or newline at its end: the document's pattern
    refuses every control character, and so does the route."""
    for search in ("sso%09", "%0Asso", "s%00so"):
        response = await client.get(f"/v1/features?search={search}", headers=merchant.headers)
        assert response.status_code == 400, search
        assert await response.get_json() == {"error": "search must not contain control characters"}
