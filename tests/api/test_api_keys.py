"""/v1/api-keys: envelopes, key formats, one publishable key per environment, revocation."""

import hashlib

from billing.models import ApiKey


async def test_list_has_no_key_values(client, merchant):
    response = await client.get("/v1/api-keys", headers=merchant.headers)
    assert response.status_code == 200
    body = await response.get_json()
    assert body["success"] is True
    assert {key["keyType"] for key in body["data"]} == {"secret", "publishable"}
    assert all("keyValue" not in key for key in body["data"])


async def test_secret_key_is_stored_only_as_hash(client, merchant):
    response = await client.post(
        "/v1/api-keys", json={"name": "CI", "keyType": "secret"}, headers=merchant.headers
    )
    assert response.status_code == 201
    data = (await response.get_json())["data"]
    assert data["keyValue"].startswith("sk_live_")
    assert data["prefix"] == data["keyValue"][:12]
    stored = await ApiKey.get(id=data["id"])
    assert stored.key_value is None
    assert stored.key_hash == hashlib.sha256(data["keyValue"].encode()).hexdigest()


async def test_revoked_key_fails_on_next_request(client, merchant):
    created = await client.post(
        "/v1/api-keys",
        json={"name": "temp", "keyType": "secret", "environment": "test"},
        headers=merchant.headers,
    )
    data = (await created.get_json())["data"]
    assert data["keyValue"].startswith("sk_test_")
    temp_headers = {"Authorization": f"Bearer {data['keyValue']}"}
    assert (await client.get("/v1/merchants/current", headers=temp_headers)).status_code == 200

    revoked = await client.delete(f"/v1/api-keys/{data['id']}", headers=merchant.headers)
    assert revoked.status_code == 200
    body = await revoked.get_json()
    assert body["success"] is True and body["data"]["id"] == data["id"]
    assert body["data"]["revokedAt"]

    after = await client.get("/v1/merchants/current", headers=temp_headers)
    assert after.status_code == 401
    assert "error" in await after.get_json()


async def test_other_merchants_key_answers_as_missing(client, make_merchant):
    alice = await make_merchant()
    bob = await make_merchant()
    alice_keys = (await (await client.get("/v1/api-keys", headers=alice.headers)).get_json())[
        "data"
    ]
    target = alice_keys[0]["id"]
    response = await client.delete(f"/v1/api-keys/{target}", headers=bob.headers)
    assert response.status_code == 404
    assert await response.get_json() == {"error": "API key not found or access denied"}
    missing = await client.delete("/v1/api-keys/key_doesnotexist", headers=bob.headers)
    assert missing.status_code == 404
    assert await missing.get_json() == await response.get_json()
    assert (await ApiKey.get(id=target)).revoked_at is None
