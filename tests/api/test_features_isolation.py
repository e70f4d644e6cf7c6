"""/v1/features tenant isolation: another merchant's features and metrics answer like
missing ones, slugs are per merchant, and every row needs a secret key."""

import pytest

from billing.catalog.models import Feature
from tests.support.api.features import (
    BAD_METRICS,
    MISSING_ID,
    NOT_FOUND,
    create,
    listed,
    made,
    make_metric,
)


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
