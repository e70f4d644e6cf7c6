"""Authentication of /v1: the secret key as a Bearer token, refused in every other form."""

import pytest

from billing.accounts import api_keys
from billing.accounts.models import ApiKey

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
    api_keys.forget_cached_keys()  # as another process would, once its cache window passed
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
    from billing.core.models import utcnow

    return utcnow()


@pytest.fixture
async def public_client(settings):
    """A throwaway app with one publishable-key route behind the real /v1 hook, standing in
    for the /v1/public routes later issues add."""
    from quart import Blueprint

    from webapp.app import create_app
    from webapp.auth import authenticate_api_request, merchant_id, publishable_key_required

    application = create_app(settings)
    public = Blueprint("public_probe", __name__, url_prefix="/v1/public-probe")
    public.before_request(authenticate_api_request)

    @public.get("")
    @publishable_key_required
    async def probe():
        return {"merchantId": merchant_id()}

    application.register_blueprint(public)
    return application.test_client()


async def test_publishable_route_accepts_its_key(public_client, merchant):
    response = await public_client.get("/v1/public-probe", headers=merchant.public_headers)
    assert response.status_code == 200
    assert await response.get_json() == {"merchantId": merchant.id}


async def test_publishable_route_refuses_a_secret_key_in_x_service_key(public_client, merchant):
    response = await public_client.get(
        "/v1/public-probe", headers={"X-Service-Key": merchant.secret_key}
    )
    assert response.status_code == 401
    assert await response.get_json() == {"error": "This endpoint requires a publishable key"}


async def test_publishable_route_refuses_bearer_and_nothing(public_client, merchant):
    for headers in ({}, merchant.headers):
        response = await public_client.get("/v1/public-probe", headers=headers)
        assert response.status_code == 401
        assert "X-Service-Key" in (await response.get_json())["error"]


async def test_replaced_publishable_key_is_401_on_a_public_route(public_client, client, merchant):
    await client.post(
        "/v1/api-keys", json={"name": "new", "keyType": "publishable"}, headers=merchant.headers
    )
    response = await public_client.get("/v1/public-probe", headers=merchant.public_headers)
    assert response.status_code == 401
    assert await response.get_json() == {"error": "Invalid or revoked API key"}
