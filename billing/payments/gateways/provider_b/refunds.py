"""Provider B's refunds: ``refunds.create`` on the payment (the SDK's async client). Its API
refunds a part of a payment only per product: a partial refund sends ``items``
``[{item_id, amount}]`` naming the one product the payment sold
(``Payment.provider_product_id``); a whole one sends none. The SDK has no idempotency option of
its own: the key goes as an ``Idempotency-Key`` header and in the metadata.

A refusal (a 4xx other than 408/409/429) is ``failed`` with the provider's own message when it
gave one; no answer (a timeout, a lost connection, a 5xx, 408/409/429) is pending,
``answered`` False, called again later with the same key.
"""

from dodopayments import APIStatusError, DodoPaymentsError

from billing.payments.gateways.base import (
    FAILED,
    PENDING,
    SUCCEEDED,
    RefundAnswer,
    no_refund_answer,
    unsettled,
)
from billing.payments.gateways.provider_b import sdk
from billing.payments.models import Payment, Refund

NOT_CONFIGURED = "Provider B is not configured, so it was not asked"
STATUSES = {
    "succeeded": SUCCEEDED,
    "pending": PENDING,
    "review": PENDING,
    "failed": FAILED,
    "cancelled": FAILED,
}


def _items(payment: Payment, refund: Refund) -> dict:
    """``items`` for a partial refund: the payment's one product, with the refund's amount."""
    if refund.amount_cents >= payment.amount_cents:
        return {}
    return {"items": [{"item_id": payment.provider_product_id, "amount": refund.amount_cents}]}


def _refusal(error: APIStatusError) -> str:
    """The provider's own ``message`` when its error body has one, else its status."""
    body = error.body if isinstance(error.body, dict) else {}
    said = body.get("message") if isinstance(body.get("message"), str) else None
    return f"Provider B could not refund the payment: {said or error.status_code}"[:500]


async def refund_payment(
    key: tuple[str, str] | None, payment: Payment, refund: Refund
) -> RefundAnswer:
    if key is None or key[1] not in sdk.ENVIRONMENTS:
        return RefundAnswer(FAILED, message=NOT_CONFIGURED)
    metadata = {"tally_refund_id": refund.id, "tally_idempotency_key": refund.idempotency_key}
    try:
        async with sdk.client(*key) as dodo:
            answer = await dodo.refunds.create(
                payment_id=payment.provider_payment_id or "",
                reason=refund.reason,
                metadata=metadata,
                extra_headers={"Idempotency-Key": refund.idempotency_key},
                **_items(payment, refund),
            )
    except APIStatusError as error:
        if unsettled(error.status_code):
            return no_refund_answer("Provider B")
        return RefundAnswer(FAILED, message=_refusal(error))
    except DodoPaymentsError:  # a timeout or a lost connection
        return no_refund_answer("Provider B")
    return RefundAnswer(STATUSES.get(answer.status, PENDING), answer.refund_id)
