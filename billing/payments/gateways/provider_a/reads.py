"""Provider A's payments and refunds read back (a PaymentIntent, a Refund), for reconciliation,
with stripe's statuses translated into Tally's.

A PaymentIntent ``canceled``, or ``requires_payment_method`` once a confirmation failed
(``last_payment_error`` set), ended without money. An intent never confirmed also reads
``requires_payment_method``: that is a checkout whose customer has not paid yet
(``checkout.payment_init``), so it stays pending and the abandoned-checkout step ends it after
a day. ``processing``, ``requires_capture`` and the rest are pending.
"""

import logging
from datetime import UTC, datetime

import stripe

from billing.payments.gateways.base import FAILED, PENDING, SUCCEEDED, Seen
from billing.payments.gateways.provider_a.calls import async_client

log = logging.getLogger("tally.payments.checks")

INTENT_FAILED = {"requires_payment_method", "canceled"}
REFUND_STATUSES = {"succeeded": SUCCEEDED, "failed": FAILED, "canceled": FAILED}


def _from_unix(value: object) -> datetime | None:
    return datetime.fromtimestamp(value, UTC) if isinstance(value, int) else None


async def _intent(secret: str, intent_id: str) -> Seen:
    found = await async_client(secret).v1.payment_intents.retrieve_async(intent_id)
    intent = found.to_dict()
    created, status = _from_unix(intent.get("created")), intent.get("status")
    if status == "succeeded":
        return Seen(SUCCEEDED, created)
    problem = intent.get("last_payment_error") or {}
    if status == "canceled" or (status in INTENT_FAILED and problem):
        message = problem.get("message") or f"The payment was not completed ({status})"
        return Seen(FAILED, created, message)
    return Seen(PENDING, created)


async def _refund(secret: str, refund_id: str) -> Seen:
    found = (await async_client(secret).v1.refunds.retrieve_async(refund_id)).to_dict()
    status = REFUND_STATUSES.get(found.get("status") or "", PENDING)
    return Seen(status, _from_unix(found.get("created")), found.get("failure_reason"))


async def read(secret: str | None, object_id: str, *, refund: bool = False) -> Seen | None:
    """The intent (or with ``refund``, the refund) ``object_id``; None when it cannot be asked."""
    if secret is None:
        return None
    try:
        return await (_refund if refund else _intent)(secret, object_id)
    except (stripe.StripeError, ValueError) as error:
        log.warning("provider A could not be asked about %s: %s", object_id, error)
        return None
