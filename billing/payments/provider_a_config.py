"""Provider A's configuration for one merchant row: check keys, save them, read them back, and
read the account they open (the merchant profile's prefill).

A merchant row is one mode (billing/accounts/merchants.py), so its keys must be of that mode:
test rows take ``sk_test_``/``pk_test_`` keys, live rows ``sk_live_``/``pk_live_``. Gateways
such as localstripe accept any key, so the kind is checked here, before any call.

The order of ``save_config`` is the architecture's rule turned around for a configuration:
the provider calls (checking the key, registering the webhook endpoint) come first, outside any
transaction, because their outcome is what gets stored; the row is then written in one short
transaction under the merchant lock, so two saves at once cannot both insert.
"""

import asyncio

from tortoise.transactions import in_transaction

from billing.accounts.merchants import get_merchant, lock_merchant
from billing.core.errors import Invalid, NotFound, Unavailable
from billing.core.models import utcnow
from billing.payments import setup
from billing.payments.gateways.provider_a import sdk as provider_a
from billing.payments.gateways.provider_a.sdk import ProviderAError
from billing.payments.models import ProviderConfig

PROVIDER = "provider_a"
WEBHOOK_EVENTS = provider_a.WEBHOOK_EVENTS  # what the registered endpoint sends
MAX_KEY_LENGTH = 300
ACCEPTED = "Provider A accepted the keys"
NOT_CONFIGURED = (
    "Provider A is not configured for this merchant in {mode} mode. "
    "Save its keys with POST /v1/provider-a/config first."
)


def _not_configured(mode: str) -> str:
    return NOT_CONFIGURED.format(mode=mode)


def key_problem(mode: str, secret_key: str, public_key: str) -> Invalid | None:
    """Why these keys cannot serve a merchant row of ``mode``, or None when they can."""
    other = "live" if mode == "test" else "test"
    for value, kind, name in ((secret_key, "sk", "secretKey"), (public_key, "pk", "publicKey")):
        if not value or len(value) > MAX_KEY_LENGTH:
            return Invalid(
                f"{name} must be a provider A key of 1 to {MAX_KEY_LENGTH} characters",
                code="provider_a_key_length",
                field=name,
            )
        if any(ord(char) < 32 for char in value):
            return Invalid(
                f"{name} contains control characters no key has",
                code="key_control_characters",
                field=name,
            )
        if not value.isascii():  # it travels in an HTTP header, which takes ASCII
            return Invalid(
                f"{name} contains characters no key has: keys are ASCII",
                code="key_not_ascii",
                field=name,
            )
        if value.startswith(f"{kind}_{other}_"):
            return Invalid(
                f"{name} is a {other} key ({kind}_{other}_...), but this merchant is in {mode} "
                f"mode: use a {kind}_{mode}_ key here, or configure the {other} key with a "
                f"{other} API key",
                code="provider_a_key_other_mode",
                field=name,
                params={"kind": kind, "mode": mode, "other": other},
            )
        if not value.startswith(f"{kind}_{mode}_") or len(value) == len(f"{kind}_{mode}_"):
            return Invalid(
                f"{name} must be a provider A {mode} key starting with {kind}_{mode}_",
                code="provider_a_key_prefix",
                field=name,
            )
    return None


async def _mode(merchant_id: str) -> str:
    return (await get_merchant(merchant_id)).mode


def _refusal(refused: ProviderAError) -> Invalid | Unavailable:
    """The gateway's refusal of a key (400, about the secret key) or failure (503)."""
    if refused.refused_key:
        return Invalid(refused.message, code="provider_a_refused_key", field="secretKey")
    return Unavailable(refused.message, code="provider_a_unavailable")


async def check_keys(
    merchant_id: str, *, secret_key: str, public_key: str
) -> Invalid | Unavailable | None:
    """Why these keys cannot serve this merchant (their kinds, or the gateway's answer to a
    real call), as the error saving them would raise; None when they can."""
    problem = key_problem(await _mode(merchant_id), secret_key, public_key)
    if problem is None:
        try:
            await asyncio.to_thread(provider_a.check_key, secret_key)
        except ProviderAError as refused:
            return _refusal(refused)
    return problem


async def validate_keys(merchant_id: str, *, secret_key: str, public_key: str) -> dict:
    """``{message, success}``: the key kinds fit the mode and the gateway accepts the secret
    key (a real call). Never raises for a bad key: the answer says what is wrong."""
    problem = await check_keys(merchant_id, secret_key=secret_key, public_key=public_key)
    if problem is not None:
        return {"message": problem.message, "success": False}
    return {"message": ACCEPTED, "success": True}


async def save_config(
    merchant_id: str, *, secret_key: str, public_key: str, webhook_secret: str | None = None
) -> dict:
    """Check the keys, register the webhook endpoint and store the configuration.

    A refused key answers 400 and an unreachable gateway 503; nothing is stored then. A
    refused registration still stores the keys, with ``hasWebhook`` false and a message naming
    the URL to add by hand; ``webhook_secret`` (that endpoint's signing secret) is stored
    sealed. Without a new one, an earlier stored signing secret is kept.
    """
    if webhook_secret is not None and (not webhook_secret or len(webhook_secret) > 500):
        raise Invalid(
            "webhookSecret must be a string of 1 to 500 characters", field="webhookSecret"
        )
    mode = await _mode(merchant_id)
    problem = key_problem(mode, secret_key, public_key)
    if problem is not None:
        raise problem
    try:
        await asyncio.to_thread(provider_a.check_key, secret_key)
    except ProviderAError as refused:
        raise _refusal(refused) from refused

    url = setup.webhook_url(provider_a.webhook_path(merchant_id))
    try:
        endpoint = await asyncio.to_thread(provider_a.register_webhook, secret_key, merchant_id)
    except ProviderAError as refused:
        endpoint, reason = None, refused.message
    fields = {
        "public_key": public_key,
        "secret_key_sealed": setup.seal(secret_key),
        "webhook_id": endpoint.id if endpoint else None,
        "has_webhook": endpoint is not None,
        "environment": mode,
        "deleted_at": None,
    }
    signing_secret = (endpoint and endpoint.secret) or webhook_secret
    if signing_secret:
        fields["webhook_secret_sealed"] = setup.seal(signing_secret)
    config = await _upsert(merchant_id, fields)

    if endpoint is not None:
        message = "Provider A configured; its webhook endpoint is registered"
        webhook = {
            "id": endpoint.id,
            "url": endpoint.url,
            "enabled_events": endpoint.enabled_events,
        }
    else:
        message = (
            f"Provider A configured, but the webhook endpoint could not be registered ({reason}). "
            f"Add {url} by hand in provider A's dashboard for the events "
            f"{', '.join(provider_a.WEBHOOK_EVENTS)}, and send its signing secret as "
            "webhookSecret."
        )
        webhook = {"id": None, "url": url, "enabled_events": list(provider_a.WEBHOOK_EVENTS)}
    return {"message": message, "id": config.id, "webhook": webhook}


async def _upsert(merchant_id: str, fields: dict) -> ProviderConfig:
    """The merchant's one provider A row, created or overwritten (a soft-deleted one is
    brought back: the unique key ignores ``deleted_at``)."""
    async with in_transaction():
        await lock_merchant(merchant_id)
        config = await ProviderConfig.filter(merchant_id=merchant_id, provider=PROVIDER).first()
        if config is None:
            return await ProviderConfig.create(merchant_id=merchant_id, provider=PROVIDER, **fields)
        config.update_from_dict({**fields, "updated_at": utcnow()})
        await config.save()
        return config


async def _config(merchant_id: str) -> ProviderConfig | None:
    return await ProviderConfig.scoped(merchant_id).filter(provider=PROVIDER).first()


async def read_config(merchant_id: str) -> dict:
    """The spec's record: ``{id, publicKey, secretKey (masked), hasWebhook, createdAt}``
    (``createdAt`` a datetime). The webhook signing secret is never answered."""
    config = await _config(merchant_id)
    if config is None:
        raise NotFound(_not_configured(await _mode(merchant_id)))
    return {
        "id": config.id,
        "publicKey": config.public_key,
        "secretKey": setup.masked(setup.unseal(config.secret_key_sealed)),
        "hasWebhook": config.has_webhook,
        "createdAt": config.created_at,
    }


async def is_configured(merchant_id: str) -> bool:
    return await ProviderConfig.scoped(merchant_id).filter(provider=PROVIDER).exists()


async def provider_a_secret(merchant_id: str) -> str | None:
    """The merchant row's provider A secret key, unsealed, for callers that charge or read
    the account; None when provider A is not configured."""
    config = await _config(merchant_id)
    return setup.unseal(config.secret_key_sealed) if config else None


async def public_key(merchant_id: str) -> str | None:
    """The merchant row's provider A publishable key (public by design), or None."""
    config = await _config(merchant_id)
    return config.public_key if config else None


async def webhook_secret(merchant_id: str) -> str | None:
    """The signing secret of the merchant's provider A webhook endpoint, if one is known."""
    config = await _config(merchant_id)
    return (
        setup.unseal(config.webhook_secret_sealed)
        if config and config.webhook_secret_sealed
        else None
    )


def webhook_path(merchant_id: str) -> str:
    """Where provider A delivers this merchant row's events (the settings page shows it)."""
    return provider_a.webhook_path(merchant_id)


def _account_and_currency(secret_key: str) -> tuple[dict, str | None]:
    account = provider_a.account(secret_key)
    currency = None if account.get("default_currency") else provider_a.balance_currency(secret_key)
    return account, currency


async def account_and_currency(secret_key: str) -> tuple[dict, str | None]:
    """The account ``secret_key`` opens (``{}`` where the gateway has no account API) and,
    when it names no default currency, its balance's. ``Invalid`` when provider A refuses the
    key, ``Unavailable`` when it cannot be reached."""
    try:
        return await asyncio.to_thread(_account_and_currency, secret_key)
    except ProviderAError as refused:
        raise (Invalid if refused.refused_key else Unavailable)(refused.message) from refused
