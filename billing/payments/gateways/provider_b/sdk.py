"""Provider B (a hosted payment-link provider, Dodo Payments) through its official SDK.

A client is built per call with the merchant's own key, so no merchant's key ever serves
another, and closed afterwards. Calls use the SDK's async client: they never block the event
loop, and callers make them outside any database transaction (a slow provider must not hold
locks).

Environments: the provider has two, ``test_mode`` and ``live_mode``, on two hosts, and a key
works in exactly one of them; nothing in the key says which. So ``validate_key`` asks the
test environment first, then the live one, and the environment that accepts the key is the
key's. When ``TALLY_PROVIDER_B_API_BASE`` is set (a fake in tests, a proxy) it stands for both
hosts, with the environment as the first path segment: ``{base}/test_mode``,
``{base}/live_mode``.

Charges (``charge_mandate``, ``create_link``) carry the attempt's idempotency key as an
``Idempotency-Key`` header (the SDK has no option for it) and metadata naming the Tally payment
and invoice, which the ``payment.*`` webhooks echo back. The provider settles both
asynchronously: its answer is only the payment's id (and the link), never the outcome. The
portal's mandate link (``create_mandate_link``) carries a key the same way.

Inbound webhooks are signed the Standard Webhooks way; ``provider_b_signatures`` checks them
with the endpoint's signing secret.
"""

import logging
from typing import Any, NamedTuple

from dodopayments import (
    APIStatusError,
    AsyncDodoPayments,
    AuthenticationError,
    DodoPaymentsError,
    PermissionDeniedError,
)

from billing.payments import setup

log = logging.getLogger("tally.payments.provider_b")

ENVIRONMENTS = ("test_mode", "live_mode")
ENVIRONMENT_NAMES = {"test_mode": "test mode", "live_mode": "live mode"}
TIMEOUT_SECONDS = 15.0

ACCEPTED = "Provider B accepted the key in {name}"
REFUSED = "Provider B did not accept this secret key in test mode or live mode"
UNREACHABLE = "Provider B could not be reached to check the key; try again later"

WEBHOOK_EVENTS = [
    "payment.succeeded",
    "payment.failed",
    "payment.cancelled",
    "payment.processing",
    "refund.succeeded",
    "refund.failed",
    # An on-demand subscription is the mandate later charges use (payments/webhook_events.py).
    "subscription.active",
    "subscription.update_payment_method",
]


class KeyCheck(NamedTuple):
    """A key check's answer; ``environment`` is None unless the provider accepted the key."""

    success: bool
    message: str
    environment: str | None


class Charged(NamedTuple):
    """A charge the provider took: its payment id, the hosted page's URL for a link, and the
    product it sold (what a partial refund must name)."""

    payment_id: str
    payment_link: str | None = None
    product_id: str | None = None


# What any failed call raises (the SDK's base error), by a name of this package: code outside
# the gateway catches it without importing the SDK.
ProviderBError = DodoPaymentsError


class ChargeRefused(Exception):
    """The provider answered the charge with a refusal (4xx): retrying the same call cannot
    help. Any other ``DodoPaymentsError`` means the outcome is unknown."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def client(secret: str, environment: str) -> AsyncDodoPayments:
    """An SDK client for one merchant key in one environment (use it as ``async with``).

    ``base_url=None`` with an environment makes the SDK ignore ``DODO_PAYMENTS_BASE_URL``:
    the domain takes its settings from ``setup`` only, never from the process environment."""
    if environment not in ENVIRONMENTS:
        raise ValueError(f"unknown provider B environment: {environment!r}")
    base = setup.current().provider_b_api_base
    options: dict[str, Any] = {
        "bearer_token": secret,
        "webhook_key": "",
        "timeout": TIMEOUT_SECONDS,
        "max_retries": 1,
    }
    if base:
        return AsyncDodoPayments(**options, base_url=f"{base.rstrip('/')}/{environment}")
    return AsyncDodoPayments(**options, environment=environment, base_url=None)


async def validate_key(secret: str) -> KeyCheck:
    """Which environment accepts ``secret``: a cheap authenticated read (the business's
    brands) in test mode, then in live mode. Never raises for a bad key: a refusal in both
    answers ``REFUSED``; a provider that could not be asked answers ``UNREACHABLE`` (unless the
    other environment accepted the key), so a passing outage is not taken for a bad key."""
    unreachable = False
    for environment in ENVIRONMENTS:
        try:
            async with client(secret, environment) as dodo:
                await dodo.brands.list()
        except (AuthenticationError, PermissionDeniedError):
            continue
        except (DodoPaymentsError, ValueError) as error:  # ValueError: a key httpx can't send
            log.warning("provider B key check in %s failed: %s", environment, error)
            unreachable = True
            continue
        return KeyCheck(True, ACCEPTED.format(name=ENVIRONMENT_NAMES[environment]), environment)
    return KeyCheck(False, UNREACHABLE if unreachable else REFUSED, None)


async def create_webhook(secret: str, environment: str, url: str) -> tuple[str, str]:
    """Register ``url`` for the payment and refund events at the provider; answers the
    endpoint's id and signing secret. Raises ``DodoPaymentsError`` when the provider refuses
    or cannot be reached (the caller decides what a missing webhook means)."""
    async with client(secret, environment) as dodo:
        details = await dodo.webhooks.create(
            url=url, description="Tally", filter_types=WEBHOOK_EVENTS
        )
        signing = await dodo.webhooks.retrieve_secret(details.id)
    return details.id, signing.secret


def _refusal(error: APIStatusError) -> ChargeRefused:
    body = error.body if isinstance(error.body, dict) else {}
    message = body.get("message") if isinstance(body.get("message"), str) else None
    return ChargeRefused((message or f"Provider B refused the charge ({error.status_code})")[:500])


async def charge_mandate(
    secret: str,
    environment: str,
    *,
    subscription_id: str,
    amount_cents: int,
    currency: str,
    idempotency_key: str,
    metadata: dict[str, str],
    product_id: str | None = None,
) -> Charged:
    """Charge an on-demand subscription (the customer's mandate, selling ``product_id``)
    ``amount_cents``. ``ChargeRefused`` on a 4xx; any other ``DodoPaymentsError`` when the
    outcome is unknown."""
    async with client(secret, environment) as dodo:
        try:
            answer = await dodo.subscriptions.charge(
                subscription_id,
                product_price=amount_cents,
                product_currency=currency.upper(),  # type: ignore[arg-type]
                metadata=metadata,
                extra_headers={"Idempotency-Key": idempotency_key},
            )
        except APIStatusError as error:
            if 400 <= error.status_code < 500 and error.status_code not in (408, 409, 429):
                raise _refusal(error) from error
            raise
    return Charged(answer.payment_id, product_id=product_id)


async def create_link(
    secret: str,
    environment: str,
    *,
    amount_cents: int,
    currency: str,
    description: str,
    customer: dict[str, str],
    billing: dict[str, str],
    idempotency_key: str,
    metadata: dict[str, str],
) -> Charged:
    """A hosted payment link for ``amount_cents``. The provider's payments need a product, and
    Tally keeps no catalogue there: each link sells a one-time product made for this amount
    (created with the same key, suffixed). Errors as for ``charge_mandate``."""
    price = {"type": "one_time_price", "price": amount_cents, "currency": currency.upper()}
    price.update({"discount": 0, "purchasing_power_parity": False})
    async with client(secret, environment) as dodo:
        try:
            product = await dodo.products.create(
                name=description,
                price=price,  # type: ignore[arg-type]
                tax_category="saas",
                metadata=metadata,
                extra_headers={"Idempotency-Key": f"{idempotency_key}:product"},
            )
            answer = await dodo.payments.create(
                billing=billing,  # type: ignore[arg-type]
                customer=customer,  # type: ignore[arg-type]
                product_cart=[{"product_id": product.product_id, "quantity": 1}],
                payment_link=True,
                metadata=metadata,
                extra_headers={"Idempotency-Key": idempotency_key},
            )
        except APIStatusError as error:
            if 400 <= error.status_code < 500 and error.status_code not in (408, 409, 429):
                raise _refusal(error) from error
            raise
    return Charged(answer.payment_id, answer.payment_link, product.product_id)


async def create_mandate_link(
    secret: str,
    environment: str,
    *,
    currency: str,
    customer: dict[str, str],
    billing: dict[str, str],
    metadata: dict[str, str],
    idempotency_key: str,
    return_url: str | None = None,
) -> str:
    """A hosted link where the customer authorises a mandate: an on-demand subscription with
    ``mandate_only`` (nothing is charged now), for a zero-priced subscription product made
    with the same key, suffixed. Its ``subscription.active`` webhook, whose metadata echoes
    ``metadata`` (the Tally customer), stores the mandate method. Errors as for
    ``charge_mandate``."""
    price = {
        "type": "recurring_price",
        "price": 0,
        "currency": currency.upper(),
        "payment_frequency_count": 1,
        "payment_frequency_interval": "Month",
        "subscription_period_count": 10,
        "subscription_period_interval": "Year",
        "discount": 0,
        "purchasing_power_parity": False,
    }
    async with client(secret, environment) as dodo:
        try:
            product = await dodo.products.create(
                name="Payment method for future invoices",
                price=price,  # type: ignore[arg-type]
                tax_category="saas",
                metadata=metadata,
                extra_headers={"Idempotency-Key": f"{idempotency_key}:product"},
            )
            answer = await dodo.subscriptions.create(
                billing=billing,  # type: ignore[arg-type]
                customer=customer,  # type: ignore[arg-type]
                product_id=product.product_id,
                quantity=1,
                on_demand={"mandate_only": True},
                payment_link=True,
                metadata=metadata,
                return_url=return_url,
                extra_headers={"Idempotency-Key": idempotency_key},
            )
        except APIStatusError as error:
            if 400 <= error.status_code < 500 and error.status_code not in (408, 409, 429):
                raise _refusal(error) from error
            raise
    if not answer.payment_link:
        raise ChargeRefused("Provider B answered no payment link for the mandate")
    return answer.payment_link
