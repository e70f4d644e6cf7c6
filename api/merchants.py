"""/v1/merchants: the merchant profile, onboarding, dunning policy and provider status."""

from typing import Annotated, Literal

from pydantic import BaseModel
from quart import Blueprint, g, session
from quart_schema import document_response, validate_request

from api.common import Body, ErrorBody
from api.schema_rules import currency, documented, integer, text
from billing import onboarding
from billing.accounts import accounts, merchants
from billing.accounts.merchants import MAX_NAME_LENGTH
from billing.accounts.models import Merchant
from billing.payments import providers
from billing.subscriptions import dunning
from webapp.auth import current_merchant, merchant_id, session_required

bp = Blueprint("merchants", __name__, url_prefix="/merchants")


class MerchantOut(BaseModel):
    """The merchant profile."""

    id: str
    legalName: str
    displayName: str
    defaultCurrency: str


class UpdateMerchant(Body):
    legalName: Annotated[str | None, text(MAX_NAME_LENGTH, optional=True)] = None
    displayName: Annotated[str | None, text(MAX_NAME_LENGTH, optional=True)] = None
    defaultCurrency: Annotated[str | None, currency(optional=True)] = None


class OnboardMerchant(Body):
    legalName: str
    displayName: str | None = None
    defaultCurrency: str = "USD"


class OnboardingOut(BaseModel):
    """Which setup steps are done."""

    hasPlans: bool
    hasPaymentProvider: bool
    hasTax: bool


class DunningConfigBody(Body):
    retryScheduleDays: Annotated[
        list[int] | None,
        documented(
            {
                "type": "array",
                "description": "Days after the failed charge, in strictly increasing order",
                "items": {"type": "integer", "minimum": 1, "maximum": dunning.MAX_DAYS},
                "minItems": 1,
                "maxItems": dunning.MAX_RETRIES,
                "uniqueItems": True,
            },
            optional=True,
        ),
    ] = None
    gracePeriodDays: Annotated[int | None, integer(0, dunning.MAX_DAYS, optional=True)] = None
    endAction: Literal["pause", "cancel", "unpaid"] | None = None
    pastDueAccess: bool | None = None


class DunningConfigOut(BaseModel):
    """The dunning policy; ``isDefault`` is true until the merchant saves one."""

    retryScheduleDays: list[int]
    gracePeriodDays: int
    endAction: str
    pastDueAccess: bool
    isDefault: bool


class PaymentProviderOut(BaseModel):
    """The configured provider (null when none) and the providers that can be configured."""

    provider: str | None
    isConfigured: bool
    availableProviders: list[str]


class MerchantDataOut(BaseModel):
    """Profile fields suggested by provider A's account; null where it says nothing."""

    legalName: str | None
    displayName: str | None
    defaultCurrency: str | None
    country: str | None
    email: str | None


def merchant_json(merchant: Merchant) -> dict:
    return {
        "id": merchant.id,
        "legalName": merchant.legal_name,
        "displayName": merchant.display_name,
        "defaultCurrency": merchant.default_currency,
    }


def dunning_json(values: dict, is_default: bool) -> dict:
    return {
        "retryScheduleDays": values["retry_schedule_days"],
        "gracePeriodDays": values["grace_period_days"],
        "endAction": values["end_action"],
        "pastDueAccess": values["past_due_access"],
        "isDefault": is_default,
    }


@bp.get("/current")
@document_response(MerchantOut)
async def read_current_merchant():
    """The merchant the secret key belongs to."""
    return merchant_json(await current_merchant())


@bp.post("/current")
@validate_request(UpdateMerchant)
@document_response(MerchantOut)
async def update_current_merchant(data: UpdateMerchant):
    """Update the profile: only the fields given change.

    Null or absent leaves a field as it is; the answer is the whole profile. Names must not be
    blank; the currency is an ISO 4217 code in any case and is stored upper-cased.
    """
    merchant = await merchants.update_merchant(
        merchant_id(),
        legal_name=data.legalName,
        display_name=data.displayName,
        default_currency=data.defaultCurrency,
    )
    return merchant_json(merchant)


@bp.get("/checkonboarding")
@document_response(OnboardingOut)
async def check_onboarding():
    """Which setup steps are done: plans, a payment provider, tax."""
    return await onboarding.onboarding_status(merchant_id())


@bp.post("/onboarding-create-merchant")
@session_required
@validate_request(OnboardMerchant)
@document_response(MerchantOut, 201)
async def onboarding_create_merchant(data: OnboardMerchant):
    """Dashboard sessions only: the logged-in user creates a merchant and switches to it.

    API keys are refused with 403 (the spec: not available with API keys), so a leaked key
    cannot create tenants. The session's ``X-CSRF-Token`` header is required.
    ``displayName`` defaults to ``legalName`` and ``defaultCurrency`` to USD.
    """
    merchant = await accounts.create_merchant_for_user(
        g.user_id,
        legal_name=data.legalName,
        display_name=data.displayName or "",
        currency=data.defaultCurrency,
    )
    session["merchant_id"] = merchant.id
    return merchant_json(merchant), 201


@bp.get("/dunning-config")
@document_response(DunningConfigOut)
async def read_dunning_config():
    """The retry policy for failed renewals; the defaults (``isDefault``) until one is saved."""
    values, is_default = await dunning.get_dunning_config(merchant_id())
    return dunning_json(values, is_default)


@bp.post("/dunning-config")
@validate_request(DunningConfigBody)
@document_response(DunningConfigOut)
async def update_dunning_config(data: DunningConfigBody):
    """Save the dunning policy: the fields given change, the others keep their value.

    ``retryScheduleDays``: 1-10 strictly increasing days in 1..90; ``gracePeriodDays``: 0..90;
    ``endAction``: pause, cancel or unpaid; ``pastDueAccess``: whether a past-due customer
    keeps their features during the grace period (default true). Invalid input answers 400
    and stores nothing.
    """
    values = await dunning.update_dunning_config(
        merchant_id(),
        retry_schedule_days=data.retryScheduleDays,
        grace_period_days=data.gracePeriodDays,
        end_action=data.endAction,
        past_due_access=data.pastDueAccess,
    )
    return dunning_json(values, False)


@bp.get("/payment-provider")
@document_response(PaymentProviderOut)
async def read_payment_provider():
    """The configured payment provider, if any, and the providers that can be configured."""
    return await providers.payment_provider(merchant_id())


@bp.post("/merchant-data")
@document_response(MerchantDataOut)
@document_response(ErrorBody, 400)
async def merchant_data():
    """Prefill for the profile from provider A's account, read with its stored secret key.

    Nothing is saved: send the fields to ``POST /v1/merchants/current`` to keep them. A field
    the account does not give is null (the currency falls back to the balance's). 400 until
    provider A is configured for this mode or when it refuses the key, 503 when unreachable.
    """
    return await providers.merchant_data(merchant_id())


@bp.get("/<requested_id>")
@document_response(MerchantOut)
async def read_merchant(requested_id: str):
    """Read a merchant by id; only the key's own merchant is visible.

    Any other id, existing or not, answers the same 404.
    """
    return merchant_json(await merchants.get_visible_merchant(merchant_id(), requested_id))
