"""Adding a card in the hosted portal in test mode, without the provider's own script.

In live mode a card is added in the customer's browser with the provider's script and the
SetupIntent's client secret (``setup_intents``), so card numbers never reach Tally. Offline (a
sandbox, the demo, the tests against a fake gateway) that script cannot load, so the portal
offers a plain card form in test mode, as the hosted checkout page does, and this module
confirms the SetupIntent through the provider A API with the checkout's own sandbox card
code (``payments.checkout_sandbox``): the card is made a PaymentMethod, attached to the
customer's gateway customer (so it can be charged off-session later) and the intent confirmed
with it. Live merchant rows are refused (403).

The method is recorded from the confirm answer exactly as the ``setup_intent.succeeded``
webhook records it (``card_records``, which the live path through the provider's script uses
too), so whichever arrives first stores it and the other changes nothing.
"""

import asyncio

from billing.accounts.merchants import get_merchant
from billing.core.errors import Forbidden, Invalid, Unavailable
from billing.payments import provider_a_config
from billing.payments.checkout.checkout_sandbox import clean_card
from billing.payments.gateways.provider_a.sandbox import CardDeclined, confirm_setup
from billing.payments.gateways.provider_a.sdk import ProviderAError
from billing.payments.models import PaymentMethod
from billing.portal import card_records
from billing.portal.setup_intents import create_setup_intent

LIVE_REFUSED = (
    "The card form is the offline sandbox path and works only in test mode; live cards are "
    "added with the provider's own script and the setup intent's client secret"
)
NOT_PROVIDER_A = "Cards are added through provider A, which is not configured in this mode"
DECLINED = "The card was declined"


def _confirm(secret: str, intent_id: str, card: dict) -> dict:
    """Confirm the SetupIntent with the card; the intent with its payment method expanded,
    as the ``setup_intent.succeeded`` event carries it."""
    try:
        intent = confirm_setup(secret, intent_id, card, f"portal-card-{intent_id}")
    except CardDeclined as declined:
        raise Invalid(declined.message) from declined
    except ProviderAError as unknown:
        raise Unavailable(unknown.message) from unknown
    if intent.get("status") != "succeeded":
        raise Invalid(DECLINED, code="card_declined")
    return intent


async def add_test_card(merchant_id: str, customer_id: str, card: object) -> PaymentMethod:
    """Save ``card`` (``{number, expMonth, expYear, cvc}``) for the merchant row's customer
    ``customer_id``; answers the stored method. 403 in live mode, 400 for a bad or declined
    card or without provider A, 503 when the gateway cannot be reached."""
    if (await get_merchant(merchant_id)).mode != "test":
        raise Forbidden(LIVE_REFUSED, code="portal_card_form_live")
    fields = clean_card(card)
    answer = await create_setup_intent(merchant_id, customer_id)
    secret = await provider_a_config.provider_a_secret(merchant_id)
    if secret is None or answer.intent_id is None:  # provider B answers a link, no intent
        raise Invalid(NOT_PROVIDER_A, code="not_provider_a")
    intent = await asyncio.to_thread(_confirm, secret, answer.intent_id, fields)
    return await card_records.record_intent(merchant_id, customer_id, intent)
