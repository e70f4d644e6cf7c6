"""A trial's checkout: collect the card now, charge it when the trial ends.

For a plan with a trial (and without the plan's "trial without a card"), payment-init charges
nothing: the subscription stays ``incomplete`` and this module answers what the browser needs
to confirm a card, after the checkout's transaction committed. The provider's side is its
gateway's (``Gateway.start_setup``):

- Provider A: a SetupIntent (``usage: off_session``) on the customer's gateway customer, with
  ``metadata.customer_id`` and ``metadata.subscription_id``. Its id is kept on the
  subscription (``checkout_setup_intent_id``) under the row's lock, so a reload or a second tab
  answers the same intent instead of making another. When it succeeds, by the
  ``setup_intent.succeeded`` webhook, the test-mode card form (``confirm_card``) or the live
  page's confirmation (``confirmed``), whichever comes first, ``checkout_cards`` stores the
  card, links it to the subscription and the subscription becomes ``trialing``.
- Provider B: a hosted mandate link (an on-demand subscription authorised for later charges,
  nothing charged now) whose metadata names the subscription; its ``subscription.active``
  webhook stores the mandate, links it and starts the trial the same way.

Every provider call carries an idempotency key; a refusal raises ``BadGateway`` and leaves the
subscription incomplete for the next try.
"""

from dataclasses import dataclass

from tortoise.transactions import in_transaction

from billing.accounts.merchants import get_merchant
from billing.catalog.models import Price
from billing.catalog.price_components import billing_components
from billing.core.errors import BadGateway, Forbidden, Invalid, NotFound
from billing.customers.models import Customer
from billing.payments.checkout import checkout_cards
from billing.payments.checkout.checkout_sandbox import card_gateway, clean_card, is_provider_id
from billing.payments.gateways import gateway_for
from billing.payments.gateways.base import (
    NO_COUNTRY,
    NOT_CONFIGURED,
    CardDeclined,
    Gateway,
    GatewayRefused,
    SetupRequest,
)
from billing.payments.gateways.events import IntentRead
from billing.payments.models import CheckoutOutcome, PaymentStatus
from billing.payments.providers import configured_providers
from billing.subscriptions import statuses
from billing.subscriptions.models import Subscription

LIVE_REFUSED = (
    "The card form is the offline sandbox path and works only in test mode; live checkouts "
    "confirm the card with the provider's own script"
)
INTENT_NOT_FOUND = "Setup intent not found"
NOT_CONFIRMED = "The card has not been confirmed yet"
DECLINED = "The card was declined"
NOT_KEPT = "You already have a subscription: nothing was charged and the card was not kept"
NO_LONGER_CONFIGURED = "The payment provider is no longer configured for this merchant"


@dataclass(frozen=True)
class SetupStarted:
    """What the browser needs to confirm a card for the trial."""

    provider: str
    setup_intent_id: str | None = None
    client_secret: str | None = None
    publishable_key: str | None = None
    payment_link: str | None = None


def charges_later(price: Price) -> bool:
    """Whether the price can ever charge: a fee above 0, or anything measured (usage, seats).
    A free price's trial collects no card."""
    return any(
        not part.is_fixed or (part.data.get("amount_cents") or 0) > 0
        for part in billing_components(price.pricing_data)
    )


async def start(live: Subscription, provider: str, currency: str) -> SetupStarted:
    """Start collecting the trial's card or mandate with ``provider``'s gateway (after the
    checkout committed), holding the subscription's row lock: a reload waits for the first
    start and answers its intent again."""
    customer = await Customer.get(id=live.customer_id)
    billing = None
    if customer.billing_country:
        billing = {"country": customer.billing_country.upper()}
        if customer.billing_postal_code:
            billing["zipcode"] = customer.billing_postal_code
    try:
        async with in_transaction():
            locked = await Subscription.filter(id=live.id).select_for_update().first()
            request = SetupRequest(
                customer,
                purpose="checkout",
                owner_id=live.id,
                metadata={
                    "customer_id": customer.id,
                    "subscription_id": live.stable_subscription_id,
                },
                currency=currency,
                billing=billing,
                reuse_id=locked.checkout_setup_intent_id if locked else None,
            )
            made = await gateway_for(provider).start_setup(live.merchant_id, request)
            if made.setup_intent_id:
                await Subscription.filter(id=live.id).update(
                    checkout_setup_intent_id=made.setup_intent_id
                )
    except GatewayRefused as refused:
        if refused.kind in (NOT_CONFIGURED, NO_COUNTRY):
            raise BadGateway(NO_LONGER_CONFIGURED) from refused
        raise BadGateway(refused.message) from refused
    return SetupStarted(
        provider,
        setup_intent_id=made.setup_intent_id,
        client_secret=made.client_secret,
        publishable_key=made.publishable_key,
        payment_link=made.payment_link,
    )


async def _trial_subscription(merchant_id: str, intent_id: object) -> Subscription:
    if not is_provider_id(intent_id):
        raise NotFound(INTENT_NOT_FOUND, code="intent_not_found")
    live = await Subscription.scoped(merchant_id).filter(checkout_setup_intent_id=intent_id).first()
    if live is None:
        raise NotFound(INTENT_NOT_FOUND, code="intent_not_found")
    return live


async def _keep(merchant_id: str, live: Subscription, gateway: Gateway, read: IntentRead) -> dict:
    """Store the confirmed card and start the trial; the answer the page shows."""
    keep = checkout_cards.keep_for_setup(
        merchant_id, live.customer_id, live.stable_subscription_id, gateway.provider, read.method
    )
    if keep is None:
        raise Invalid(NOT_CONFIRMED, code="not_confirmed")
    async with in_transaction():
        await keep.apply()
    await live.refresh_from_db()
    if live.status == statuses.ENDED:  # refused: the customer already subscribes
        return {
            "status": CheckoutOutcome.ALREADY_SUBSCRIBED,
            "subscriptionStatus": live.status,
            "message": NOT_KEPT,
        }
    return {"status": PaymentStatus.SUCCEEDED, "subscriptionStatus": live.status, "message": None}


async def confirm_card(merchant_id: str, *, setup_intent_id: object, card: object) -> dict:
    """Test mode only: confirm the trial's setup with ``card`` fields (the hosted checkout's
    offline card form); ``{status, subscriptionStatus, message}``."""
    if (await get_merchant(merchant_id)).mode != "test":
        raise Forbidden(LIVE_REFUSED, code="setup_card_form_live")
    fields = clean_card(card)
    live = await _trial_subscription(merchant_id, setup_intent_id)
    gateway = await card_gateway(merchant_id)
    key = f"checkout-card-{live.checkout_setup_intent_id}"
    try:
        read = await gateway.confirm_test_setup(
            merchant_id, live.checkout_setup_intent_id or "", fields, key, True
        )
    except CardDeclined as declined:
        failed = PaymentStatus.FAILED
        return {"status": failed, "subscriptionStatus": live.status, "message": declined.message}
    except GatewayRefused as unknown:
        raise BadGateway(unknown.message) from unknown
    if read.status != PaymentStatus.SUCCEEDED:
        message = read.message or DECLINED
        return {
            "status": PaymentStatus.FAILED,
            "subscriptionStatus": live.status,
            "message": message,
        }
    return await _keep(merchant_id, live, gateway, read)


async def confirmed(merchant_id: str, *, setup_intent_id: object) -> dict:
    """The live page's word that the provider's script confirmed the trial's setup: the
    setup is read back from the gateway (the browser's id is only a hint) and, when it
    succeeded, the card is kept and the trial started."""
    live = await _trial_subscription(merchant_id, setup_intent_id)
    if live.status != statuses.INCOMPLETE:
        succeeded = PaymentStatus.SUCCEEDED
        return {"status": succeeded, "subscriptionStatus": live.status, "message": None}
    for name in await configured_providers(merchant_id):
        gateway = gateway_for(name)
        try:
            read = await gateway.read_intent(
                merchant_id, live.checkout_setup_intent_id or "", setup=True
            )
        except GatewayRefused as unknown:
            raise BadGateway(unknown.message) from unknown
        if read is None:
            continue
        if read.status != PaymentStatus.SUCCEEDED:
            raise Invalid(NOT_CONFIRMED, code="not_confirmed")
        return await _keep(merchant_id, live, gateway, read)
    raise NotFound(INTENT_NOT_FOUND, code="intent_not_found")
