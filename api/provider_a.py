"""/v1/provider-a: the card gateway's keys for the authenticated merchant row (so one mode).

Thin routes over billing/payments/provider_a_config.py. Bodies are checked by the request
models (both keys required strings, else 400 and nothing stored); which kind of key a mode
takes, and what the gateway says of it, is the service's business.
"""

from typing import Annotated

from pydantic import BaseModel
from quart import Blueprint
from quart_schema import document_response, validate_request

from api.common import Body, ErrorBody, iso
from api.schema_rules import documented
from billing.payments import provider_a_config
from billing.payments.provider_a_config import MAX_KEY_LENGTH
from webapp.auth import merchant_id

bp = Blueprint("provider_a", __name__, url_prefix="/provider-a")


def _key(kind: str):
    """A key of this merchant's mode (``sk_test_...`` with a test API key)."""
    return documented(
        {
            "type": "string",
            "maxLength": MAX_KEY_LENGTH,
            "pattern": f"^{kind}_(test|live)_[!-~]+$",
            "description": f"{kind}_test_... with a test API key, {kind}_live_... with a live one",
        }
    )


class KeysIn(Body):
    """Any two strings: validation answers ``success: false`` with the reason for bad ones."""

    secretKey: str
    publicKey: str


class ConfigIn(Body):
    """``webhookSecret`` (an extension): the signing secret of an endpoint added by hand,
    for gateways that refuse to register one."""

    secretKey: Annotated[str, _key("sk")]
    publicKey: Annotated[str, _key("pk")]
    webhookSecret: str | None = None


class ValidationOut(BaseModel):
    message: str
    success: bool


class WebhookOut(BaseModel):
    """The endpoint at the provider; ``id`` is null when it has to be added by hand."""

    id: str | None
    url: str
    enabled_events: list[str]


class ProviderASavedOut(BaseModel):
    message: str
    id: str
    webhook: WebhookOut


class ConfigOut(BaseModel):
    """Provider A's configuration; the secret key shows only its last four characters."""

    id: str
    publicKey: str | None
    secretKey: str
    hasWebhook: bool
    createdAt: str


@bp.get("/config")
@document_response(ConfigOut)
@document_response(ErrorBody, 404)
async def read_config():
    """The saved configuration, secret masked; 404 when provider A is not configured for this
    merchant in this mode."""
    config = await provider_a_config.read_config(merchant_id())
    return {**config, "createdAt": iso(config["createdAt"])}


@bp.post("/validate-keys")
@validate_request(KeysIn)
@document_response(ValidationOut)
async def validate_keys(data: KeysIn):
    """Check a key pair without saving it: the kinds must fit the mode (``sk_test_``/
    ``pk_test_`` in test mode, ``sk_live_``/``pk_live_`` in live) and the gateway must accept
    the secret key (a real call). A bad key answers ``success: false`` and why."""
    return await provider_a_config.validate_keys(
        merchant_id(), secret_key=data.secretKey, public_key=data.publicKey
    )


@bp.post("/config")
@validate_request(ConfigIn)
@document_response(ProviderASavedOut)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 503)
async def save_config(data: ConfigIn):
    """Check and save the keys (replacing earlier ones) and register the webhook endpoint.

    When the gateway refuses to register it, the keys are saved anyway: ``webhook.id`` is null
    and the message names the URL to add by hand. A refused key answers 400, an unreachable
    gateway 503; nothing is stored then.
    """
    return await provider_a_config.save_config(
        merchant_id(),
        secret_key=data.secretKey,
        public_key=data.publicKey,
        webhook_secret=data.webhookSecret,
    )
