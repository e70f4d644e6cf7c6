"""How many seats a subscription bills in advance: its per-unit components marked
``bill_immediately`` (a per-seat plan with "bill immediately") charge seats × the seat price at
the start of each period (``cycles.fixed_cycle``).

The seats in use are the customer's organization: its primary customer and seat members (the
live customers sharing its ``organization_id``); a customer outside any organization is one
seat. The plan's ``minSeats`` ("minimum seats when billing immediately") is the floor. Adding
and removing seats within a period, and their prorations, belong to the seats endpoints.
"""

from tortoise.functions import Count

from billing.catalog.models import Plan
from billing.catalog.price_components import bills_in_advance
from billing.customers.models import Customer
from billing.subscriptions.models import Subscription


def bills_seats(details: list) -> bool:
    """Whether any of these billing details is a seat component billed in advance."""
    return any(
        d.component.get("type") == "per_unit" and bills_in_advance(d.component) for d in details
    )


async def seats_of(
    subscriptions: list[Subscription], customers: dict[str, Customer]
) -> dict[str, int]:
    """Per subscription id, the seats it bills (customers: by id, those of the subscriptions)."""
    organizations = {
        customers[s.customer_id].organization_id
        for s in subscriptions
        if customers[s.customer_id].organization_id
    }
    members = {}
    if organizations:
        rows = (
            await Customer.filter(organization_id__in=list(organizations), deleted_at=None)
            .group_by("organization_id")
            .annotate(n=Count("id"))
            .values("organization_id", "n")
        )
        members = {row["organization_id"]: row["n"] for row in rows}
    plan_ids = list({s.plan_id for s in subscriptions})
    floors = dict(await Plan.filter(id__in=plan_ids).values_list("id", "min_seats"))
    seats = {}
    for subscription in subscriptions:
        organization = customers[subscription.customer_id].organization_id
        in_use = members.get(organization, 1) if organization else 1
        seats[subscription.id] = max(in_use, floors.get(subscription.plan_id) or 1)
    return seats
