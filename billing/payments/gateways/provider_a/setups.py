"""Provider A's setups: a SetupIntent that saves a card for off-session charges, on the
customer's gateway customer (the one their earlier cards hang on, else a new one made with the
key ``{purpose}-customer-{owner}``). A reload's intent (``reuse_id``) is answered again while
it can still be confirmed. Its ``metadata`` names the Tally customer (and the subscription),
which ``setup_intent.succeeded`` reads to store the method.

The SDK's synchronous calls run in the default thread pool (``asyncio.to_thread``): a setup is
one customer at a browser, not a batch.
"""

import asyncio
import uuid

from billing.payments import provider_a_config
from billing.payments.gateways.base import (
    NOT_CONFIGURED,
    REFUSED_KEY,
    UNAVAILABLE,
    GatewayRefused,
    SetupRequest,
    SetupStart,
)
from billing.payments.gateways.provider_a import sdk
from billing.payments.gateways.provider_a.checkout import gateway_customer, known_customer

NOT_CONFIGURED_MESSAGE = "The payment provider is no longer configured for this merchant"
REUSABLE = ("requires_payment_method", "requires_confirmation", "requires_action", "succeeded")


def _setup_intent(secret: str, request: SetupRequest, known: str | None) -> tuple[str, str]:
    gateway = sdk.client(secret)
    if request.reuse_id:  # a reload: the same intent, unless it cannot be used
        intent = gateway.v1.setup_intents.retrieve(request.reuse_id)
        if intent.status in REUSABLE:
            return intent.id, intent.client_secret
    purpose, owner = request.purpose, request.owner_id
    customer = gateway_customer(gateway, request.customer, known, f"{purpose}-customer-{owner}")
    params = {
        "customer": customer,
        "usage": "off_session",
        "payment_method_types": ["card"],
        "metadata": request.metadata,
    }
    key = f"{purpose}-setup-{owner}-{uuid.uuid4().hex}"
    intent = gateway.v1.setup_intents.create(params=params, options={"idempotency_key": key})
    return intent.id, intent.client_secret


async def start(merchant_id: str, request: SetupRequest) -> SetupStart:
    secret = await provider_a_config.provider_a_secret(merchant_id)
    if secret is None:
        raise GatewayRefused(NOT_CONFIGURED_MESSAGE, NOT_CONFIGURED)
    known = await known_customer(merchant_id, request.customer.id)
    try:
        intent_id, client_secret = await asyncio.to_thread(
            sdk._call, "start saving the card", lambda: _setup_intent(secret, request, known)
        )
    except sdk.ProviderAError as refused:
        kind = REFUSED_KEY if refused.refused_key else UNAVAILABLE
        raise GatewayRefused(refused.message, kind) from refused
    return SetupStart(
        setup_intent_id=intent_id,
        client_secret=client_secret,
        publishable_key=await provider_a_config.public_key(merchant_id),
    )
