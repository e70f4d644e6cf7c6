"""Provider B's payments and refunds read back, for reconciliation, with its statuses (the
SDK's ``IntentStatus``, its refund statuses) translated into Tally's."""

import logging

from dodopayments import DodoPaymentsError

from billing.payments.gateways.base import FAILED, PENDING, SUCCEEDED, Seen
from billing.payments.gateways.provider_b import sdk
from billing.payments.models import Payment, Refund

log = logging.getLogger("tally.payments.checks")

B_FAILED = {"failed", "cancelled"}  # payment statuses that end it without money
REFUND_STATUSES = {"succeeded": SUCCEEDED, "failed": FAILED, "cancelled": FAILED}
CANCELLED = "The payment was cancelled"


async def payment(key: tuple[str, str] | None, found_payment: Payment) -> Seen | None:
    if key is None:
        return None
    try:
        async with sdk.client(*key) as dodo:
            found = await dodo.payments.retrieve(found_payment.provider_payment_id or "")
    except DodoPaymentsError as error:
        log.warning("provider B could not be asked about payment %s: %s", found_payment.id, error)
        return None
    if found.status == "succeeded":
        return Seen(SUCCEEDED, found.created_at)
    if found.status in B_FAILED:
        message = found.error_message or (CANCELLED if found.status == "cancelled" else None)
        return Seen(FAILED, found.created_at, message)
    return Seen(PENDING, found.created_at)


async def refund(key: tuple[str, str] | None, found_refund: Refund) -> Seen | None:
    if key is None:
        return None
    try:
        async with sdk.client(*key) as dodo:
            found = await dodo.refunds.retrieve(found_refund.provider_refund_id or "")
    except DodoPaymentsError as error:
        log.warning("provider B could not be asked about refund %s: %s", found_refund.id, error)
        return None
    return Seen(REFUND_STATUSES.get(found.status, PENDING), found.created_at)
