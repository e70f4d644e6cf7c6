"""Provider B's customers: ``customers.create`` (the SDK's async client) with the customer's
email and name and Tally's customer id in the metadata. The SDK has no idempotency option of
its own: the key goes as an ``Idempotency-Key`` header, so a repeated call answers the first
customer instead of making a second."""

from dodopayments import DodoPaymentsError

from billing.customers.models import Customer
from billing.payments import provider_b_config
from billing.payments.gateways.base import (
    NOT_CONFIGURED,
    UNAVAILABLE,
    GatewayRefused,
)
from billing.payments.gateways.provider_b import sdk

NOT_CONFIGURED_MESSAGE = "Provider B is not configured for this merchant"
UNREACHABLE = "Provider B could not create the customer; try again in a moment"


async def customer(merchant_id: str, found: Customer, key: str) -> str:
    configured = await provider_b_config.secret_and_environment(merchant_id)
    if configured is None:
        raise GatewayRefused(NOT_CONFIGURED_MESSAGE, NOT_CONFIGURED)
    try:
        async with sdk.client(*configured) as dodo:
            made = await dodo.customers.create(
                email=found.email,
                name=found.name or found.email,
                metadata={"customer_id": found.id},
                extra_headers={"Idempotency-Key": key},
            )
    except DodoPaymentsError as unknown:
        raise GatewayRefused(UNREACHABLE, UNAVAILABLE) from unknown
    return made.customer_id
