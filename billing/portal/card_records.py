"""Recording a card the customer confirmed for a provider A SetupIntent, at once.

The ``setup_intent.succeeded`` webhook records every such card; this records it from the
confirmed intent as soon as the customer's page says it is confirmed, so it is listed at
once, whichever path confirmed it: the test-mode sandbox form (``card_sandbox``) or the
provider's own script in the customer's browser, which answers only the intent's id (the
card never reaches Tally). Both go through the webhook's own planned action, once per
provider payment method id, so whichever arrives first stores it and the other changes
nothing.

An intent id from the browser is only a hint: the intent is read from the gateway with the
merchant row's secret key, and it must be succeeded and made for this very customer (its
metadata, which Tally set), or it answers as a missing one.

A customer whose subscription is failing (``past_due``, ``unpaid``) adds a card to pay: the
card is made the subscription's and its unpaid invoices are charged at once
(``payment_methods.use_new_card``).
"""

import asyncio

from tortoise.transactions import in_transaction

from billing.core.errors import Invalid, NotFound, Unavailable
from billing.payments import provider_a_config
from billing.payments.gateways.provider_a import sdk as provider_a
from billing.payments.models import PaymentMethod
from billing.payments.webhooks.webhook_actions import AddPaymentMethod
from billing.payments.webhooks.webhook_events import plan_provider_a
from billing.portal.payment_methods import use_new_card

NOT_SAVED = "The card could not be saved; try again in a moment"
INTENT_NOT_FOUND = "Setup intent not found"
NOT_CONFIRMED = "The card has not been confirmed yet"


async def record_intent(merchant_id: str, customer_id: str, intent: dict) -> PaymentMethod:
    """Store the card of ``intent`` (succeeded, its payment method expanded, as the
    ``setup_intent.succeeded`` event carries it); answers the stored method."""
    event = {"type": "setup_intent.succeeded", "data": {"object": intent}}
    action = await plan_provider_a(merchant_id, event)
    if not isinstance(action, AddPaymentMethod) or action.customer_id != customer_id:
        raise Unavailable(NOT_SAVED, code="card_not_saved")
    async with in_transaction():
        await action.apply()
    stored = PaymentMethod.scoped(merchant_id).filter(
        customer_id=customer_id,
        provider=provider_a_config.PROVIDER,
        external_psp_payment_method_id=action.external_psp_payment_method_id,
    )
    found = await stored.first()
    if found is None:  # the customer was deleted at this very moment
        raise Unavailable(NOT_SAVED, code="card_not_saved")
    await use_new_card(merchant_id, customer_id, found)
    return found


async def record_confirmed(merchant_id: str, customer_id: str, intent_id: object) -> PaymentMethod:
    """Store the card the customer's browser confirmed for the SetupIntent ``intent_id``."""
    if not isinstance(intent_id, str) or not intent_id.startswith("seti_") or len(intent_id) > 255:
        raise NotFound(INTENT_NOT_FOUND, code="intent_not_found")
    secret = await provider_a_config.provider_a_secret(merchant_id)
    if secret is None:
        raise NotFound(INTENT_NOT_FOUND, code="intent_not_found")
    try:
        intent = await asyncio.to_thread(provider_a.read_intent, secret, intent_id)
    except provider_a.ProviderAError as unknown:
        raise Unavailable(unknown.message) from unknown
    metadata = (intent or {}).get("metadata") or {}
    if intent is None or metadata.get("customer_id") != customer_id:
        raise NotFound(INTENT_NOT_FOUND, code="intent_not_found")
    if intent.get("status") != "succeeded":
        raise Invalid(NOT_CONFIRMED, code="not_confirmed")
    return await record_intent(merchant_id, customer_id, intent)
