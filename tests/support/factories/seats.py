"""An organization's seat subscription, paid for its first period, for the seat tests.

The subscriber is a customer with an external id (the ``user_id`` the seat calls send), on a
plan whose one price is a per-seat component billed in advance; the billing run bills the
first period, so a seat added later falls inside a paid period.
"""

from dataclasses import dataclass
from datetime import UTC, datetime

from billing.catalog.models import Plan
from billing.catalog.pricing import seat_price_data
from billing.core.ids import random_base62
from billing.customers.models import Customer
from billing.customers.organizations import add_member, create_organization
from billing.invoicing.billing_run import bill_due
from billing.subscriptions.models import Subscription
from tests.support.factories.invoices import priced_subscription
from tests.support.factories.subscriptions import make_customer

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
FEB_1 = datetime(2030, 2, 1, tzinfo=UTC)
MAR_1 = datetime(2030, 3, 1, tzinfo=UTC)


@dataclass
class SeatTeam:
    subscriber: Customer
    subscription: Subscription

    @property
    def user_id(self) -> str:
        return self.subscriber.external_customer_id


async def customer_with_external_id(merchant_id: str, name: str = "Ada") -> Customer:
    customer = await make_customer(merchant_id, name=name)
    customer.external_customer_id = f"user-{random_base62(10)}"
    await customer.save(update_fields=["external_customer_id"])
    return customer


async def seat_team(
    merchant_id: str, *, unit_cents: int = 1000, start: datetime = JAN_1, bill: bool = True
) -> SeatTeam:
    """A subscriber of ``unit_cents`` per seat a month from ``start``, its first period billed
    (unless ``bill`` is false)."""
    subscriber = await customer_with_external_id(merchant_id, "Initech")
    pricing = seat_price_data(unit_cents, "month", bill_immediately=True)
    subscription = await priced_subscription(merchant_id, pricing, start=start, customer=subscriber)
    if bill:
        await bill_due(start, merchant_id)
    return SeatTeam(subscriber, subscription)


def new_user(name: str = "Grace") -> dict:
    """A ``created_user_id`` and ``created_user_info`` for a member not yet a customer."""
    tag = random_base62(10)
    return {
        "created_user_id": f"member-{tag}",
        "created_user_info": {"name": name, "email": f"{name.lower()}-{tag.lower()}@example.com"},
    }


async def seated_subscription(
    merchant_id: str, unit_cents: int, interval: str, seats: int, *, min_seats: int | None = None
) -> Subscription:
    """A subscriber on ``unit_cents`` per seat a ``interval`` whose organization holds ``seats``
    seats (the subscriber and ``seats - 1`` members), the plan's floor ``min_seats``."""
    subscriber = await customer_with_external_id(merchant_id, "Initech")
    pricing = seat_price_data(unit_cents, interval, bill_immediately=True)
    subscription = await priced_subscription(merchant_id, pricing, start=JAN_1, customer=subscriber)
    await Plan.filter(id=subscription.plan_id).update(min_seats=min_seats)
    organization = await create_organization(
        merchant_id, name="Initech", primary_customer_id=subscriber.id
    )
    for n in range(seats - 1):
        member = await customer_with_external_id(merchant_id, f"Member {n}")
        await add_member(merchant_id, organization.id, member.id)
    return subscription
