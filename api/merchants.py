"""/v1/merchants: the merchant profile, onboarding, dunning policy and provider status."""

from typing import Literal

from pydantic import BaseModel
from quart import Blueprint, g, session
from quart_schema import document_response, validate_request

from api.common import Body
from billing.models import Merchant
from billing.services import accounts, dunning, merchants
from webapp.auth import merchant_id, session_required

bp = Blueprint("merchants", __name__, url_prefix="/merchants")


class MerchantOut(BaseModel):
    id: str
    legalName: str
    displayName: str
    defaultCurrency: str


class UpdateMerchant(Body):
    legalName: str | None = None
    displayName: str | None = None
    defaultCurrency: str | None = None


class OnboardMerchant(Body):
    legalName: str
    displayName: str | None = None
    defaultCurrency: str = "USD"


class OnboardingOut(BaseModel):
    hasPlans: bool
    hasPaymentProvider: bool
    hasTax: bool


class DunningConfigBody(Body):
    retryScheduleDays: list[int] | None = None
    gracePeriodDays: int | None = None
    endAction: Literal["pause", "cancel", "unpaid"] | None = None


class DunningConfigOut(BaseModel):
    retryScheduleDays: list[int]
    gracePeriodDays: int
    endAction: str
    isDefault: bool


class PaymentProviderOut(BaseModel):
    provider: str | None
    isConfigured: bool
    availableProviders: list[str]


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
        "isDefault": is_default,
    }


@bp.get("/current")
@document_response(MerchantOut)
async def current_merchant():
    return merchant_json(await merchants.get_merchant(merchant_id()))


@bp.post("/current")
@validate_request(UpdateMerchant)
@document_response(MerchantOut)
async def update_current_merchant(data: UpdateMerchant):
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
    return await merchants.onboarding_status(merchant_id())


@bp.post("/onboarding-create-merchant")
@session_required
@validate_request(OnboardMerchant)
@document_response(MerchantOut, 201)
async def onboarding_create_merchant(data: OnboardMerchant):
    """Dashboard sessions only: the logged-in user creates a merchant and switches to it."""
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
    values, is_default = await dunning.get_dunning_config(merchant_id())
    return dunning_json(values, is_default)


@bp.post("/dunning-config")
@validate_request(DunningConfigBody)
@document_response(DunningConfigOut)
async def update_dunning_config(data: DunningConfigBody):
    values = await dunning.update_dunning_config(
        merchant_id(),
        retry_schedule_days=data.retryScheduleDays,
        grace_period_days=data.gracePeriodDays,
        end_action=data.endAction,
    )
    return dunning_json(values, False)


@bp.get("/payment-provider")
@document_response(PaymentProviderOut)
async def read_payment_provider():
    return await merchants.payment_provider(merchant_id())


@bp.post("/merchant-data")
async def merchant_data():
    return await merchants.merchant_data(merchant_id())


@bp.get("/<requested_id>")
@document_response(MerchantOut)
async def read_merchant(requested_id: str):
    return merchant_json(await merchants.get_visible_merchant(merchant_id(), requested_id))
