"""A merchant's provider B configuration: check a key, save it, read it back masked.

Each merchant row (so each mode) has its own configuration, and a mode takes only its own
kind of key: the test-mode account a provider B test-mode key, the live one a live-mode key,
so test traffic can never move real money and live charges never land in a sandbox. The
other kind is refused when the key is checked, with a message that says which kind is which.

Saving checks the key at the provider first and, when no ``webhookSecret`` is sent, registers
Tally's webhook endpoint for this merchant there and keeps its signing secret. Both provider
calls happen before the one short transaction that writes the row, never inside it. Secrets
are stored sealed (``setup.seal``) and answered only masked; the webhook secret never.
"""

import logging
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from billing.accounts.merchants import get_merchant
from billing.core.errors import Invalid, NotFound, Unavailable
from billing.core.models import utcnow
from billing.payments import setup
from billing.payments.gateways.provider_b import sdk as provider_b
from billing.payments.gateways.provider_b import signatures as provider_b_signatures
from billing.payments.models import ProviderConfig

log = logging.getLogger("tally.payments.provider_b")

PROVIDER = "provider_b"
MAX_SECRET_LENGTH = 300
MODE_ENVIRONMENTS = {"test": "test_mode", "live": "live_mode"}

NOT_CONFIGURED = "Provider B is not configured: save a secret key with POST /v1/provider-b/config"
WRONG_KIND = (
    "This is a provider B {key_mode}-mode key, and this is the {mode}-mode account: use a "
    "provider B {mode}-mode key here ({key_mode}-mode keys belong to the {key_mode}-mode account)"
)
SAVED = "Provider B configuration saved"
WEBHOOK_CREATED = "; a webhook endpoint was created at provider B"
NO_WEBHOOK = (
    "; no webhook endpoint could be created at provider B, so payment updates will not arrive"
    " until you save again with its webhookSecret"
)


def webhook_path(merchant_id: str) -> str:
    """Where provider B delivers this merchant row's events."""
    return f"/v1/public/webhook-provider-b/{merchant_id}"


def clean_secret_key(value: Any) -> str:
    """``secretKey`` as sent, checked before anything is sent to the provider: a key is one
    printable ASCII token (an HTTP header carries it)."""
    if not isinstance(value, str) or not value.strip():
        raise Invalid("secretKey is required", code="required", field="secretKey")
    value = value.strip()
    if len(value) > MAX_SECRET_LENGTH or not all(33 <= ord(char) <= 126 for char in value):
        raise Invalid(
            f"secretKey must be a provider B secret key: printable characters without spaces, "
            f"at most {MAX_SECRET_LENGTH}",
            field="secretKey",
        )
    return value


def clean_webhook_secret(value: Any) -> str | None:
    """``webhookSecret`` (optional): the endpoint's Standard Webhooks signing secret."""
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise Invalid(
            "webhookSecret must be the webhook's signing secret (whsec_...) or null",
            field="webhookSecret",
        )
    value = value.strip()
    if len(value) > MAX_SECRET_LENGTH or not provider_b_signatures.is_signing_secret(value):
        raise Invalid(
            "webhookSecret must be the webhook's signing secret (whsec_...)", field="webhookSecret"
        )
    return value


async def _check(
    merchant_id: str, secret: str
) -> tuple[provider_b.KeyCheck, str, Invalid | Unavailable | None]:
    """The provider's answer for ``secret``, refused when it is the other mode's kind; the
    environment this merchant row takes; and the error a refusal raises when saving."""
    merchant = await get_merchant(merchant_id)
    expected = MODE_ENVIRONMENTS[merchant.mode]
    check = await provider_b.validate_key(secret)
    problem = None
    if check.success and check.environment != expected:
        key_mode = "test" if check.environment == "test_mode" else "live"
        message = WRONG_KIND.format(key_mode=key_mode, mode=merchant.mode)
        problem = Invalid(
            message,
            code="provider_b_key_other_mode",
            field="secretKey",
            params={"key_mode": key_mode, "mode": merchant.mode},
        )
        check = provider_b.KeyCheck(False, message, check.environment)
    elif check.message == provider_b.UNREACHABLE:
        problem = Unavailable(check.message, code="provider_b_unreachable", field="secretKey")
    elif not check.success:
        problem = Invalid(check.message, code="provider_b_refused_key", field="secretKey")
    return check, expected, problem


async def check_key(merchant_id: str, secret_key: Any) -> tuple[dict, Invalid | Unavailable | None]:
    """``validate_key``'s answer and, when the key cannot be used, the error saving it would
    raise (what the dashboard words by its code)."""
    check, _, problem = await _check(merchant_id, clean_secret_key(secret_key))
    answer = {"message": check.message, "success": check.success, "environment": check.environment}
    return answer, problem


async def validate_key(merchant_id: str, secret_key: Any) -> dict:
    """``{message, success, environment}``: whether this account can use the key. The
    environment is the key's when the provider accepted it, even if it is the wrong kind."""
    return (await check_key(merchant_id, secret_key))[0]


async def save_config(merchant_id: str, secret_key: Any, webhook_secret: Any = None) -> dict:
    """Check the key, get a webhook signing secret, then upsert the row; ``{message, id}``.

    Nothing is stored unless the key is this mode's and accepted. A ``webhookSecret`` sent is
    kept as is; without one, the webhook already created for this same key is kept, else one
    is created at the provider (a refusal there still saves the key, without a webhook, and
    says so)."""
    secret = clean_secret_key(secret_key)
    signing = clean_webhook_secret(webhook_secret)
    _, environment, problem = await _check(merchant_id, secret)
    if problem is not None:
        raise problem
    message = SAVED
    webhook_id = None
    if signing is None:
        webhook_id, signing = await _kept_webhook(merchant_id, secret)
    if signing is None:
        url = setup.webhook_url(webhook_path(merchant_id))
        try:
            webhook_id, signing = await provider_b.create_webhook(secret, environment, url)
            message += WEBHOOK_CREATED
        except provider_b.ProviderBError as error:
            log.warning("provider B webhook for %s not created: %s", merchant_id, error)
            message += NO_WEBHOOK
    fields = {
        "secret_key_sealed": setup.seal(secret),
        "webhook_id": webhook_id,
        "webhook_secret_sealed": setup.seal(signing) if signing else None,
        "has_webhook": signing is not None,
        "environment": environment,
    }
    row = await _upsert(merchant_id, fields)
    return {"message": message, "id": row.id}


async def _kept_webhook(merchant_id: str, secret: str) -> tuple[str | None, str | None]:
    """The webhook id and signing secret already stored for this very key (saving the same
    key again must not pile up endpoints at the provider)."""
    row = await ProviderConfig.scoped(merchant_id).filter(provider=PROVIDER).first()
    if row is None or not row.webhook_secret_sealed:
        return None, None
    try:
        if setup.unseal(row.secret_key_sealed) != secret:
            return None, None
        return row.webhook_id, setup.unseal(row.webhook_secret_sealed)
    except ValueError:  # sealed under an encryption key since replaced: start afresh
        return None, None


async def _upsert(merchant_id: str, fields: dict) -> ProviderConfig:
    """Update the merchant's provider B row (a soft-deleted one comes back) or create it; a
    concurrent save that created it first is updated instead."""
    for _ in range(2):
        try:
            async with in_transaction():
                query = ProviderConfig.filter(merchant_id=merchant_id, provider=PROVIDER)
                row = await query.select_for_update().first()
                if row is None:
                    return await ProviderConfig.create(
                        merchant_id=merchant_id, provider=PROVIDER, **fields
                    )
                row.update_from_dict({**fields, "deleted_at": None, "updated_at": utcnow()})
                await row.save()
                return row
        except IntegrityError:
            continue
    raise Unavailable("Provider B configuration is being saved concurrently; try again")


async def get_config(merchant_id: str) -> ProviderConfig:
    """This merchant row's configuration; another merchant's, the other mode's and a missing
    one all answer the same 404."""
    row = await ProviderConfig.scoped(merchant_id).filter(provider=PROVIDER).first()
    if row is None:
        raise NotFound(NOT_CONFIGURED, code="provider_b_not_configured")
    return row


def config_json(row: ProviderConfig) -> dict:
    """The spec's fields: id, secretKey (masked), hasWebhook, environment (createdAt is the
    front end's to format)."""
    return {
        "id": row.id,
        "secretKey": setup.masked(setup.unseal(row.secret_key_sealed)),
        "hasWebhook": row.has_webhook,
        "environment": row.environment,
    }


async def secret_and_environment(merchant_id: str) -> tuple[str, str] | None:
    """The merchant row's provider B key, unsealed, and its environment, for the callers
    that charge; None when provider B is not configured."""
    row = await ProviderConfig.scoped(merchant_id).filter(provider=PROVIDER).first()
    if row is None or not row.environment:
        return None
    return setup.unseal(row.secret_key_sealed), row.environment


async def webhook_secret(merchant_id: str) -> str | None:
    """The signing secret of the merchant row's provider B webhook, if one is known (what
    inbound webhooks are verified with)."""
    row = await ProviderConfig.scoped(merchant_id).filter(provider=PROVIDER).first()
    if row is None or not row.webhook_secret_sealed:
        return None
    return setup.unseal(row.webhook_secret_sealed)
