"""Authentication of /v1: the secret key as a Bearer token, refused in every other form."""

import pytest

from billing.models import ApiKey

PROTECTED = [
    ("GET", "/v1/api-keys"),
    ("POST", "/v1/api-keys"),
    ("GET", "/v1/api-keys/publishable"),
    ("DELETE", "/v1/api-keys/key_abc"),
    ("GET", "/v1/merchants/current"),
    ("POST", "/v1/merchants/current"),
    ("GET", "/v1/merchants/mer_abc"),
    ("GET", "/v1/merchants/checkonboarding"),
    ("GET", "/v1/merchants/dunning-config"),
    ("POST", "/v1/merchants/dunning-config"),
    ("GET", "/v1/merchants/payment-provider"),
    ("POST", "/v1/merchants/merchant-data"),
]


@pytest.mark.parametrize(("method", "path"), PROTECTED)
async def test_every_route_needs_a_key(client, method, path):
    response = await client.open(path, method=method, json={})
    assert response.status_code == 401
    body = await response.get_json()
    assert set(body) == {"error"} and "Authorization: Bearer" in body["error"]


@pytest.mark.parametrize(
    "header",
    [
        "Bearer sk_live_doesnotexist000000000000000000000",
        "Bearer ",
        "Bearer",
        "bearer",
        "sk_live_abc",
        "Basic dXNlcjpwYXNz",
        "Bearer " + "sk_live_" + "a" * 100_000,
        "Bearer sk_live_\u00e9t\u00e9",
        "Bearer null",
    ],
)
async def test_malformed_or_unknown_keys_are_401(client, merchant, header):
    response = await client.get("/v1/merchants/current", headers={"Authorization": header})
    assert response.status_code == 401
    assert isinstance((await response.get_json())["error"], str)


async def test_secret_key_under_other_scheme_is_refused(client, merchant):
    """Only ``Bearer`` carries a key; ``Token sk_...`` must not authenticate."""
    for scheme in ("Token", "Basic", "Key"):
        response = await client.get(
            "/v1/merchants/current", headers={"Authorization": f"{scheme} {merchant.secret_key}"}
        )
        assert response.status_code == 401


async def test_scheme_is_case_insensitive_and_spaces_are_trimmed(client, merchant):
    response = await client.get(
        "/v1/merchants/current", headers={"Authorization": f"bearer   {merchant.secret_key} "}
    )
    assert response.status_code == 200


async def test_publishable_key_as_bearer_is_401(client, merchant):
    response = await client.get(
        "/v1/merchants/current", headers={"Authorization": f"Bearer {merchant.publishable_key}"}
    )
    assert response.status_code == 401
    assert await response.get_json() == {"error": "This endpoint requires a secret key"}


async def test_publishable_key_header_alone_does_not_open_secret_routes(client, merchant):
    response = await client.get("/v1/merchants/current", headers=merchant.public_headers)
    assert response.status_code == 401


async def test_revoked_key_is_401_everywhere(client, merchant):
    await ApiKey.filter(merchant_id=merchant.id, key_type="secret").update(revoked_at=await _now())
    for method, path in PROTECTED:
        response = await client.open(path, method=method, json={}, headers=merchant.headers)
        assert response.status_code == 401, path
        assert await response.get_json() == {"error": "Invalid or revoked API key"}


async def test_test_and_live_keys_both_authenticate(client, make_merchant):
    account = await make_merchant(environment="test")
    assert account.secret_key.startswith("sk_test_")
    response = await client.get("/v1/merchants/current", headers=account.headers)
    assert response.status_code == 200
    assert (await response.get_json())["id"] == account.id


async def test_openapi_document_needs_no_key(client):
    assert (await client.get("/v1/openapi.json")).status_code == 200


async def _now():
    from billing.models.base import utcnow

    return utcnow()
