"""/v1/api-keys: envelopes, key formats, one publishable key per environment, revocation."""

import hashlib
import json
import re

import pytest

from billing.accounts.models import ApiKey
from tests.conftest import in_test_mode

KEY_FIELDS = {"id", "name", "keyType", "environment", "prefix", "createdAt", "revokedAt"}


async def create(client, merchant, **body):
    return await client.post("/v1/api-keys", json=body, headers=merchant.headers)


async def test_list_has_no_key_values(client, merchant):
    response = await client.get("/v1/api-keys", headers=merchant.headers)
    assert response.status_code == 200
    body = await response.get_json()
    assert body["success"] is True
    assert {key["keyType"] for key in body["data"]} == {"secret", "publishable"}
    assert all(set(key) == KEY_FIELDS for key in body["data"])


async def test_list_shows_only_own_keys(client, make_merchant):
    alice = await make_merchant()
    bob = await make_merchant()
    await create(client, alice, name="Alice only", keyType="secret")
    bob_keys = (await (await client.get("/v1/api-keys", headers=bob.headers)).get_json())["data"]
    assert len(bob_keys) == 2
    assert "Alice only" not in {key["name"] for key in bob_keys}
    stored = await ApiKey.filter(id__in=[key["id"] for key in bob_keys]).values_list(
        "merchant_id", flat=True
    )
    assert set(stored) == {bob.id}


@pytest.mark.parametrize(
    ("key_type", "environment", "prefix"),
    [
        ("secret", "live", "sk_live_"),
        ("secret", "test", "sk_test_"),
        ("publishable", "live", "pk_live_"),
        ("publishable", "test", "pk_test_"),
    ],
)
async def test_create_answers_key_with_value_once(client, merchant, key_type, environment, prefix):
    """A key of each mode, made with a key of that mode."""
    if environment == "test":
        merchant = await in_test_mode(merchant)
    response = await create(client, merchant, name="Key", keyType=key_type, environment=environment)
    assert response.status_code == 201
    body = await response.get_json()
    assert body["success"] is True
    data = body["data"]
    assert set(data) == KEY_FIELDS | {"keyValue"}
    assert re.fullmatch(prefix + "[0-9A-Za-z]{32}", data["keyValue"])
    assert data["id"].startswith("key_")
    assert (data["keyType"], data["environment"]) == (key_type, environment)
    assert data["prefix"] == data["keyValue"][:12]
    assert data["revokedAt"] is None
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", data["createdAt"])
    listed = (await (await client.get("/v1/api-keys", headers=merchant.headers)).get_json())["data"]
    assert [key for key in listed if key["id"] == data["id"]] == [
        {k: v for k, v in data.items() if k != "keyValue"}
    ]


async def test_environment_defaults_to_live(client, merchant):
    data = (await (await create(client, merchant, name="d", keyType="secret")).get_json())["data"]
    assert data["environment"] == "live"
    assert data["keyValue"].startswith("sk_live_")


async def test_secret_key_is_stored_only_as_hash(client, merchant):
    response = await create(client, merchant, name="CI", keyType="secret")
    data = (await response.get_json())["data"]
    stored = await ApiKey.get(id=data["id"])
    assert stored.key_value is None
    assert stored.key_hash == hashlib.sha256(data["keyValue"].encode()).hexdigest()
    assert data["keyValue"] not in str(await ApiKey.filter(id=data["id"]).values())


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"keyType": "secret"}, "name"),
        ({"name": "x"}, "keyType"),
        ({"name": "x", "keyType": "admin"}, "keyType"),
        ({"name": "x", "keyType": "secret", "environment": "prod"}, "environment"),
        ({"name": 5, "keyType": "secret"}, "name"),
        ({"name": None, "keyType": "secret"}, "name"),
        ({"name": ["a"], "keyType": "secret"}, "name"),
        ({"name": "   ", "keyType": "secret"}, "name"),
        ({"name": "x" * 201, "keyType": "secret"}, "name"),
        ({"name": "x" * 100_000, "keyType": "secret"}, "name"),
        ({"name": "nul\u0000byte", "keyType": "secret"}, "name"),
        ({"name": "\udfff", "keyType": "secret"}, "name"),
    ],
)
async def test_create_rejects_bad_input(client, merchant, body, field):
    before = await ApiKey.filter(merchant_id=merchant.id).count()
    response = await create(client, merchant, **body)
    assert response.status_code == 400
    error = (await response.get_json())["error"]
    assert isinstance(error, str) and field in error
    assert await ApiKey.filter(merchant_id=merchant.id).count() == before


async def test_create_accepts_unicode_name(client, merchant):
    response = await create(client, merchant, name="Clé — 東京 🚀", keyType="secret")
    assert response.status_code == 201
    assert (await response.get_json())["data"]["name"] == "Clé — 東京 🚀"


async def test_publishable_read_returns_live_key_by_default(client, merchant):
    response = await client.get("/v1/api-keys/publishable", headers=merchant.headers)
    assert response.status_code == 200
    body = await response.get_json()
    assert body["success"] is True
    assert body["data"]["keyValue"] == merchant.publishable_key
    assert body["data"]["keyType"] == "publishable"
    assert body["data"]["environment"] == "live"


async def test_publishable_read_gives_the_key_of_the_environment(client, merchant):
    """Design decision: unlike the reference, ``environment`` is honoured. It defaults to the
    calling key's mode; a live key reads the test key too, a test key naming live is a 403."""
    tester = await in_test_mode(merchant)
    path = "/v1/api-keys/publishable"
    for caller, own in ((merchant, "live"), (tester, "test")):
        for query in ({}, {"environment": own}):
            found = await client.get(path, query_string=query, headers=caller.headers)
            assert found.status_code == 200
            assert (await found.get_json())["data"]["keyValue"] == caller.publishable_key
    found = await client.get(path, query_string={"environment": "test"}, headers=merchant.headers)
    assert found.status_code == 200
    data = (await found.get_json())["data"]
    assert (data["keyValue"], data["environment"]) == (tester.publishable_key, "test")
    refused = await client.get(path, query_string={"environment": "live"}, headers=tester.headers)
    assert refused.status_code == 403
    assert (await refused.get_json())["error"].startswith("Live keys are managed in live mode only")


async def listed(client, caller) -> dict[str, str]:
    """The caller's list: environment by key name."""
    body = await (await client.get("/v1/api-keys", headers=caller.headers)).get_json()
    return {key["name"]: key["environment"] for key in body["data"]}


async def test_a_live_key_manages_both_environments(client, merchant):
    """A live key makes a test key on the business's test merchant row, lists both
    environments' keys and revokes a test key; the key it made works in test mode only."""
    tester = await in_test_mode(merchant)
    made = await create(client, merchant, name="ci", keyType="secret", environment="test")
    assert made.status_code == 201
    data = (await made.get_json())["data"]
    assert data["environment"] == "test" and data["keyValue"].startswith("sk_test_")
    stored = await ApiKey.get(id=data["id"])
    assert (stored.merchant_id, stored.environment) == (tester.id, "test")
    default = await create(client, merchant, name="default", keyType="secret")
    assert (await default.get_json())["data"]["environment"] == "live"  # the spec's default

    current = await client.get(
        "/v1/merchants/current", headers={"Authorization": f"Bearer {data['keyValue']}"}
    )
    assert (await current.get_json())["id"] == tester.id

    names = await listed(client, merchant)
    assert (names["ci"], names["default"], names["Test secret key"]) == ("test", "live", "test")
    assert set(names.values()) == {"live", "test"}

    revoked = await client.delete(f"/v1/api-keys/{data['id']}", headers=merchant.headers)
    assert revoked.status_code == 200
    assert (await ApiKey.get(id=data["id"])).revoked_at is not None
    gone = await client.get(
        "/v1/merchants/current", headers={"Authorization": f"Bearer {data['keyValue']}"}
    )
    assert gone.status_code == 401


async def test_a_test_key_manages_test_keys_only(client, merchant):
    """A leaked test key never mints, sees or revokes a live key: live is a 403 or missing."""
    tester = await in_test_mode(merchant)
    made = await create(client, tester, name="mine", keyType="secret")
    assert (made.status_code, (await made.get_json())["data"]["environment"]) == (201, "test")
    refused = await create(client, tester, name="theirs", keyType="secret", environment="live")
    assert refused.status_code == 403
    assert (await refused.get_json())["error"].startswith("Live keys are managed in live mode only")
    assert not await ApiKey.filter(name="theirs").exists()
    assert set((await listed(client, tester)).values()) == {"test"}
    live_key = await ApiKey.get(merchant_id=merchant.id, key_type="secret")
    missing = await client.delete(f"/v1/api-keys/{live_key.id}", headers=tester.headers)
    assert missing.status_code == 404
    assert await missing.get_json() == {"error": "API key not found or access denied"}
    assert (await ApiKey.get(id=live_key.id)).revoked_at is None


async def test_another_business_keys_stay_out_of_reach(client, make_merchant):
    """A live key reaches its own business's test row, never another business's."""
    alice, bob = await make_merchant(), await make_merchant()
    bob_tester = await in_test_mode(bob)
    bob_test_key = await ApiKey.get(merchant_id=bob_tester.id, key_type="secret")
    missing = await client.delete(f"/v1/api-keys/{bob_test_key.id}", headers=alice.headers)
    assert missing.status_code == 404
    assert (await ApiKey.get(id=bob_test_key.id)).revoked_at is None
    assert bob_test_key.id not in json.dumps(
        await (await client.get("/v1/api-keys", headers=alice.headers)).get_json()
    )


@pytest.mark.parametrize("environment", ["prod", "LIVE", "x" * 5000])
async def test_publishable_read_rejects_bad_environment(client, merchant, environment):
    response = await client.get(
        "/v1/api-keys/publishable",
        query_string={"environment": environment},
        headers=merchant.headers,
    )
    assert response.status_code == 400
    assert "environment" in (await response.get_json())["error"]


async def test_publishable_read_without_active_key_is_404(client, merchant):
    key = await ApiKey.get(merchant_id=merchant.id, key_type="publishable")
    await client.delete(f"/v1/api-keys/{key.id}", headers=merchant.headers)
    response = await client.get("/v1/api-keys/publishable", headers=merchant.headers)
    assert response.status_code == 404
    assert await response.get_json() == {
        "error": "No active publishable key found for this environment"
    }


async def test_publishable_read_failure_has_details(client, merchant, monkeypatch):
    from billing.accounts import api_keys

    async def broken(*args, **kwargs):
        raise ConnectionError("database went away")

    monkeypatch.setattr(api_keys, "get_publishable_key", broken)
    response = await client.get("/v1/api-keys/publishable", headers=merchant.headers)
    assert response.status_code == 500
    body = await response.get_json()
    assert body["error"] == "Failed to get publishable key"
    assert isinstance(body["details"], str) and "database went away" not in body["details"]


async def test_new_publishable_key_revokes_the_previous_one(client, merchant):
    old = await ApiKey.get(merchant_id=merchant.id, key_type="publishable", environment="live")
    tester = await in_test_mode(merchant)
    test_id = (await ApiKey.get(key_value=tester.publishable_key)).id

    response = await create(client, merchant, name="new", keyType="publishable")
    new = (await response.get_json())["data"]

    await old.refresh_from_db()
    assert old.revoked_at is not None
    assert (await ApiKey.get(id=test_id)).revoked_at is None  # other environment untouched
    active = await ApiKey.filter(
        merchant_id=merchant.id, key_type="publishable", environment="live", revoked_at=None
    ).values_list("id", flat=True)
    assert active == [new["id"]]
    read = await client.get("/v1/api-keys/publishable", headers=merchant.headers)
    assert (
        (await read.get_json())["data"]["keyValue"] == new["keyValue"] != merchant.publishable_key
    )
    listed = (await (await client.get("/v1/api-keys", headers=merchant.headers)).get_json())["data"]
    assert next(key for key in listed if key["id"] == old.id)["revokedAt"] is not None


async def test_new_secret_key_revokes_nothing(client, merchant):
    await create(client, merchant, name="second", keyType="secret")
    assert await ApiKey.filter(merchant_id=merchant.id, revoked_at=None).count() == 3
    assert (await client.get("/v1/api-keys", headers=merchant.headers)).status_code == 200


async def test_revoked_key_fails_on_next_request(client, merchant):
    created = await create(client, merchant, name="temp", keyType="secret")
    data = (await created.get_json())["data"]
    temp_headers = {"Authorization": f"Bearer {data['keyValue']}"}
    assert (await client.get("/v1/merchants/current", headers=temp_headers)).status_code == 200

    revoked = await client.delete(f"/v1/api-keys/{data['id']}", headers=merchant.headers)
    assert revoked.status_code == 200
    body = await revoked.get_json()
    assert body == {
        "success": True,
        "data": {"id": data["id"], "revokedAt": body["data"]["revokedAt"]},
    }
    assert body["data"]["revokedAt"].endswith("Z")

    after = await client.get("/v1/merchants/current", headers=temp_headers)
    assert after.status_code == 401
    assert await after.get_json() == {"error": "Invalid or revoked API key"}


async def test_revocation_is_irreversible(client, merchant):
    key = await ApiKey.get(merchant_id=merchant.id, key_type="secret")
    other = await create(client, merchant, name="admin", keyType="secret")
    headers = {"Authorization": f"Bearer {(await other.get_json())['data']['keyValue']}"}
    first = await (await client.delete(f"/v1/api-keys/{key.id}", headers=headers)).get_json()
    again = await client.delete(f"/v1/api-keys/{key.id}", headers=headers)
    assert again.status_code == 200
    assert (await again.get_json())["data"]["revokedAt"] == first["data"]["revokedAt"]
    assert (await client.get("/v1/api-keys", headers=merchant.headers)).status_code == 401


async def test_a_key_can_revoke_itself(client, merchant):
    key = await ApiKey.get(merchant_id=merchant.id, key_type="secret")
    response = await client.delete(f"/v1/api-keys/{key.id}", headers=merchant.headers)
    assert response.status_code == 200
    assert (await client.get("/v1/api-keys", headers=merchant.headers)).status_code == 401


async def test_other_merchants_key_answers_as_missing(client, make_merchant):
    alice = await make_merchant()
    bob = await make_merchant()
    target = (await ApiKey.get(merchant_id=alice.id, key_type="secret")).id
    response = await client.delete(f"/v1/api-keys/{target}", headers=bob.headers)
    assert response.status_code == 404
    assert await response.get_json() == {"error": "API key not found or access denied"}
    missing = await client.delete("/v1/api-keys/key_doesnotexist", headers=bob.headers)
    assert missing.status_code == 404
    assert await missing.get_json() == await response.get_json()
    assert (await ApiKey.get(id=target)).revoked_at is None
    assert (await client.get("/v1/api-keys", headers=alice.headers)).status_code == 200


@pytest.mark.parametrize(
    "key_id", ["key_" + "x" * 5000, "key_%00abc", "%F0%9F%9A%80", "null", "key_1%27%20OR%201=1"]
)
async def test_revoke_odd_ids_answer_404(client, merchant, key_id):
    response = await client.delete(f"/v1/api-keys/{key_id}", headers=merchant.headers)
    assert response.status_code == 404
    assert await response.get_json() == {"error": "API key not found or access denied"}
    assert await ApiKey.filter(merchant_id=merchant.id, revoked_at=None).count() == 2
