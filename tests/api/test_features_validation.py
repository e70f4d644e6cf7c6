"""/v1/features input rules: typed feature values, slug format, field errors, odd input."""

import pytest

from billing.catalog.models import Feature
from tests.support.api.features import create, made
from tests.support.api.robustness import ODD_VALUES


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


@pytest.mark.parametrize("search", ["%00", "a" * 1000])
async def test_odd_search_never_fails(client, merchant, search):
    response = await client.get(f"/v1/features?search={search}", headers=merchant.headers)
    assert response.status_code in (200, 400)
    body = await response.get_json()
    assert body == {"features": []} or isinstance(body["error"], str)


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
