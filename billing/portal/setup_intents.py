"""Adding a payment method from the portal, through the merchant row's provider.

Which provider: the one charges go through (``payments.providers.configured_providers``:
provider A when it is configured in this mode, else provider B); neither configured is a 400
that says so. Nothing is written here: the method is stored when the provider's webhook says
the customer finished (``setup_intent.succeeded`` for A, ``subscription.active`` for B, both
naming the Tally customer in their metadata), so an abandoned attempt leaves nothing behind.

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

import asyncio
import uuid
from dataclasses import dataclass

from dodopayments import DodoPaymentsError

from billing.accounts.merchants import get_merchant
from billing.core.errors import Failure, Invalid, Unavailable
from billing.core.lookup import find_scoped
from billing.customers.customers import CUSTOMER_NOT_FOUND
from billing.customers.models import Customer
from billing.payments import provider_a, provider_b, provider_b_config, setup
from billing.payments.checkout.checkout_cards import gateway_customer_of
from billing.payments.gateways.provider_b.charging import NO_COUNTRY
from billing.payments.models import ProviderConfig
from billing.payments.provider_a import ProviderAError
from billing.payments.provider_b import ChargeRefused
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
PROVIDER_B_UNREACHABLE = "Provider B could not be reached; try again in a moment"


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
    if configured[0] == "provider_a":
        return await _provider_a(merchant_id, customer)
    return await _provider_b(merchant_id, customer, return_url)


def _intent(secret: str, customer: Customer, gateway_customer: str | None) -> tuple[str, str]:
    metadata = {"customer_id": customer.id}
    if gateway_customer is None:
        gateway_customer = provider_a.create_customer(
            secret,
            email=customer.email,
            name=customer.name,
            metadata=metadata,
            idempotency_key=f"portal-customer-{customer.id}",
        )
    return provider_a.create_setup_intent(
        secret,
        customer=gateway_customer,
        metadata=metadata,
        idempotency_key=f"portal-setup-{customer.id}-{uuid.uuid4().hex}",
    )


async def _provider_a(merchant_id: str, customer: Customer) -> SetupAnswer:
    config = await ProviderConfig.scoped(merchant_id).filter(provider="provider_a").first()
    if config is None:  # removed since configured_providers read it
        raise Invalid(NO_PROVIDER.format(mode=(await get_merchant(merchant_id)).mode))
    secret = setup.unseal(config.secret_key_sealed)
    gateway_customer = await gateway_customer_of(merchant_id, customer.id)
    try:
        intent_id, client_secret = await asyncio.to_thread(
            _intent, secret, customer, gateway_customer
        )
    except ProviderAError as refused:
        raise (Invalid if refused.refused_key else Unavailable)(refused.message) from refused
    return SetupAnswer(
        "provider_a",
        client_secret=client_secret,
        intent_id=intent_id,
        publishable_key=config.public_key,
    )


async def _provider_b(merchant_id: str, customer: Customer, return_url: str | None):
    key = await provider_b_config.secret_and_environment(merchant_id)
    subscription = await live_subscription(merchant_id, customer.id)
    if subscription is None or subscription.status not in statuses.CURRENT:
        raise Failure(NEEDS_SUBSCRIPTION)  # the spec's status for this row is 500
    if key is None:
        raise Invalid(NO_PROVIDER.format(mode=(await get_merchant(merchant_id)).mode))
    if not customer.billing_country:
        raise Invalid(NO_COUNTRY)
    billing = {"country": customer.billing_country.upper()}
    optional = {
        "city": customer.billing_city,
        "street": customer.billing_address_line1,
        "zipcode": customer.billing_postal_code,
    }
    billing.update({name: value for name, value in optional.items() if value})
    secret, environment = key
    try:
        link = await provider_b.create_mandate_link(
            secret,
            environment,
            currency=subscription.effective_price.currency,
            customer={"email": customer.email, "name": customer.name or customer.email},
            billing=billing,
            metadata={"customer_id": customer.id},
            idempotency_key=f"portal-mandate-{customer.id}-{uuid.uuid4().hex}",
            return_url=return_url,
        )
    except ChargeRefused as refused:
        raise Invalid(refused.message) from refused
    except DodoPaymentsError as unknown:
        raise Unavailable(PROVIDER_B_UNREACHABLE) from unknown
    return SetupAnswer("provider_b", payment_link=link)
