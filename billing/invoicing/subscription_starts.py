"""Starting a subscription with its first invoice: ``POST /v1/subscriptions`` with
``triggerImmediateBilling``.

The subscription (``subscriptions.create_subscription``, every rule of which holds) and what it
owes at once (``billing_run.bill_now``: the fixed fees due at the start, with tax) are written
in ONE transaction: both commit, or neither. A create never half-succeeds: when billing fails
(a price whose stored data cannot be billed, the database refusing the invoice) the whole
create rolls back and answers 500 ``Failed to create subscription`` with ``details`` saying
that nothing was stored, so a retry is a new create, not a 409 for a subscription the caller
never got. Without ``trigger_immediate_billing`` the create alone is written and the next
due-work pass bills it.

Money: the first invoice is issued in the create's transaction and is not charged here; its
commit signals the due-work loops (``billing_run.bill_now``), whose payments step charges a
customer's saved method within moments, after the commit, with the attempt's idempotency key.

It lives in invoicing because it needs both the subscription (below) and billing (here): a
route calls this one service.
"""

import logging
from datetime import datetime

from tortoise.transactions import in_transaction

from billing.core.errors import Failure, ServiceError
from billing.invoicing.billing_run import bill_now
from billing.subscriptions import subscriptions
from billing.subscriptions.models import Subscription

log = logging.getLogger(__name__)

NOT_BILLED = "Failed to create subscription"
NOT_BILLED_DETAILS = (
    "Its first invoice could not be billed (triggerImmediateBilling), so nothing was stored: "
    "no subscription, no invoice. Check the price, then try again."
)


async def create_subscription(
    merchant_id: str,
    *,
    customer_id: object,
    plan_id: object,
    effective_price_id: object,
    start_timestamp: datetime | None = None,
    trigger_immediate_billing: bool = False,
    allow_multiple: bool = False,
) -> Subscription:
    """Create version 1 and, with ``trigger_immediate_billing``, bill what is due now, in one
    transaction (see the module docstring); typed errors of either part pass unchanged."""
    async with in_transaction():
        created = await subscriptions.create_subscription(
            merchant_id,
            customer_id=customer_id,
            plan_id=plan_id,
            effective_price_id=effective_price_id,
            start_timestamp=start_timestamp,
            trigger_immediate_billing=trigger_immediate_billing,
            allow_multiple=allow_multiple,
        )
        if trigger_immediate_billing:
            try:
                await bill_now(merchant_id, created.stable_subscription_id)
            except ServiceError:
                raise
            except Exception as error:
                log.exception("immediate billing of %s failed", created.stable_subscription_id)
                raise Failure(
                    NOT_BILLED, details=NOT_BILLED_DETAILS, code="subscription_not_created"
                ) from error
    return created
