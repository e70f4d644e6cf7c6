"""Adding a payment method from the portal, through the merchant row's provider.

Which provider: the one charges go through (``payments.providers.configured_providers``:
provider A when it is configured in this mode, else provider B); neither configured is a 400
that says so. Nothing is written here: the method is stored when the provider's webhook says
the customer finished (``setup_intent.succeeded`` for A, ``subscription.active`` for B, both
naming the Tally customer in their metadata), so an abandoned attempt leaves nothing behind.

The call is the provider's gateway's (``Gateway.start_setup``):

- Provider A: a SetupIntent for off-session use on the gateway customer the customer's cards
  hang on (the one an earlier card of theirs names, else a new one made with the key
  ``portal-customer-{customer id}``, so two first visits at once make one). Answered as
  ``{clientSecret, intentId, publishableKey}`` for the browser to confirm a card with.
- Provider B: a hosted link where the customer authorises a mandate (an on-demand
  subscription), in the currency of their subscription. The spec requires an active
  subscription for it and gives that refusal status 500 with its message (its Errors table's
  "provider B mandate" row), which is kept. The provider needs a billing country too.

Every call carries an idempotency key: a new one per request (a repeated request is a new
attempt the customer asked for), reused by the SDK's own retry of the same call.
"""

from dataclasses import dataclass

from billing.accounts.merchants import get_merchant
from billing.core.errors import Failure, Invalid, Unavailable
from billing.core.lookup import find_scoped
from billing.customers.customers import CUSTOMER_NOT_FOUND
from billing.customers.models import Customer
from billing.payments.gateways import gateway_for
from billing.payments.gateways.base import NEEDS_SUBSCRIPTION as NEEDS_SUBSCRIPTION_KIND
from billing.payments.gateways.base import NO_COUNTRY as NO_COUNTRY_KIND
from billing.payments.gateways.base import (
    NOT_CONFIGURED,
    UNAVAILABLE,
    GatewayRefused,
    SetupRequest,
)
from billing.payments.providers import configured_providers
from billing.portal.access import live_subscription
from billing.subscriptions import statuses

NO_PROVIDER = (
    "No payment provider is configured in {mode} mode: configure provider A "
    "(POST /v1/provider-a/config) or provider B (POST /v1/provider-b/config) first"
)
# The spec's Errors table gives this row status 500 ("provider B mandate"); the contract's
# status is kept though the cause is the caller's, and the message says what to do.
NEEDS_SUBSCRIPTION = "Active subscription required to add mandate for provider B"


@dataclass(frozen=True)
class SetupAnswer:
    """What the customer's browser needs: provider A's intent, or provider B's link."""

    provider: str
    client_secret: str | None = None
    intent_id: str | None = None
    publishable_key: str | None = None
    payment_link: str | None = None


async def create_setup_intent(
    merchant_id: str, customer_id: str, *, return_url: str | None = None
) -> SetupAnswer:
    """Start adding a payment method for the merchant row's customer ``customer_id``;
    ``return_url`` is where provider B's page sends the customer afterwards."""
    customer = await find_scoped(Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND)
    configured = await configured_providers(merchant_id)
    if not configured:
        mode = (await get_merchant(merchant_id)).mode
        raise Invalid(NO_PROVIDER.format(mode=mode))
    subscription = await live_subscription(merchant_id, customer.id)
    current = subscription is not None and subscription.status in statuses.CURRENT
    request = SetupRequest(
        customer,
        purpose="portal",
        owner_id=customer.id,
        metadata={"customer_id": customer.id},
        currency=subscription.effective_price.currency if current else None,
        billing=_billing(customer),
        return_url=return_url,
    )
    try:
        made = await gateway_for(configured[0]).start_setup(merchant_id, request)
    except GatewayRefused as refused:
        raise await _refusal(merchant_id, refused) from refused
    return SetupAnswer(
        configured[0],
        client_secret=made.client_secret,
        intent_id=made.setup_intent_id,
        publishable_key=made.publishable_key,
        payment_link=made.payment_link,
    )


def _billing(customer: Customer) -> dict[str, str] | None:
    """The customer's billing address as a provider takes it; None without a country."""
    if not customer.billing_country:
        return None
    billing = {"country": customer.billing_country.upper()}
    optional = {
        "city": customer.billing_city,
        "street": customer.billing_address_line1,
        "zipcode": customer.billing_postal_code,
    }
    billing.update({name: value for name, value in optional.items() if value})
    return billing


async def _refusal(merchant_id: str, refused: GatewayRefused) -> Exception:
    """The portal's answer to a gateway that could not start the setup."""
    if refused.kind == NOT_CONFIGURED:  # removed since configured_providers read it
        return Invalid(NO_PROVIDER.format(mode=(await get_merchant(merchant_id)).mode))
    if refused.kind == NEEDS_SUBSCRIPTION_KIND:  # the spec's status for this row is 500
        return Failure(NEEDS_SUBSCRIPTION, code="needs_subscription")
    if refused.kind == NO_COUNTRY_KIND:
        return Invalid(refused.message, code="no_billing_country")  # the gateway's sentence
    if refused.kind == UNAVAILABLE:
        return Unavailable(refused.message)
    return Invalid(refused.message)  # the key or the call refused
