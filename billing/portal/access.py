"""Which customer a portal call acts for: the one rule both ways of calling share.

A secret key names the customer by ``externalCustomerId`` (the merchant's own id for them,
as ``GET /v1/customers/subscription-status`` does); a portal session already is one customer.
With a session an ``externalCustomerId`` may still be sent, but only the session customer's
own: any other answers the customers' 404 exactly as an unknown one would, so a session can
never be used to learn whether another customer exists.
"""

from billing.core.errors import Invalid, NotFound
from billing.core.lookup import find_scoped
from billing.customers.customers import CUSTOMER_NOT_FOUND, find_by_external_id
from billing.customers.models import Customer
from billing.subscriptions import statuses
from billing.subscriptions.customer_status import EXTERNAL_ID_REQUIRED
from billing.subscriptions.models import Subscription


async def customer_for(
    merchant_id: str,
    *,
    external_customer_id: str | None = None,
    session_customer_id: str | None = None,
) -> Customer:
    """The merchant row's live customer this call acts for, else the spec's 404 (400 when a
    secret-key call names nobody)."""
    external_id = (external_customer_id or "").strip()
    if session_customer_id is not None:
        customer = await find_scoped(Customer, merchant_id, session_customer_id, CUSTOMER_NOT_FOUND)
        if external_id and customer.external_customer_id != external_id:
            raise NotFound(CUSTOMER_NOT_FOUND, code="customer_not_found")
        return customer
    if not external_id:
        raise Invalid(EXTERNAL_ID_REQUIRED, code="external_id_required", field="externalCustomerId")
    customer = await find_by_external_id(merchant_id, external_id)
    if customer is None:
        raise NotFound(CUSTOMER_NOT_FOUND, code="customer_not_found")
    return customer


async def live_subscription(merchant_id: str, customer_id: str) -> Subscription | None:
    """The subscription the portal shows and links payment methods to: the customer's newest
    active one, else their newest live one (paused, or unpaid in dunning, which is exactly when
    a customer comes to change their card); None when every one has ended. With its price and
    plan."""
    query = Subscription.scoped(merchant_id).filter(customer_id=customer_id)
    rows = await query.order_by("-created_at", "-id").prefetch_related("effective_price", "plan")
    active = [row for row in rows if row.status in statuses.CURRENT]
    return (active or rows or [None])[0]
