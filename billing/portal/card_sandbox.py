"""Adding a card in the hosted portal in test mode, without the provider's own script.

In live mode a card is added in the customer's browser with the provider's script and the
SetupIntent's client secret (``setup_intents``), so card numbers never reach Tally. Offline (a
sandbox, the demo, the tests against a fake gateway) that script cannot load, so the portal
offers a plain card form in test mode, as the hosted checkout page does, and this module
confirms the setup through its gateway (``Gateway.confirm_test_setup``): the card is saved on
the customer's gateway customer (so it can be charged off-session later) and the setup
confirmed with it. Live merchant rows are refused (403).

The method is recorded from the confirm answer exactly as the provider's saved-method
webhook records it (``card_records``, which the live path through the provider's script uses
too), so whichever arrives first stores it and the other changes nothing.
"""

from billing.accounts.merchants import get_merchant
from billing.core.errors import Forbidden, Invalid, Unavailable
from billing.payments.checkout.checkout_sandbox import clean_card
from billing.payments.gateways import can, gateway_for
from billing.payments.gateways.base import CardDeclined, GatewayRefused
from billing.payments.models import PaymentMethod, PaymentStatus
from billing.portal import card_records
from billing.portal.setup_intents import create_setup_intent

LIVE_REFUSED = (
    "The card form is the offline sandbox path and works only in test mode; live cards are "
    "added with the provider's own script and the setup intent's client secret"
)
NOT_PROVIDER_A = "Cards are added through provider A, which is not configured in this mode"
DECLINED = "The card was declined"


async def add_test_card(merchant_id: str, customer_id: str, card: object) -> PaymentMethod:
    """Save ``card`` (``{number, expMonth, expYear, cvc}``) for the merchant row's customer
    ``customer_id``; answers the stored method. 403 in live mode, 400 for a bad or declined
    card or without a provider that takes cards in a page, 503 when the gateway cannot be
    reached."""
    if (await get_merchant(merchant_id)).mode != "test":
        raise Forbidden(LIVE_REFUSED, code="portal_card_form_live")
    fields = clean_card(card)
    answer = await create_setup_intent(merchant_id, customer_id)
    if not can(answer.provider, "confirms_in_browser") or answer.intent_id is None:  # a link
        raise Invalid(NOT_PROVIDER_A, code="not_provider_a")
    gateway = gateway_for(answer.provider)
    key = f"portal-card-{answer.intent_id}"
    try:
        read = await gateway.confirm_test_setup(merchant_id, answer.intent_id, fields, key, False)
    except CardDeclined as declined:
        raise Invalid(declined.message) from declined
    except GatewayRefused as unknown:
        raise Unavailable(unknown.message) from unknown
    if read.status != PaymentStatus.SUCCEEDED:
        raise Invalid(DECLINED, code="card_declined")
    return await card_records.record_intent(merchant_id, customer_id, answer.provider, read)
