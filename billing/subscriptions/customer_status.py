"""Whether a customer, found by the merchant's own id for them, has an active subscription.

This is what a merchant's backend asks on login ("is this user paying?"), so it takes
``externalCustomerId`` rather than a Tally id. It reads the subscription rows directly: the
live version (``deleted_at`` null) with status ``active``, newest first when a customer has
several (``dangerouslyAllowMultipleSubscriptions``). Paused and unpaid subscriptions do not
count as active.
"""

from typing import NamedTuple

from billing.core.errors import Invalid, NotFound
from billing.customers.customers import CUSTOMER_NOT_FOUND, find_by_external_id
from billing.customers.models import Customer
from billing.subscriptions import statuses
from billing.subscriptions.models import Subscription

EXTERNAL_ID_REQUIRED = "externalCustomerId is required"


class SubscriptionStatus(NamedTuple):
    customer: Customer
    subscription: Subscription | None  # with plan and effective_price loaded


async def subscription_status(merchant_id: str, external_customer_id: str | None):
    """The customer with this ``externalCustomerId`` and their active subscription, if any."""
    external_id = (external_customer_id or "").strip()
    if not external_id:
        raise Invalid(EXTERNAL_ID_REQUIRED, code="external_id_required", field="externalCustomerId")
    customer = await find_by_external_id(merchant_id, external_id)
    if customer is None:
        raise NotFound(CUSTOMER_NOT_FOUND, code="customer_not_found")
    subscription = (
        await Subscription.scoped(merchant_id)
        .filter(customer_id=customer.id, status__in=statuses.CURRENT)
        .order_by("-created_at", "-id")
        .prefetch_related("plan", "effective_price")
        .first()
    )
    return SubscriptionStatus(customer, subscription)
