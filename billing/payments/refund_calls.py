"""The provider side of a refund: ask the payment's gateway to give the money back.

Called by ``refunds`` after the refund's transaction committed, never inside one (a slow
provider must not hold the payment's lock). Every call carries the refund's idempotency key,
so a call repeated after a crash or a timeout gives the money back once. How each provider is
asked (the key as a header, a partial refund's items) is its gateway's.

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

from billing.payments.gateways import gateway_for
from billing.payments.gateways.base import FAILED, PENDING, SUCCEEDED
from billing.payments.gateways.base import RefundAnswer as Outcome
from billing.payments.models import Payment, Refund

__all__ = ["FAILED", "PENDING", "SUCCEEDED", "Outcome", "refund_at_provider"]


async def refund_at_provider(payment: Payment, refund: Refund) -> Outcome:
    """Ask the payment's provider for ``refund`` (outside any transaction)."""
    if not payment.provider_payment_id:
        return Outcome(FAILED, message="The payment has no provider payment id to refund")
    try:
        gateway = gateway_for(payment.provider)
    except LookupError:
        return Outcome(FAILED, message=f"Unknown payment provider {payment.provider!r}")
    return await gateway.refund(payment, refund)
