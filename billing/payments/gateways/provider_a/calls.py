"""Provider A's calls through the ``stripe`` SDK's async API (``*_async`` methods over an
``httpx`` client), so a call never blocks the event loop and hundreds can be in flight at once.

Every call builds its own ``stripe.StripeClient`` with the merchant's key and the API base from
``setup.current()``: the SDK's module-level ``stripe.api_key`` would be shared by every merchant
served by the process. The HTTP client under it is shared, one per event loop (an ``httpx``
client's connections belong to the loop that opened them): its pool bounds how many requests
are open at once, and the rest wait for a connection.
"""

import asyncio
import weakref

import stripe

from billing.payments import setup
from billing.payments.gateways.base import (
    FAILED,
    PENDING,
    SUCCEEDED,
    ChargeAnswer,
    GatewayUnreachable,
)
from billing.payments.provider_a import NETWORK_RETRIES, UNSETTLED, _explain

TIMEOUT_SECONDS = 80  # the SDK's own default for its synchronous client

_http_clients: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, stripe.HTTPXClient]" = (
    weakref.WeakKeyDictionary()
)


def _http_client() -> stripe.HTTPXClient:
    loop = asyncio.get_running_loop()
    found = _http_clients.get(loop)
    if found is None:
        found = _http_clients[loop] = stripe.HTTPXClient(timeout=TIMEOUT_SECONDS)
    return found


def async_client(secret_key: str) -> stripe.StripeClient:
    """A client of its own for one async call: this key, this process's API base, the loop's
    pooled HTTP client. Call from a coroutine."""
    base = setup.current().provider_a_api_base
    addresses = {"api": base.rstrip("/")} if base else None
    return stripe.StripeClient(
        secret_key,
        base_addresses=addresses,
        max_network_retries=NETWORK_RETRIES,
        http_client=_http_client(),
    )


async def charge(
    secret_key: str,
    *,
    amount_cents: int,
    currency: str,
    customer: str | None,
    payment_method: str,
    idempotency_key: str,
    metadata: dict[str, str],
) -> ChargeAnswer:
    """Charge a saved card off-session (a PaymentIntent confirmed at once). The idempotency key
    makes a repeated call (after a crash, or a lost answer) return the first PaymentIntent
    instead of charging again. A decline or a refused request is a ``failed`` answer; only a
    gateway that could not be reached, or gave no settling answer, raises
    ``GatewayUnreachable`` (the caller calls again later with the same key)."""
    params = {
        "amount": amount_cents,
        "currency": currency.lower(),
        "payment_method": payment_method,
        "confirm": True,
        "off_session": True,
        "metadata": metadata,
    }
    if customer:
        params["customer"] = customer
    try:
        intent = await async_client(secret_key).v1.payment_intents.create_async(
            params=params, options={"idempotency_key": idempotency_key}
        )
    except stripe.CardError as error:
        found = getattr(error.error, "payment_intent", None) if error.error else None
        intent_id = getattr(found, "id", None)  # the declined intent (an SDK object)
        return ChargeAnswer(FAILED, intent_id, error.user_message or "The card was declined")
    except stripe.APIConnectionError as error:
        raise GatewayUnreachable(_explain(error, "charge the card").message) from error
    except stripe.StripeError as error:
        status = error.http_status
        if status is None or status >= 500 or status in UNSETTLED:
            raise GatewayUnreachable(_explain(error, "charge the card").message) from error
        return ChargeAnswer(FAILED, None, _explain(error, "charge the card").message)
    if intent.status == "succeeded":
        return ChargeAnswer(SUCCEEDED, intent.id)
    if intent.status in ("processing", "requires_capture"):
        return ChargeAnswer(PENDING, intent.id)
    problem = intent.to_dict().get("last_payment_error") or {}
    message = problem.get("message") or f"The payment needs the customer ({intent.status})"
    return ChargeAnswer(FAILED, intent.id, message)
