"""/v1/provider-b: check a provider B secret key, save it (with a webhook), read it masked.

The rules live in ``billing/payments/provider_b_config.py``. Design decisions where the spec
is silent: a key the provider refuses (or the other mode's kind) answers 200 with
``success: false`` on validate-key, and 400 on save, where nothing is stored; a provider that
cannot be reached answers 503 on save. Saving answers 200 (it creates or replaces). An account
without a configuration answers 404 with a message saying how to make one.
"""

from typing import Annotated

from quart import Blueprint
from quart_schema import document_response, validate_request

from api.common import Body, ErrorBody, iso
from api.schema_rules import documented
from billing.payments import provider_b_config
from billing.payments.provider_b_config import MAX_SECRET_LENGTH
from webapp.auth import merchant_id

bp = Blueprint("provider_b", __name__, url_prefix="/provider-b")


# ``billing.payments.provider_b_config.clean_secret_key``: one printable ASCII token.
SECRET = documented(
    {
        "type": "string",
        "pattern": f"^ *[!-~]{{1,{MAX_SECRET_LENGTH}}} *$",
        "description": "A secret key provider B accepts (saving checks it with the provider)",
    }
)


class ValidateKeyIn(Body):
    secretKey: Annotated[str, SECRET]


class ValidateKeyOut(Body):
    """``environment`` is the key's (``test_mode`` or ``live_mode``) when the provider
    accepted it, null otherwise; ``success`` says whether this account can use it."""

    message: str
    success: bool
    environment: str | None


class ProviderBConfigIn(Body):
    secretKey: Annotated[str, SECRET]
    webhookSecret: str | None = None


class ProviderBSavedOut(Body):
    message: str
    id: str


class ProviderBConfigOut(Body):
    """The secret key masked to its last four characters; the webhook secret never."""

    id: str
    secretKey: str
    hasWebhook: bool
    environment: str | None
    createdAt: str


@bp.get("/config")
@document_response(ProviderBConfigOut)
@document_response(ErrorBody, 404)
async def read_config():
    """This account's provider B configuration (404 when there is none)."""
    row = await provider_b_config.get_config(merchant_id())
    return {**provider_b_config.config_json(row), "createdAt": iso(row.created_at)}


@bp.post("/validate-key")
@validate_request(ValidateKeyIn)
@document_response(ValidateKeyOut)
@document_response(ErrorBody, 400)
async def validate_key(data: ValidateKeyIn):
    """Ask provider B whether the key is valid, in which environment, and whether it is this
    account's kind (a test-mode key for the test-mode account, a live one for live)."""
    return await provider_b_config.validate_key(merchant_id(), data.secretKey)


@bp.post("/config")
@validate_request(ProviderBConfigIn)
@document_response(ProviderBSavedOut)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 503)
async def save_config(data: ProviderBConfigIn):
    """Check and store the key (sealed); without ``webhookSecret``, create Tally's webhook
    endpoint at provider B and keep its signing secret."""
    return await provider_b_config.save_config(merchant_id(), data.secretKey, data.webhookSecret)
