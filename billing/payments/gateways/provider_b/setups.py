"""Provider B's setups: a hosted link where the customer authorises a mandate
(``sdk.create_mandate_link``), which the ``subscription.active`` webhook stores as the method
later charges use. A checkout's mandate has one key per subscription (a reload answers the same
link); the portal's a new one each time."""

import uuid

from dodopayments import DodoPaymentsError

from billing.payments import provider_b_config
from billing.payments.gateways.base import (
    NEEDS_SUBSCRIPTION,
    NO_COUNTRY,
    NOT_CONFIGURED,
    REFUSED,
    UNAVAILABLE,
    GatewayRefused,
    SetupRequest,
    SetupStart,
)
from billing.payments.gateways.provider_b import sdk
from billing.payments.gateways.provider_b.charging import NO_COUNTRY as NO_COUNTRY_MESSAGE
from billing.payments.gateways.provider_b.checkout import UNREACHABLE

NOT_CONFIGURED_MESSAGE = "Provider B is not configured for this merchant"
NO_CURRENCY = "Active subscription required to add mandate for provider B"


async def start(merchant_id: str, request: SetupRequest) -> SetupStart:
    if request.currency is None:
        raise GatewayRefused(NO_CURRENCY, NEEDS_SUBSCRIPTION)
    key = await provider_b_config.secret_and_environment(merchant_id)
    if key is None:
        raise GatewayRefused(NOT_CONFIGURED_MESSAGE, NOT_CONFIGURED)
    if request.billing is None:
        raise GatewayRefused(NO_COUNTRY_MESSAGE, NO_COUNTRY)
    customer = request.customer
    mandate_key = f"{request.purpose}-mandate-{request.owner_id}"
    if request.purpose != "checkout":  # a checkout has one mandate; elsewhere each is new
        mandate_key += f"-{uuid.uuid4().hex}"
    try:
        link = await sdk.create_mandate_link(
            *key,
            currency=request.currency,
            customer={"email": customer.email, "name": customer.name or customer.email},
            billing=request.billing,
            metadata=request.metadata,
            idempotency_key=mandate_key,
            return_url=request.return_url,
        )
    except sdk.ChargeRefused as refused:
        raise GatewayRefused(refused.message, REFUSED) from refused
    except DodoPaymentsError as unknown:
        raise GatewayRefused(UNREACHABLE, UNAVAILABLE) from unknown
    return SetupStart(payment_link=link)
