"""billing.accounts.api_keys at the service level, including the publishable-key side of
``authenticate`` (no /v1/public route exists yet to exercise it over HTTP)."""

import asyncio

import pytest

from billing.accounts import api_keys
from billing.accounts.models import ApiKey
from billing.core.errors import Invalid, NotFound, Unauthorized
from billing.core.models import utcnow


async def test_authenticate_publishable_key(merchant):
    key = await api_keys.authenticate(merchant.publishable_key, key_type="publishable")
    assert key.merchant_id == merchant.id
    assert key.key_type == "publishable"


async def test_authenticate_secret_key(merchant):
    key = await api_keys.authenticate(merchant.secret_key, key_type="secret")
    assert (key.merchant_id, key.key_type) == (merchant.id, "secret")


async def test_secret_key_sent_as_publishable_is_refused(merchant):
    with pytest.raises(Unauthorized, match="requires a publishable key"):
        await api_keys.authenticate(merchant.secret_key, key_type="publishable")


async def test_publishable_key_sent_as_secret_is_refused(merchant):
    with pytest.raises(Unauthorized, match="requires a secret key"):
        await api_keys.authenticate(merchant.publishable_key, key_type="secret")


@pytest.mark.parametrize("value", [None, ""])
async def test_missing_publishable_key_names_the_header(value):
    with pytest.raises(Unauthorized, match="X-Service-Key"):
        await api_keys.authenticate(value, key_type="publishable")


@pytest.mark.parametrize(
    "value", ["pk_live_unknown", "pk_test_" + "a" * 32, "pk_live_\u0000", "pk_" + "x" * 100_000]
)
async def test_unknown_publishable_key_is_refused(value):
    with pytest.raises(Unauthorized, match="Invalid or revoked API key"):
        await api_keys.authenticate(value, key_type="publishable")


async def test_replaced_publishable_key_stops_working_at_once(merchant):
    old = await ApiKey.get(merchant_id=merchant.id, key_type="publishable")
    _, new_value = await api_keys.create_api_key(
        merchant.id, name="rotated", key_type="publishable", environment="live"
    )
    await old.refresh_from_db()
    assert old.revoked_at is not None
    with pytest.raises(Unauthorized):
        await api_keys.authenticate(merchant.publishable_key, key_type="publishable")
    assert (await api_keys.authenticate(new_value, key_type="publishable")).merchant_id == (
        merchant.id
    )
    read = await api_keys.get_publishable_key(merchant.id, environment="live")
    assert read.key_value == new_value


async def test_concurrent_publishable_creations_leave_one_active(merchant):
    await asyncio.gather(
        *(
            api_keys.create_api_key(merchant.id, name=f"p{i}", key_type="publishable")
            for i in range(5)
        )
    )
    active = await ApiKey.filter(
        merchant_id=merchant.id, key_type="publishable", environment="live", revoked_at=None
    ).count()
    assert active == 1


async def test_revoked_secret_key_is_refused(merchant):
    key = await ApiKey.get(merchant_id=merchant.id, key_type="secret")
    await api_keys.revoke_api_key(merchant.id, key.id)
    with pytest.raises(Unauthorized, match="Invalid or revoked API key"):
        await api_keys.authenticate(merchant.secret_key, key_type="secret")


async def test_revoke_is_scoped_to_the_merchant(make_merchant):
    alice = await make_merchant()
    bob = await make_merchant()
    key = await ApiKey.get(merchant_id=alice.id, key_type="secret")
    with pytest.raises(NotFound, match="API key not found or access denied"):
        await api_keys.revoke_api_key(bob.id, key.id)
    assert (await ApiKey.get(id=key.id)).revoked_at is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "", "key_type": "secret"}, "name is required"),
        ({"name": "x", "key_type": "root"}, "keyType"),
        ({"name": "x", "key_type": "secret", "environment": "staging"}, "environment"),
        ({"name": "a\u0000", "key_type": "secret"}, "control characters"),
    ],
)
async def test_create_validates(merchant, kwargs, message):
    with pytest.raises(Invalid, match=message):
        await api_keys.create_api_key(merchant.id, **kwargs)


async def test_publishable_read_validates_environment(merchant):
    with pytest.raises(Invalid, match="environment"):
        await api_keys.get_publishable_key(merchant.id, environment="prod")


async def test_secret_value_is_never_stored(merchant):
    key, value = await api_keys.create_api_key(merchant.id, name="s", key_type="secret")
    row = await ApiKey.filter(id=key.id).values()
    assert value not in repr(row)
    assert row[0]["key_hash"] == api_keys.hash_key(value)
    assert row[0]["prefix"] == value[:12]


async def test_keys_revoked_elsewhere_stop_working_within_the_cache_window(merchant, monkeypatch):
    """A revocation this process did not make (another server process, or SQL) is seen once
    the key's cache entry expires; one made here is seen at once (previous tests)."""
    monkeypatch.setattr(api_keys, "KEY_CACHE_SECONDS", 0.2)
    key = await api_keys.authenticate(merchant.secret_key, key_type="secret")
    await ApiKey.filter(id=key.id).update(revoked_at=utcnow())
    assert (await api_keys.authenticate(merchant.secret_key, key_type="secret")).id == key.id
    await asyncio.sleep(0.25)
    with pytest.raises(Unauthorized, match="Invalid or revoked API key"):
        await api_keys.authenticate(merchant.secret_key, key_type="secret")


async def test_revoking_through_the_service_empties_the_cache_at_once(merchant):
    key = await api_keys.authenticate(merchant.secret_key, key_type="secret")
    await api_keys.revoke_api_key(merchant.id, key.id)
    with pytest.raises(Unauthorized):
        await api_keys.authenticate(merchant.secret_key, key_type="secret")
