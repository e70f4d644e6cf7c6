"""The seats of a customer's organization as the dashboard's customer page shows them: the
seat subscription's seat prices, and the removals still paid until their period ends.

The members themselves are the organization's (``customers.organizations``); this adds what
only the seats context knows, read with the same rules as the seat usage endpoint
(``holders``: the primary customer's oldest active subscription with a seat component).
"""

from dataclasses import dataclass, field
from datetime import datetime

from billing.catalog.models import Price
from billing.catalog.recurrence import simple_interval
from billing.customers.models import Customer
from billing.seats import holders
from billing.seats.models import REMOVE, SeatChange, SeatChangeStatus
from billing.subscriptions.models import Subscription


@dataclass(frozen=True)
class SeatPrice:
    name: str
    amount_cents: int
    currency: str
    unit_label: str
    interval: str | None  # month, year, or None for any other rule


@dataclass(frozen=True)
class PendingRemoval:
    customer: Customer
    external_user_id: str
    removed_at: datetime
    effective_at: datetime


@dataclass
class OrganizationSeats:
    subscription: Subscription | None = None
    prices: list[SeatPrice] = field(default_factory=list)
    pending: list[PendingRemoval] = field(default_factory=list)


async def organization_seats(merchant_id: str, customer: Customer) -> OrganizationSeats:
    """The seat prices and pending removals of the customer's organization (empty when the
    customer has no organization or it has no active seat subscription)."""
    organization = await holders.organization_of(merchant_id, customer)
    if organization is None:
        return OrganizationSeats()
    primary = await holders.primary_of(merchant_id, organization)
    subscription = await holders.seat_subscription(merchant_id, primary.id) if primary else None
    if subscription is None:
        return OrganizationSeats()
    price = await Price.get(id=subscription.effective_price_id)
    prices = [
        SeatPrice(
            str(d.component.get("component_name") or "Seats"),
            int(d.component.get("amount_cents", 0)),
            price.currency,
            str(d.component.get("unit_label") or "seat"),
            simple_interval(d.recurrence_rule),
        )
        for d in await holders.seat_details(merchant_id, subscription.id)
    ]
    changes = await (
        SeatChange.scoped(merchant_id)
        .filter(
            stable_subscription_id=subscription.stable_subscription_id,
            kind=REMOVE,
            status=SeatChangeStatus.PENDING,
        )
        .order_by("effective_at", "changed_at", "id")
        .prefetch_related("customer")
    )
    pending = [
        PendingRemoval(c.customer, c.external_user_id, c.changed_at, c.effective_at)
        for c in changes
    ]
    return OrganizationSeats(subscription, prices, pending)
