"""The real ``tally serve`` process (granian), called over HTTP.

In-process tests share one context with the ORM; under a real ASGI server each request runs
in a fresh one, which fails with "No TortoiseContext is currently active" unless the ORM is
initialised with ``_enable_global_fallback=True``. Every database-backed call here guards that.
"""

import httpx
import pytest


@pytest.fixture
async def http(live_server):
    async with httpx.AsyncClient(base_url=live_server, timeout=10) as client:
        yield client


async def test_current_merchant_and_key_list_over_http(http, make_merchant):
    account = await make_merchant(name="Served Ltd")
    current = await http.get("/v1/merchants/current", headers=account.headers)
    assert current.status_code == 200, current.text
    assert current.json() == {
        "id": account.id,
        "legalName": "Served Ltd",
        "displayName": "Served Ltd",
        "defaultCurrency": "USD",
    }
    keys = await http.get("/v1/api-keys", headers=account.headers)
    assert keys.status_code == 200, keys.text
    body = keys.json()
    assert body["success"] is True and len(body["data"]) == 2
    assert all("keyValue" not in key for key in body["data"])


async def test_writes_and_revocation_over_http(http, make_merchant):
    account = await make_merchant()
    created = await http.post(
        "/v1/api-keys", json={"name": "served", "keyType": "secret"}, headers=account.headers
    )
    assert created.status_code == 201, created.text
    data = created.json()["data"]
    headers = {"Authorization": f"Bearer {data['keyValue']}"}
    assert (await http.get("/v1/merchants/current", headers=headers)).status_code == 200
    revoked = await http.delete(f"/v1/api-keys/{data['id']}", headers=account.headers)
    assert revoked.status_code == 200
    after = await http.get("/v1/merchants/current", headers=headers)
    assert after.status_code == 401
    assert after.json() == {"error": "Invalid or revoked API key"}


async def test_concurrent_requests_over_http(http, make_merchant):
    import asyncio

    account = await make_merchant()
    responses = await asyncio.gather(
        *(http.get("/v1/merchants/checkonboarding", headers=account.headers) for _ in range(20))
    )
    assert {response.status_code for response in responses} == {200}


async def test_errors_are_json_over_http(http):
    missing = await http.get("/v1/nowhere")
    assert missing.status_code == 404
    assert missing.json() == {"error": "Not found"}
    unauthenticated = await http.get("/v1/api-keys")
    assert unauthenticated.status_code == 401
    assert "error" in unauthenticated.json()
    wrong_method = await http.put("/v1/api-keys")
    assert wrong_method.status_code == 405 and "GET" in wrong_method.headers["allow"]


async def test_openapi_and_health_over_http(http):
    assert (await http.get("/healthz")).json() == {"status": "ok"}
    spec = await http.get("/v1/openapi.json")
    assert spec.status_code == 200 and spec.json()["openapi"].startswith("3.")
