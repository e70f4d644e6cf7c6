"""API keys: create, list, read the publishable key, revoke, and authenticate a request.

Secret keys are stored only as a SHA-256 hash plus a short display prefix; a lost secret key
cannot be recovered, only replaced. Publishable keys are meant for browsers, so their value is
kept and can be read back. Only one publishable key per environment is active: creating a new
one revokes the previous one in the same transaction, under a lock on the merchant row so two
concurrent creations cannot both stay active.

Modes (billing/accounts/merchants.py): a business is a live and a test merchant row, and a key
belongs to the row of its environment. Who manages which keys:

- the live row (a live secret key, the dashboard in live mode) manages keys of both
  environments: a test key it creates is made on the business's test row, its list holds
  both rows' keys (each with its ``environment``), it reads either publishable key and
  revokes a key of either row;
- the test row manages test keys only: naming ``live`` is a 403 and a live key's id answers as
  missing, so a leaked test key can never mint, read or revoke live keys.

``environment`` defaults to the caller's own mode: ``live`` for a live key (the spec's
default), ``test`` for a test key (the only one it may name).
"""

import hashlib
import time

from tortoise import connections
from tortoise.transactions import in_transaction

from billing.accounts.merchants import get_merchant, lock_merchant, tenant_of
from billing.accounts.models import ApiKey, Merchant
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
        raise Invalid("environment must be 'live' or 'test'", field="environment")
    return environment


async def _rows(merchant_id: str) -> dict[str, str]:
    """The merchant rows, by environment, whose keys the caller's row manages (see the
    module docstring): both of the business for the live row, its own for the test row."""
    merchant = await get_merchant(merchant_id)
    if merchant.mode != "live":
        return {merchant.mode: merchant.id}
    test = await Merchant.filter(account_id=merchant.account_id, mode="test").first()
    return {"live": merchant.id, **({"test": test.id} if test else {})}


async def _row_of(merchant_id: str, environment: str | None) -> tuple[str, str]:
    """The merchant row holding keys of ``environment`` (None: the caller's own mode) and that
    environment; 403 when the caller may not manage it (a test row naming live)."""
    if environment is not None:
        check_environment(environment)
    merchant = await get_merchant(merchant_id)
    environment = environment or merchant.mode
    if environment == merchant.mode:
        return merchant.id, environment
    if merchant.mode != "live":
        raise Forbidden(
            f"{environment.capitalize()} keys are managed in {environment} mode only: use a "
            f"{environment} key, or switch the dashboard to {environment} mode"
        )
    return (await tenant_of(merchant.id, environment)).id, environment


async def create_api_key(
    merchant_id: str, *, name: str, key_type: str, environment: str | None = None
) -> tuple[ApiKey, str]:
    """Create a key of ``environment`` (default: the caller's mode) on the row of that mode, and
    return it with its full value, which is never available again for a secret key. A live
    caller may name either environment, a test caller only ``test`` (403 otherwise)."""
    name = clean_name(name, "name")
    if key_type not in KEY_TYPE_PREFIXES:
        raise Invalid("keyType must be 'secret' or 'publishable'", field="keyType")
    merchant_id, environment = await _row_of(merchant_id, environment)
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


async def list_api_keys(merchant_id: str, *, environment: str | None = None) -> list[ApiKey]:
    """The keys the caller manages, newest first, revoked ones too: a live caller's both
    environments, a test caller's test keys; ``environment`` keeps one of them (the dashboard
    shows the keys of the mode it is in)."""
    rows = await _rows(merchant_id)
    if environment is not None:
        rows = {environment: rows[environment]} if environment in rows else {}
    return await ApiKey.filter(merchant_id__in=list(rows.values())).order_by("-created_at", "id")


async def get_publishable_key(merchant_id: str, *, environment: str | None = None) -> ApiKey:
    """The active publishable key of ``environment`` (default: the caller's mode); a live
    caller may read the test one, a test caller not the live one (403)."""
    merchant_id, environment = await _row_of(merchant_id, environment)
    key = await ApiKey.filter(
        merchant_id=merchant_id, key_type="publishable", environment=environment, revoked_at=None
    ).first()
    if key is None:
        raise NotFound("No active publishable key found for this environment")
    return key


async def revoke_api_key(merchant_id: str, key_id: str) -> ApiKey:
    """Revoke at once; revoking an already revoked key keeps its first revocation time.

    A live caller revokes keys of either environment of its business; a test caller its test
    keys only. Any other key (another merchant's, a live key for a test caller) answers
    exactly like a missing one, and nothing changes.
    """
    if not is_well_formed(key_id, ApiKey.id_prefix):
        raise NotFound("API key not found or access denied", code="api_key_not_found")
    rows = list((await _rows(merchant_id)).values())
    async with in_transaction():
        key = await ApiKey.filter(merchant_id__in=rows, id=key_id).select_for_update().first()
        if key is None:
            raise NotFound("API key not found or access denied", code="api_key_not_found")
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
