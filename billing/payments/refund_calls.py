"""The provider side of a refund: ask the payment's provider to give the money back.

Called by ``refunds`` after the refund's transaction committed, never inside one (a slow
provider must not hold the payment's lock). Every call carries the refund's idempotency key,
so a call repeated after a crash or a timeout gives the money back once.

- Provider A: ``refunds.create`` on the payment intent with the amount, the key as the
  ``Idempotency-Key`` header (the SDK's ``idempotency_key`` option) and Tally's refund id in
  the metadata. The SDK is synchronous, so the call runs in a thread.
- Provider B: ``refunds.create`` on the payment (the SDK's async client). Its API refunds a
  part of a payment only per product: a partial refund sends ``items`` ``[{item_id, amount}]``
  naming the one product the payment sold (``Payment.provider_product_id``); a whole one
  sends none. The SDK has no idempotency option of its own: the key goes as an
  ``Idempotency-Key`` header and in the metadata.

Each answers an ``Outcome``, never an exception. A refusal (a 4xx other than 408/409/429, or
nothing to call) is ``failed`` with a sentence fit for the merchant, the provider's own
message when it gave one. **No answer** (a timeout, a lost connection, a 5xx, 408/409/429)
is not a refusal: the money may have moved, so the outcome is ``pending`` without the
provider's refund id (``answered`` false); the refund keeps its idempotency key and
``reconcile`` repeats this same call later, which the provider answers with the first
result. A ``pending`` outcome is settled later by ``refund_outcomes``: for provider B by its
``refund.succeeded`` / ``refund.failed`` webhook, which finds the refund by the provider's
refund id or by ``tally_refund_id`` in the metadata echoed back, else by ``reconcile``.
"""

import asyncio
from dataclasses import dataclass

import stripe
from dodopayments import APIStatusError, DodoPaymentsError

from billing.payments import provider_a_config, setup
from billing.payments.gateways.provider_a import sdk as provider_a
from billing.payments.gateways.provider_b import sdk as provider_b
from billing.payments.models import Payment, ProviderConfig, Refund

SUCCEEDED, PENDING, FAILED = "succeeded", "pending", "failed"
NO_ANSWER = "{name} did not answer the refund call; it is asked again later with the same key"
# The providers' refund statuses, as Tally records them (anything unknown stays pending).
STATUSES = {
    "succeeded": SUCCEEDED,
    "pending": PENDING,
    "requires_action": PENDING,
    "review": PENDING,
    "failed": FAILED,
    "canceled": FAILED,
    "cancelled": FAILED,
}


@dataclass(frozen=True)
class Outcome:
    status: str  # succeeded | pending | failed
    provider_refund_id: str | None = None
    message: str | None = None
    answered: bool = True  # False: no answer came (pending, to be called again)


def _no_answer(name: str) -> Outcome:
    return Outcome(PENDING, message=NO_ANSWER.format(name=name), answered=False)


def _unsettled(status: int | None) -> bool:
    """Whether an HTTP status says nothing about the refund (the provider may have made it)."""
    return status is None or status >= 500 or status in (408, 409, 429)


def _metadata(refund: Refund) -> dict[str, str]:
    return {"tally_refund_id": refund.id, "tally_idempotency_key": refund.idempotency_key}


def _stripe_refund(secret_key: str, payment: Payment, refund: Refund):
    params = {
        "payment_intent": payment.provider_payment_id,
        "amount": refund.amount_cents,
        "metadata": _metadata(refund),
    }
    options = {"idempotency_key": refund.idempotency_key}
    return provider_a.client(secret_key).v1.refunds.create(params=params, options=options)


async def _at_provider_a(payment: Payment, refund: Refund) -> Outcome:
    secret = await provider_a_config.provider_a_secret(payment.merchant_id)
    if secret is None:
        return Outcome(FAILED, message="Provider A is not configured, so it was not asked")
    try:
        answer = await asyncio.to_thread(_stripe_refund, secret, payment, refund)
    except stripe.APIConnectionError:
        return _no_answer("Provider A")
    except stripe.StripeError as error:
        if _unsettled(error.http_status):
            return _no_answer("Provider A")
        # The adapter's own wording (private there, shared here rather than copied).
        return Outcome(FAILED, message=provider_a._explain(error, "refund the payment").message)
    except ValueError:
        return Outcome(FAILED, message="The stored provider A key cannot be sent")
    return Outcome(STATUSES.get(answer.status or "", PENDING), answer.id)


async def _at_provider_b(payment: Payment, refund: Refund) -> Outcome:
    config = await ProviderConfig.scoped(payment.merchant_id).filter(provider="provider_b").first()
    if config is None or config.environment not in provider_b.ENVIRONMENTS:
        return Outcome(FAILED, message="Provider B is not configured, so it was not asked")
    try:
        async with provider_b.client(
            setup.unseal(config.secret_key_sealed), config.environment
        ) as dodo:
            answer = await dodo.refunds.create(
                payment_id=payment.provider_payment_id or "",
                reason=refund.reason,
                metadata=_metadata(refund),
                extra_headers={"Idempotency-Key": refund.idempotency_key},
                **_items(payment, refund),
            )
    except APIStatusError as error:
        if _unsettled(error.status_code):
            return _no_answer("Provider B")
        return Outcome(FAILED, message=_provider_b_refusal(error))
    except DodoPaymentsError:  # a timeout or a lost connection
        return _no_answer("Provider B")
    return Outcome(STATUSES.get(answer.status, PENDING), answer.refund_id)


def _items(payment: Payment, refund: Refund) -> dict:
    """``items`` for a partial refund: the payment's one product, with the refund's amount."""
    if refund.amount_cents >= payment.amount_cents:
        return {}
    return {"items": [{"item_id": payment.provider_product_id, "amount": refund.amount_cents}]}


def _provider_b_refusal(error: APIStatusError) -> str:
    """The provider's own ``message`` when its error body has one, else its status."""
    body = error.body if isinstance(error.body, dict) else {}
    said = body.get("message") if isinstance(body.get("message"), str) else None
    return f"Provider B could not refund the payment: {said or error.status_code}"[:500]


async def refund_at_provider(payment: Payment, refund: Refund) -> Outcome:
    """Ask the payment's provider for ``refund`` (outside any transaction)."""
    if not payment.provider_payment_id:
        return Outcome(FAILED, message="The payment has no provider payment id to refund")
    if payment.provider == "provider_a":
        return await _at_provider_a(payment, refund)
    if payment.provider == "provider_b":
        return await _at_provider_b(payment, refund)
    return Outcome(FAILED, message=f"Unknown payment provider {payment.provider!r}")
