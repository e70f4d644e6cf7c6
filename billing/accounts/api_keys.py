"""API keys: create, list, read the publishable key, revoke, and authenticate a request.

Secret keys are stored only as a SHA-256 hash plus a short display prefix; a lost secret key
cannot be recovered, only replaced. Publishable keys are meant for browsers, so their value is
kept and can be read back. A merchant row is one mode (billing/accounts/merchants.py), so
its keys are of that mode only. Only one publishable key per environment is active: creating a new
one revokes the previous one in the same transaction, under a lock on the merchant row so two
concurrent creations cannot both stay active.
"""

import hashlib
import time

from tortoise import connections
from tortoise.transactions import in_transaction

from billing.accounts.merchants import get_merchant, lock_merchant
from billing.accounts.models import ApiKey
from billing.core.errors import Forbidden, Invalid, NotFound, Unauthorized
from billing.core.ids import is_well_formed, random_base62
from billing.core.models import from_row, utcnow
from billing.core.validation import clean_name

KEY_TYPE_PREFIXES = {"secret": "sk", "publishable": "pk"}
ENVIRONMENTS = ("live", "test")
DISPLAY_PREFIX_LENGTH = 12  # "sk_live_" plus four characters of the random part


def hash_key(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def check_environment(environment: str) -> str:
    if environment not in ENVIRONMENTS:
        raise Invalid("environment must be 'live' or 'test'")
    return environment


async def _own_mode(merchant_id: str, environment: str | None) -> str:
    """The environment of keys this merchant row manages: its own mode only (None: that).
    A test key or test-mode session never sees or makes live keys, nor the other way round."""
    if environment is not None:
        check_environment(environment)
    merchant = await get_merchant(merchant_id)
    if environment is not None and environment != merchant.mode:
        raise Forbidden(
            f"{environment.capitalize()} keys are managed in {environment} mode only: use a "
            f"{environment} key, or switch the dashboard to {environment} mode"
        )
    return merchant.mode


async def create_api_key(
    merchant_id: str, *, name: str, key_type: str, environment: str | None = None
) -> tuple[ApiKey, str]:
    """Create a key of the merchant row's mode (``environment`` may only repeat it) and return
    it with its full value, which is never available again for a secret key."""
    name = clean_name(name, "name")
    if key_type not in KEY_TYPE_PREFIXES:
        raise Invalid("keyType must be 'secret' or 'publishable'")
    environment = await _own_mode(merchant_id, environment)
    value = f"{KEY_TYPE_PREFIXES[key_type]}_{environment}_{random_base62(32)}"
    async with in_transaction():
        await lock_merchant(merchant_id)
        if key_type == "publishable":
            await ApiKey.filter(
                merchant_id=merchant_id,
                key_type="publishable",
                environment=environment,
                revoked_at=None,
            ).update(revoked_at=utcnow())
        key = await ApiKey.create(
            merchant_id=merchant_id,
            name=name,
            key_type=key_type,
            environment=environment,
            prefix=value[:DISPLAY_PREFIX_LENGTH],
            key_hash=hash_key(value),
            key_value=value if key_type == "publishable" else None,
        )
    forget_cached_keys()  # a new publishable key revoked the previous one
    return key, value


async def list_api_keys(merchant_id: str) -> list[ApiKey]:
    return await ApiKey.filter(merchant_id=merchant_id).order_by("-created_at", "id")


async def get_publishable_key(merchant_id: str, *, environment: str | None = None) -> ApiKey:
    """The active publishable key of the merchant row's mode (``environment`` may only
    repeat it)."""
    environment = await _own_mode(merchant_id, environment)
    key = await ApiKey.filter(
        merchant_id=merchant_id, key_type="publishable", environment=environment, revoked_at=None
    ).first()
    if key is None:
        raise NotFound("No active publishable key found for this environment")
    return key


async def revoke_api_key(merchant_id: str, key_id: str) -> ApiKey:
    """Revoke at once; revoking an already revoked key keeps its first revocation time.

    Another merchant's key answers exactly like a missing one, and nothing changes.
    """
    if not is_well_formed(key_id, ApiKey.id_prefix):
        raise NotFound("API key not found or access denied")
    async with in_transaction():
        key = await ApiKey.filter(merchant_id=merchant_id, id=key_id).select_for_update().first()
        if key is None:
            raise NotFound("API key not found or access denied")
        if key.revoked_at is None:
            key.revoked_at = utcnow()
            await key.save(update_fields=["revoked_at", "updated_at"])
    forget_cached_keys()
    return key


# Keys that authenticated within the last ``KEY_CACHE_SECONDS``, by hash: (valid until, key).
# Every /v1 request authenticates, and on the hot routes (events, entitlement checks) the
# lookup's round trip was a third of the database work (measured in bench/). Revoking or
# creating a key through this module empties the cache of this process at once; another server
# process, or a change made straight in the database, takes effect within the window.
KEY_CACHE_SECONDS = 1.0
KEY_CACHE_SIZE = 10_000
_recent_keys: dict[str, tuple[float, ApiKey]] = {}


def forget_cached_keys() -> None:
    """Empty this process's cache of authenticated keys (after any key change)."""
    _recent_keys.clear()


# A cache miss runs this lookup: one indexed join in hand-written SQL (building the same query
# through the ORM cost about four times as long, measured in bench/).
_AUTHENTICATE_SQL = (
    "SELECT k.* FROM api_keys k JOIN merchants m ON m.id = k.merchant_id"
    " WHERE k.key_hash = $1 AND k.revoked_at IS NULL"
)


async def authenticate(value: str | None, *, key_type: str) -> ApiKey:
    """The active key of ``key_type`` with this value (the merchant must exist)."""
    wanted = KEY_TYPE_PREFIXES[key_type]
    if not value:
        raise Unauthorized(
            "Missing API key: send 'Authorization: Bearer <secret key>'"
            if key_type == "secret"
            else "Missing publishable key: send it in the 'X-Service-Key' header"
        )
    if not value.startswith(f"{wanted}_"):
        raise Unauthorized(f"This endpoint requires a {key_type} key")
    digest = hash_key(value)
    now = time.monotonic()
    cached = _recent_keys.get(digest)
    if cached is not None and cached[0] > now:
        return cached[1]
    rows = await connections.get("default").execute_query_dict(_AUTHENTICATE_SQL, [digest])
    if not rows:
        raise Unauthorized("Invalid or revoked API key")
    key = from_row(ApiKey, rows[0])
    if len(_recent_keys) >= KEY_CACHE_SIZE:
        _recent_keys.clear()
    _recent_keys[digest] = (now + KEY_CACHE_SECONDS, key)
    return key
