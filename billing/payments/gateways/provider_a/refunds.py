"""Provider A's refunds: ``refunds.create`` on the payment intent with the amount, the refund's
idempotency key as the SDK's ``idempotency_key`` option and Tally's refund id in the metadata.

A refusal (a 4xx other than 408/409/429) is ``failed`` with the SDK adapter's sentence; no
answer (a lost connection, a 5xx, 408/409/429) is pending, ``answered`` False, called again
later with the same key.
"""

import stripe

from billing.payments.gateways.base import (
    FAILED,
    PENDING,
    SUCCEEDED,
    RefundAnswer,
    no_refund_answer,
    unsettled,
)
from billing.payments.gateways.provider_a import sdk
from billing.payments.gateways.provider_a.calls import async_client
from billing.payments.models import Payment, Refund

NOT_CONFIGURED = "Provider A is not configured, so it was not asked"
KEY_UNSENDABLE = "The stored provider A key cannot be sent"
STATUSES = {
    "succeeded": SUCCEEDED,
    "pending": PENDING,
    "requires_action": PENDING,
    "failed": FAILED,
    "canceled": FAILED,
}


def metadata(refund: Refund) -> dict[str, str]:
    return {"tally_refund_id": refund.id, "tally_idempotency_key": refund.idempotency_key}


async def refund_payment(secret: str | None, payment: Payment, refund: Refund) -> RefundAnswer:
    if secret is None:
        return RefundAnswer(FAILED, message=NOT_CONFIGURED)
    if not (secret.isascii() and secret.isprintable()):  # no HTTP header can carry it
        return RefundAnswer(FAILED, message=KEY_UNSENDABLE)
    params = {
        "payment_intent": payment.provider_payment_id,
        "amount": refund.amount_cents,
        "metadata": metadata(refund),
    }
    options = {"idempotency_key": refund.idempotency_key}
    try:
        answer = await async_client(secret).v1.refunds.create_async(params=params, options=options)
    except stripe.APIConnectionError:
        return no_refund_answer("Provider A")
    except stripe.StripeError as error:
        if unsettled(error.http_status):
            return no_refund_answer("Provider A")
        return RefundAnswer(FAILED, message=sdk._explain(error, "refund the payment").message)
    return RefundAnswer(STATUSES.get(answer.status or "", PENDING), answer.id)
