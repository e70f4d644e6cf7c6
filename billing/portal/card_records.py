"""Recording a card the customer confirmed for a setup in the portal's page, at once.

The provider's webhook (a saved method) records every such card; this records it from the
confirmed intent as soon as the customer's page says it is confirmed, so it is listed at
once, whichever path confirmed it: the test-mode sandbox form (``card_sandbox``) or the
provider's own script in the customer's browser, which answers only the intent's id (the
card never reaches Tally). Both go through the webhook's own planned action, once per
provider payment method id, so whichever arrives first stores it and the other changes
nothing.

A setup id from the browser is only a hint: the setup is read from the gateway
(``Gateway.read_intent``), and it must be succeeded and made for this very customer (its
metadata, which Tally set), or it answers as a missing one.

A customer whose subscription is failing (``past_due``, ``unpaid``) adds a card to pay: the
card is made the subscription's and its unpaid invoices are charged at once
(``payment_methods.use_new_card``).
"""

from tortoise.transactions import in_transaction

from billing.core.errors import Invalid, NotFound, Unavailable
from billing.payments.gateways import gateway_for
from billing.payments.gateways.base import GatewayRefused
from billing.payments.gateways.events import EventKind, IntentRead, ParsedEvent
from billing.payments.models import PaymentMethod, PaymentStatus
from billing.payments.providers import configured_providers
from billing.payments.webhooks.webhook_actions import AddPaymentMethod
from billing.payments.webhooks.webhook_events import plan_method
from billing.portal.payment_methods import use_new_card

NOT_SAVED = "The card could not be saved; try again in a moment"
INTENT_NOT_FOUND = "Setup intent not found"
NOT_CONFIRMED = "The card has not been confirmed yet"


async def record_intent(
    merchant_id: str, customer_id: str, provider: str, read: IntentRead
) -> PaymentMethod:
    """Store the card of the succeeded setup ``read`` (at ``provider``), as the webhook of a
    saved method would; answers the stored method."""
    saved = ParsedEvent(
        EventKind.METHOD,
        customer_id=read.customer_id,
        subscription_id=read.subscription_id,
        method=read.method,
    )
    action = await plan_method(merchant_id, provider, saved)
    if not isinstance(action, AddPaymentMethod) or action.customer_id != customer_id:
        raise Unavailable(NOT_SAVED, code="card_not_saved")
    async with in_transaction():
        await action.apply()
    stored = PaymentMethod.scoped(merchant_id).filter(
        customer_id=customer_id,
        provider=provider,
        external_psp_payment_method_id=action.external_psp_payment_method_id,
    )
    found = await stored.first()
    if found is None:  # the customer was deleted at this very moment
        raise Unavailable(NOT_SAVED, code="card_not_saved")
    await use_new_card(merchant_id, customer_id, found)
    return found


async def record_confirmed(merchant_id: str, customer_id: str, intent_id: object) -> PaymentMethod:
    """Store the card the customer's browser confirmed for the setup ``intent_id``."""
    if not isinstance(intent_id, str) or len(intent_id) > 255:
        raise NotFound(INTENT_NOT_FOUND, code="intent_not_found")
    for provider in await configured_providers(merchant_id):
        try:
            read = await gateway_for(provider).read_intent(merchant_id, intent_id, setup=True)
        except GatewayRefused as unknown:
            raise Unavailable(unknown.message) from unknown
        if read is None:
            continue
        if read.customer_id != customer_id:
            break
        if read.status != PaymentStatus.SUCCEEDED:
            raise Invalid(NOT_CONFIRMED, code="not_confirmed")
        return await record_intent(merchant_id, customer_id, provider, read)
    raise NotFound(INTENT_NOT_FOUND, code="intent_not_found")
