"""Every non-2xx /v1 answer is ``{"error": ...}``: routing, body parsing, unexpected failures."""

import logging

import pytest
from quart import Blueprint

from api.errors import register_error_handlers
from billing import onboarding
from webapp.app import create_app


async def test_unknown_v1_path_is_json_404(client, merchant):
    for path in ("/v1/nothing-here", "/v1", "/v1/", "/v1/api-keys/a/b", "/v1/merchants/"):
        response = await client.get(path, headers=merchant.headers)
        assert response.status_code == 404, path
        assert response.mimetype == "application/json"
        assert await response.get_json() == {"error": "Not found"}


async def test_unknown_path_without_key_is_still_404(client):
    response = await client.get("/v1/does-not-exist")
    assert response.status_code == 404
    assert await response.get_json() == {"error": "Not found"}


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("PUT", "/v1/api-keys", {"GET", "POST"}),
        ("PATCH", "/v1/merchants/current", {"GET", "POST"}),
        ("GET", "/v1/api-keys/key_abc", {"DELETE"}),
        ("DELETE", "/v1/merchants/checkonboarding", {"GET"}),
        ("PUT", "/v1/merchants/onboarding-create-merchant", {"POST"}),
        ("DELETE", "/v1/merchants/merchant-data", {"POST"}),
        ("POST", "/v1/api-keys/publishable", {"GET"}),
    ],
)
async def test_wrong_method_is_json_405_with_allow(client, merchant, method, path, allowed):
    response = await client.open(path, method=method, headers=merchant.headers)
    assert response.status_code == 405
    assert await response.get_json() == {"error": "Method not allowed"}
    listed = {item.strip() for item in response.headers["Allow"].split(",")}
    assert allowed <= listed


async def test_get_on_a_post_only_merchant_path_reads_as_an_id(client, merchant):
    """``GET /v1/merchants/{id}`` matches any segment, so a GET on a POST-only path is a
    lookup of that id: 404, exactly as for any id that is not the caller's."""
    response = await client.get("/v1/merchants/merchant-data", headers=merchant.headers)
    assert response.status_code == 404
    assert await response.get_json() == {"error": "Merchant not found or access denied"}


async def test_malformed_json_is_400(client, merchant):
    for raw in (b"{not json", b'{"name": "x",}', b"", b"\xff\xfe", b"[" * 100_000):
        response = await client.post(
            "/v1/api-keys",
            data=raw,
            headers={**merchant.headers, "Content-Type": "application/json"},
        )
        assert response.status_code == 400, raw[:20]
        assert isinstance((await response.get_json())["error"], str)


async def test_body_without_json_content_type_is_400(client, merchant):
    response = await client.post(
        "/v1/api-keys",
        data='{"name": "x", "keyType": "secret"}',
        headers={**merchant.headers, "Content-Type": "text/plain"},
    )
    assert response.status_code == 400
    assert await response.get_json() == {
        "error": "Send a JSON body with 'Content-Type: application/json'"
    }


async def test_form_body_is_400(client, merchant):
    response = await client.post(
        "/v1/merchants/current", form={"legalName": "x"}, headers=merchant.headers
    )
    assert response.status_code == 400


@pytest.mark.parametrize("body", [[], [{"name": "x"}], "text", 5, None, True])
async def test_non_object_body_is_400(client, merchant, body):
    response = await client.post("/v1/api-keys", json=body, headers=merchant.headers)
    assert response.status_code == 400
    assert await response.get_json() == {"error": "Request body must be a JSON object"}


async def test_wrong_field_type_names_the_field(client, merchant):
    response = await client.post(
        "/v1/api-keys", json={"name": 12, "keyType": "secret"}, headers=merchant.headers
    )
    assert response.status_code == 400
    assert (await response.get_json())["error"].startswith("Invalid value for field 'name'")
    nested = await client.post(
        "/v1/merchants/dunning-config",
        json={"retryScheduleDays": [1, "x"]},
        headers=merchant.headers,
    )
    assert "retryScheduleDays.1" in (await nested.get_json())["error"]


async def test_unknown_fields_are_ignored(client, merchant):
    response = await client.post(
        "/v1/api-keys",
        json={"name": "x", "keyType": "secret", "admin": True, "merchantId": "mer_other"},
        headers=merchant.headers,
    )
    assert response.status_code == 201


async def test_too_large_body_is_413_json(client, merchant):
    response = await client.post(
        "/v1/api-keys",
        json={"name": "x" * (2 * 1024 * 1024), "keyType": "secret"},
        headers=merchant.headers,
    )
    assert response.status_code == 413
    assert await response.get_json() == {"error": "Request body too large"}


async def test_unexpected_failure_is_500_with_trace_only_in_log(
    client, merchant, monkeypatch, caplog
):
    async def explode(merchant_id):
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr(onboarding, "onboarding_status", explode)
    with caplog.at_level(logging.ERROR, logger="tally.errors"):
        response = await client.get("/v1/merchants/checkonboarding", headers=merchant.headers)
    assert response.status_code == 500
    assert await response.get_json() == {"error": "Internal server error"}
    record = next(r for r in caplog.records if r.name == "tally.errors")
    assert record.exc_info and "secret internal detail" in caplog.text
    assert "Traceback" in caplog.text


async def test_failure_on_a_throwaway_app_route(settings, caplog):
    """A separate app instance with one route that raises: the handler is generic."""
    app = create_app(settings)
    bp = Blueprint("boom", __name__, url_prefix="/v1/boom")

    @bp.get("")
    async def boom():
        raise KeyError("boom")

    app.register_blueprint(bp)
    register_error_handlers(app)
    with caplog.at_level(logging.ERROR, logger="tally.errors"):
        response = await app.test_client().get("/v1/boom")
    assert response.status_code == 500
    assert await response.get_json() == {"error": "Internal server error"}
    assert "KeyError" in caplog.text


async def test_error_bodies_are_never_html_under_v1(client, merchant):
    probes = [
        client.get("/v1/x"),
        client.put("/v1/api-keys", headers=merchant.headers),
        client.post("/v1/api-keys", data="{", headers={"Content-Type": "application/json"}),
        client.get("/v1/api-keys"),
    ]
    for probe in probes:
        response = await probe
        assert response.status_code >= 400
        assert response.mimetype == "application/json"
        assert isinstance((await response.get_json())["error"], str)
