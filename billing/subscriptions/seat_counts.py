"""How many seats a subscription has: what its seat components (``per_unit`` billed in
advance) multiply their unit price by, for the billing run (``invoicing/billing_batch.py``) and for
MRR (``mrr.py``) alike, so the two can never disagree.

The seats in use are the customer's organization: its primary customer and seat members (the
live customers sharing its ``organization_id``); a customer outside any organization is one
seat. The plan's ``minSeats`` ("minimum seats when billing immediately") is the floor. A seat
removed is not counted: its member left the organization at once, and it is paid only until
its period ends (``seats/seat_billing.py``), so it is not recurring revenue either.
"""

from tortoise.functions import Count

from billing.catalog.models import Plan
from billing.catalog.price_components import bills_in_advance
from billing.customers.models import Customer
from billing.subscriptions.models import Subscription


def is_seat_component(component: dict) -> bool:
    """A per-unit component billed in advance: a seat price."""
    return component.get("type") == "per_unit" and bills_in_advance(component)


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
            await Customer.filter(
                merchant_id__in=list({s.merchant_id for s in subscriptions}),
                organization_id__in=list(organizations),
                deleted_at=None,
            )
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


async def seats_by_subscription(subscriptions: list[Subscription]) -> dict[str, int]:
    """``seats_of`` for subscriptions whose customers are not loaded yet (one query more)."""
    if not subscriptions:
        return {}
    ids = list({s.customer_id for s in subscriptions})
    merchants = list({s.merchant_id for s in subscriptions})
    customers = {c.id: c for c in await Customer.filter(merchant_id__in=merchants, id__in=ids)}
    return await seats_of(subscriptions, customers)
