"""``GET /v1/seats/usage/{customerId}``: the seats of a customer's organization, per seat
component of its subscription.

The customer may be the primary customer or any member; a customer outside any organization
is its own subscriber with one seat. Per seat component (``holders.is_seat_component``):

- ``currentUsage``: the seats of the current period, the live members (primary included) plus
  the removed ones still paid until the period ends;
- ``pendingRemovals``: of those, the seats removed that stop counting at the next period
  (``pending`` removals; the due-work pass applies them at the period's end). So the next
  period bills ``currentUsage - pendingRemovals`` seats, at least the plan's ``minSeats``;
- ``billedSeats`` (Tally's extension of the spec's row): that number, the seats the next
  in-advance charge bills and MRR counts (``subscriptions/seat_counts.py``, the one place the
  floor is applied). ``currentUsage`` stays usage: with ``minSeats`` 5 and 2 members it is 2
  while 5 are billed, so a client shows what is billed from ``billedSeats``, not by
  re-applying the floor itself.

A customer without an active seat subscription answers ``subscriptionId: null`` and empty
lists (200): having no seats is a normal state. The id must look like a customer id: the spec
writes the pattern ``^cus_[A-Za-z0-9]{22}$``, and Tally's own ids are ``cust_`` plus 22
characters, so both shapes are accepted (a ``cus_`` id simply is not found) and any other is
a 400 before a query.
"""

import re
from dataclasses import dataclass, field

from billing.catalog.models import Price
from billing.catalog.price_components import billing_components
from billing.core.errors import Invalid, NotFound
from billing.customers.models import Customer
from billing.seats import holders
from billing.seats.models import REMOVE, SeatChange, SeatChangeStatus
from billing.subscriptions.models import Subscription, SubscriptionDetail
from billing.subscriptions.seat_counts import seats_by_subscription

CUSTOMER_ID = re.compile(r"cust?_[A-Za-z0-9]{22}")
INVALID_CUSTOMER_ID = "customerId must be a customer id: cust_ followed by 22 letters or digits"
CUSTOMER_NOT_FOUND = "Customer not found"
FAILED = "Failed to get seat usage"


@dataclass
class SeatUsage:
    customer_id: str
    subscription: Subscription | None = None
    seat_usages: list[dict] = field(default_factory=list)
    details: list[SubscriptionDetail] = field(default_factory=list)
    price_components: list[dict] = field(default_factory=list)


def _usage_row(detail: SubscriptionDetail, current: int, pending: int, billed: int) -> dict:
    component = detail.component
    return {
        "componentId": detail.component_id,
        "componentName": component.get("component_name"),
        "unitLabel": component.get("unit_label"),
        "metricId": component.get("metric_id"),
        "currentUsage": current,
        "pendingRemovals": pending,
        "billedSeats": billed,
        "unitAmountCents": int(component.get("amount_cents", 0)),
    }


async def seat_usage(merchant_id: str, customer_id: object) -> SeatUsage:
    """The seat usage of the customer's organization (the module docstring)."""
    if not isinstance(customer_id, str) or not CUSTOMER_ID.fullmatch(customer_id):
        raise Invalid(INVALID_CUSTOMER_ID, code="invalid_customer_id", field="customerId")
    customer = await Customer.scoped(merchant_id).filter(id=customer_id).first()
    if customer is None:
        raise NotFound(CUSTOMER_NOT_FOUND, code="seat_customer_not_found")
    organization = await holders.organization_of(merchant_id, customer)
    subscriber = await holders.primary_of(merchant_id, organization) if organization else None
    subscriber = subscriber or customer
    subscription = await holders.seat_subscription(merchant_id, subscriber.id)
    if subscription is None:
        return SeatUsage(customer.id)
    in_use = 1
    if organization is not None:
        in_use = await Customer.scoped(merchant_id).filter(organization_id=organization.id).count()
    pending = (
        await SeatChange.scoped(merchant_id)
        .filter(
            stable_subscription_id=subscription.stable_subscription_id,
            kind=REMOVE,
            status=SeatChangeStatus.PENDING,
        )
        .count()
    )
    details = await (
        SubscriptionDetail.scoped(merchant_id)
        .filter(subscription_id=subscription.id)
        .order_by("component_id")
    )
    price = await Price.get(id=subscription.effective_price_id)
    components = [
        {**c.data, "component_id": c.component_id, "recurrence_rule": c.recurrence_rule}
        for c in billing_components(price.pricing_data)
    ]
    seat_rows = [d for d in details if holders.is_seat_component(d.component)]
    billed = (await seats_by_subscription([subscription]))[subscription.id]
    rows = [_usage_row(d, in_use + pending, pending, billed) for d in seat_rows]
    return SeatUsage(customer.id, subscription, rows, details, components)
