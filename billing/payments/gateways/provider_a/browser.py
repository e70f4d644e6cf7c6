"""Provider A's answers for the pages where a customer confirms a card: the customer's gateway
customer, a checkout's PaymentIntent or a SetupIntent read back (the browser's id is only a
hint), a stored card's details, and the test-mode card forms (``sandbox``).

The SDK's synchronous calls run in the default thread pool (``asyncio.to_thread``): each is
one customer at a browser, not a batch. A call the provider refuses or that cannot reach it
raises ``GatewayRefused`` with the SDK adapter's sentence; a merchant row without provider A
reads nothing (None), or is ``GatewayRefused`` of kind ``not_configured`` where the caller
must say so.
"""

import asyncio
import logging

from billing.customers.models import Customer
from billing.payments import provider_a_config
from billing.payments.gateways.base import (
    NOT_CONFIGURED,
    UNAVAILABLE,
    CardDeclined,
    ChargeAnswer,
    GatewayRefused,
)
from billing.payments.gateways.events import IntentRead, SavedMethod
from billing.payments.gateways.provider_a import sandbox, sdk
from billing.payments.gateways.provider_a.checkout import gateway_customer, known_customer
from billing.payments.gateways.provider_a.events import card_fields, intent_read
from billing.payments.models import Payment, PaymentStatus

log = logging.getLogger("tally.payments.cards")

NOT_CONFIGURED_MESSAGE = "Provider A is not configured for this merchant"


async def _secret(merchant_id: str) -> str:
    secret = await provider_a_config.provider_a_secret(merchant_id)
    if secret is None:
        raise GatewayRefused(NOT_CONFIGURED_MESSAGE, NOT_CONFIGURED)
    return secret


async def _in_thread(call, *args, **kwargs):
    try:
        return await asyncio.to_thread(call, *args, **kwargs)
    except sdk.ProviderAError as refused:
        raise GatewayRefused(refused.message, UNAVAILABLE) from refused


async def customer(merchant_id: str, found: Customer, key: str) -> str:
    """The customer's gateway customer: the one their earlier cards hang on, else a new one
    made with the idempotency key ``key``."""
    secret = await _secret(merchant_id)
    known = await known_customer(merchant_id, found.id)
    if known:
        return known

    def make() -> str:
        return sdk._call(
            "create the customer", lambda: gateway_customer(sdk.client(secret), found, None, key)
        )

    return await _in_thread(make)


async def read(merchant_id: str, intent_id: str, *, setup: bool) -> IntentRead | None:
    """A checkout's PaymentIntent (or with ``setup``, a SetupIntent) read back; None when
    provider A is not configured or holds no such intent of that kind."""
    if intent_id.startswith("seti_") != setup:
        return None
    secret = await provider_a_config.provider_a_secret(merchant_id)
    if secret is None:
        return None
    intent = await _in_thread(sdk.read_intent, secret, intent_id)
    return None if intent is None else intent_read(intent)


async def card_details(merchant_id: str, method_id: str) -> dict | None:
    """The stored columns of card ``method_id``'s details; None when they cannot be read (not
    configured, unreachable: logged)."""
    secret = await provider_a_config.provider_a_secret(merchant_id)
    if secret is None:
        return None
    try:
        found = await asyncio.to_thread(sandbox.read_method, secret, method_id)
    except sdk.ProviderAError as error:
        log.warning("card details of %s could not be read: %s", method_id, error.message)
        return None
    return card_fields(found.get("card"))


async def confirm_test_payment(
    payment: Payment, card: dict
) -> tuple[ChargeAnswer, SavedMethod | None]:
    secret = await _secret(payment.merchant_id)
    try:
        answer, intent = await asyncio.to_thread(sandbox.confirm_payment, secret, payment, card)
    except sdk.ProviderAError as unknown:
        failed = ChargeAnswer(PaymentStatus.FAILED, payment.provider_payment_id, unknown.message)
        return failed, None
    return answer, intent_read(intent).method if intent else None


async def confirm_test_setup(
    merchant_id: str, setup_id: str, card: dict, key: str, keep_succeeded: bool
) -> IntentRead:
    secret = await _secret(merchant_id)

    def confirm() -> IntentRead:
        try:
            intent = sandbox.confirm_setup(
                secret, setup_id, card, key, keep_succeeded=keep_succeeded
            )
        except sandbox.CardDeclined as declined:
            raise CardDeclined(declined.message) from declined
        return intent_read(intent)

    return await _in_thread(confirm)


async def save_test_card(merchant_id: str, number: str, email: str) -> tuple[str, str]:
    secret = await _secret(merchant_id)
    return await _in_thread(sandbox.test_card, secret, number, email)
