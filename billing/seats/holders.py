"""Who holds the seats a call names, and the subscription that bills them.

The seat holder is named by the merchant's external ids: ``organization_id`` is an
organization's ``external_id``; ``user_id`` is a customer's ``externalCustomerId`` (the
subscriber, or any member: a member's organization is meant). The organization's primary
customer is the subscriber; its oldest active subscription with a seat component (a
``per_unit`` component billed in advance, see ``subscriptions/seat_counts.py``) is the one
that bills the seats. Reads are tenant-scoped: another merchant's external ids answer as missing.
"""

from dataclasses import dataclass

from billing.core.errors import Conflict, NotFound
from billing.customers import organizations
from billing.customers.customers import find_by_external_id
from billing.customers.models import Customer, Organization
from billing.seats.seat_inputs import Holder
from billing.subscriptions import statuses
from billing.subscriptions.models import Subscription, SubscriptionDetail
from billing.subscriptions.seat_counts import is_seat_component

ORGANIZATION_NOT_FOUND = organizations.ORGANIZATION_NOT_FOUND
USER_NOT_FOUND = "User not found or access denied"
NO_PRIMARY = "Organization has no primary customer"
NO_SEAT_SUBSCRIPTION = "No active subscription with seats found for this organization"


@dataclass
class SeatHolder:
    subscriber: Customer  # the primary customer (or a customer not yet in an organization)
    organization: Organization | None


async def primary_of(merchant_id: str, organization: Organization) -> Customer | None:
    return (
        await Customer.scoped(merchant_id)
        .filter(organization_id=organization.id, org_role=organizations.PRIMARY)
        .order_by("created_at", "id")
        .first()
    )


async def organization_of(merchant_id: str, customer: Customer) -> Organization | None:
    if customer.organization_id is None:
        return None
    return await Organization.scoped(merchant_id).filter(id=customer.organization_id).first()


async def find_holder(merchant_id: str, holder: Holder) -> SeatHolder:
    """The subscriber and organization the call names; 404 when either is unknown."""
    if holder.organization_id is not None:
        organization = (
            await Organization.scoped(merchant_id)
            .filter(external_id=holder.organization_id)
            .order_by("-created_at", "-id")
            .first()
        )
        if organization is None:
            raise NotFound(ORGANIZATION_NOT_FOUND, code="organization_not_found")
    else:
        customer = await find_by_external_id(merchant_id, holder.user_id)
        if customer is None:
            raise NotFound(USER_NOT_FOUND, code="user_not_found")
        organization = await organization_of(merchant_id, customer)
        if organization is None:
            return SeatHolder(customer, None)
    primary = await primary_of(merchant_id, organization)
    if primary is None:
        raise Conflict(NO_PRIMARY, code="no_primary")
    return SeatHolder(primary, organization)


async def seat_details(merchant_id: str, subscription_id: str) -> list[SubscriptionDetail]:
    details = await SubscriptionDetail.scoped(merchant_id).filter(subscription_id=subscription_id)
    return sorted(
        (d for d in details if is_seat_component(d.component)), key=lambda d: d.component_id
    )


async def seat_subscription(
    merchant_id: str, customer_id: str, *, lock: bool = False
) -> Subscription | None:
    """The customer's oldest active subscription with a seat component (locked FOR UPDATE
    with ``lock``, as every writer of a subscription does first), if any."""
    query = Subscription.scoped(merchant_id).filter(
        customer_id=customer_id, status__in=statuses.CURRENT, end_timestamp=None
    )
    for candidate in await query.order_by("created_at", "id"):
        if await seat_details(merchant_id, candidate.id):
            if not lock:
                return candidate
            locked = await Subscription.filter(id=candidate.id).select_for_update().first()
            if locked is not None and locked.deleted_at is None:
                return locked
    return None


async def require_seat_subscription(merchant_id: str, customer_id: str) -> Subscription:
    subscription = await seat_subscription(merchant_id, customer_id, lock=True)
    if subscription is None:
        raise NotFound(NO_SEAT_SUBSCRIPTION, code="no_seat_subscription")
    return subscription
