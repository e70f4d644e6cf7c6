"""Provider A, the Stripe-compatible card gateway, through the official ``stripe`` SDK.

Every call builds its own ``stripe.StripeClient`` with the merchant's key and the API base from
``setup.current()``: the SDK's module-level ``stripe.api_key`` / ``stripe.api_base`` would be
shared by every merchant served by the process, so one merchant's key could serve another's
call. These are the SDK's synchronous calls, for the merchant's one-off requests (keys, the
webhook endpoint, a checkout's objects): callers run them with ``asyncio.to_thread`` and never
inside a database transaction. Charges, refunds and reads, which batches make many of at once,
use the SDK's async API (``calls``).

Failures come back as ``ProviderAError`` with a sentence fit for the merchant, never as the
SDK's exceptions, so a bad key or an unreachable gateway answers a message instead of a 500.
"""

from dataclasses import dataclass

import stripe

from billing.payments import setup

# What Tally listens to (the spec's list, in its order).
WEBHOOK_EVENTS = (
    "payment_intent.succeeded",
    "payment_intent.payment_failed",
    "setup_intent.succeeded",
    "setup_intent.setup_failed",
    "checkout.session.completed",
)
NETWORK_RETRIES = 1  # the merchant waits for these calls: one retry, not more
# Answers that say nothing about the charge (a concurrent request with the same key, a rate
# limit, the gateway failing): the payment stays pending and is called again with its key.
UNSETTLED = frozenset({409, 429})  # and every 5xx


class ProviderAError(Exception):
    """A call provider A refused or that could not reach it; ``message`` says which."""

    def __init__(self, message: str, *, refused_key: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.refused_key = refused_key


@dataclass(frozen=True)
class WebhookEndpoint:
    id: str
    url: str
    secret: str | None
    enabled_events: list[str]


def webhook_path(merchant_id: str) -> str:
    return f"/v1/public/webhook/{merchant_id}"


def client(secret_key: str) -> stripe.StripeClient:
    """A client of its own for one call: this key, this process's API base."""
    base = setup.current().provider_a_api_base
    addresses = {"api": base.rstrip("/")} if base else None
    return stripe.StripeClient(
        secret_key, base_addresses=addresses, max_network_retries=NETWORK_RETRIES
    )


def _explain(error: stripe.StripeError, action: str) -> ProviderAError:
    if isinstance(error, stripe.AuthenticationError):
        return ProviderAError(
            "Provider A refused the secret key: check that it is complete and not revoked",
            refused_key=True,
        )
    if isinstance(error, stripe.PermissionError):
        return ProviderAError(f"The secret key is not allowed to {action}", refused_key=True)
    if isinstance(error, stripe.APIConnectionError):
        return ProviderAError("Provider A could not be reached; try again in a moment")
    detail = error.user_message or "no reason given"
    status = error.http_status or "no status"
    return ProviderAError(f"Provider A could not {action} ({status}: {detail})")


def read_intent(secret_key: str, intent_id: str) -> dict | None:
    """A PaymentIntent (``pi_…``) or SetupIntent (``seti_…``) as a dict, its payment method
    expanded (the card's brand, last four and expiry are what Tally keeps); None when the
    gateway has no such intent. ``ProviderAError`` when it cannot be asked."""
    gateway = client(secret_key)
    setup_intent = intent_id.startswith("seti_")
    intents = gateway.v1.setup_intents if setup_intent else gateway.v1.payment_intents
    try:
        intent = intents.retrieve(intent_id).to_dict()
        method = intent.get("payment_method")
        if isinstance(method, str):
            intent["payment_method"] = gateway.v1.payment_methods.retrieve(method).to_dict()
    except stripe.InvalidRequestError:
        return None
    except stripe.StripeError as error:
        raise _explain(error, "read the card" if setup_intent else "read the payment") from error
    return intent


def _call(action: str, request):
    try:
        return request()
    except stripe.StripeError as error:
        raise _explain(error, action) from error
    except ValueError as error:  # the HTTP layer refusing a key it cannot put in a header
        raise ProviderAError("The secret key contains characters no key has") from error


def check_key(secret_key: str) -> None:
    """A real, harmless call (the balance) that only answers for a key the gateway accepts."""
    _call("read the balance", lambda: client(secret_key).v1.balance.retrieve())


def register_webhook(secret_key: str, merchant_id: str) -> WebhookEndpoint:
    """Create the endpoint that sends the five events to this merchant's public webhook path.

    Raises ``ProviderAError`` when the gateway refuses (localstripe, for one, has no
    webhook-endpoints API): the caller saves the keys anyway and tells the merchant to add
    ``webhook_url`` by hand.
    """
    url = setup.webhook_url(webhook_path(merchant_id))
    params = {
        "url": url,
        "enabled_events": list(WEBHOOK_EVENTS),
        "description": f"Tally ({merchant_id})",
    }
    endpoint = _call(
        "register the webhook endpoint",
        lambda: client(secret_key).v1.webhook_endpoints.create(params=params),
    ).to_dict()  # SDK objects are not dicts: no ``.get`` on them
    return WebhookEndpoint(
        id=endpoint["id"],
        url=endpoint.get("url") or url,
        secret=endpoint.get("secret"),
        enabled_events=list(endpoint.get("enabled_events") or WEBHOOK_EVENTS),
    )


def account(secret_key: str) -> dict:
    """The account the key belongs to, as a plain dict; ``{}`` when the gateway has no
    account API for it (localstripe answers 404; a restricted key may not read it)."""
    try:
        found = client(secret_key).v1.accounts.retrieve_current()
    except stripe.PermissionError:
        return {}
    except stripe.StripeError as error:
        if error.http_status == 404:
            return {}
        raise _explain(error, "read the account") from error
    return found.to_dict()


def balance_currency(secret_key: str) -> str | None:
    """The currency of the first available balance (real gateways answer a list, localstripe
    one object), or None."""
    balance = _call("read the balance", lambda: client(secret_key).v1.balance.retrieve())
    available = balance.to_dict().get("available")
    first = available[0] if isinstance(available, list) and available else available
    return first.get("currency") if isinstance(first, dict) else None
