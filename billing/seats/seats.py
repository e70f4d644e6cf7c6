"""Adding and removing seats: ``POST /v1/seats/add`` and ``/remove`` (one service each).

Adding a seat, in one transaction: the organization's seat subscription is locked (as every
writer of a subscription does first), the organization is created when the subscriber has
none (named after the subscriber, who becomes its primary customer), the member customer is
created when no customer has the ``created_user_id`` as external id (from
``created_user_info``, whose email is then required), the member joins, gets its own credit
grants under the subscription, and the seat's prorated price is invoiced at once
(``seat_billing``), unless a removed seat is still paid for this period: the new seat takes
that paid slot for free and the pending removal is cancelled (``removals.reuse_paid_slot``).
Removing a seat: the member leaves the organization at once (its entitlements and credits end
now), and the seat keeps being paid until the end of its period (a ``pending`` removal; no
refund, see ``seat_billing``). Either change records a
subscription event with the MRR after it (seats count in MRR: ``subscriptions/mrr.py``), so
the MRR history follows the seats, and tells the merchant's server (``seat.added`` /
``seat.removed``, the seat change as its object) at the request's clock: a removal when it is
asked for, since the member loses the seat then, though its pay runs to the period's end. A
member made by an add is told as ``customer.created`` (``customers.create_customer``).

Idempotency: the change's row carries its ``idempotency_key`` (unique per merchant row). A
call whose key was used before answers the first call's result and changes nothing; the key
used for another kind of change or another user is a 409. Two concurrent calls with one key
meet at the subscription's lock: the second reads the key again once it holds the lock and
answers the first's result, and a unique-key violation (a key sent for two subscriptions at
once) ends the same way, so a seat is billed once.
"""

from dataclasses import dataclass
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from billing.core.errors import Conflict, Invalid, NotFound
from billing.customers import organizations
from billing.customers.customers import create_customer, find_by_external_id
from billing.customers.models import Customer, Organization
from billing.event_log import recording
from billing.seats import holders, removals, seat_inputs
from billing.seats.models import ADD, REMOVE, SeatChange, SeatChangeStatus
from billing.seats.seat_billing import bill_seat, removal_takes_effect
from billing.seats.seat_inputs import SeatRequest
from billing.subscriptions import member_grants
from billing.subscriptions.subscriptions import record_event

ADDED = "Seat added successfully"
REMOVED = "Seat removed successfully"
KEY_REUSED = "idempotency_key was already used for a different seat change"
ALREADY_MEMBER = "User already holds a seat in this organization"
EMAIL_NEEDED = "created_user_info.email is required to create the user"
NOT_A_MEMBER = "User is not a seat member of this organization"
PRIMARY_SEAT = "The primary customer's seat cannot be removed"
SEAT_ADDED, SEAT_REMOVED = "seat_added", "seat_removed"  # subscription events (MRR history)


@dataclass(frozen=True)
class SeatResult:
    message: str
    user_id: str
    subscription_id: str  # the stable subscription id
    idempotency_key: str
    invoice_id: str | None


def _result(change: SeatChange) -> SeatResult:
    message = ADDED if change.kind == ADD else REMOVED
    return SeatResult(
        message,
        change.external_user_id,
        change.stable_subscription_id,
        change.idempotency_key,
        change.invoice_id,
    )


async def _replay(merchant_id: str, request: SeatRequest, kind: str) -> SeatResult | None:
    change = await SeatChange.filter(
        merchant_id=merchant_id, idempotency_key=request.idempotency_key
    ).first()
    if change is None:
        return None
    if change.kind != kind or change.external_user_id != request.user_id:
        raise Conflict(KEY_REUSED, code="key_reused")
    return _result(change)


async def _once(merchant_id: str, request: SeatRequest, kind: str, change) -> SeatResult:
    """Run ``change`` unless the key was used; a concurrent call's key answers its result."""
    if (done := await _replay(merchant_id, request, kind)) is not None:
        return done
    try:
        async with in_transaction():
            return await change(merchant_id, request)
    except IntegrityError:
        if (done := await _replay(merchant_id, request, kind)) is not None:
            return done
        raise


async def _organization_of(merchant_id: str, subscriber_id: str) -> Organization:
    """The subscriber's organization, created now (named after it) when it has none."""
    subscriber = await Customer.filter(id=subscriber_id).select_for_update().first()
    organization = await holders.organization_of(merchant_id, subscriber)
    if organization is not None:
        return organization
    return await organizations.create_organization(
        merchant_id, name=subscriber.name or subscriber.email, primary_customer_id=subscriber.id
    )


async def _member_to_add(
    merchant_id: str, request: SeatRequest, organization: Organization
) -> Customer:
    existing = await find_by_external_id(merchant_id, request.user_id)
    if existing is not None:
        if existing.organization_id == organization.id:
            raise Conflict(ALREADY_MEMBER, code="already_member")
        return existing
    if request.email is None:
        raise Invalid(EMAIL_NEEDED, code="email_needed")
    return await create_customer(
        merchant_id, email=request.email, name=request.name, external_customer_id=request.user_id
    )


def _change(request: SeatRequest, kind: str, subscription, organization, member) -> SeatChange:
    return SeatChange(
        merchant_id=subscription.merchant_id,
        kind=kind,
        organization_id=organization.id,
        customer_id=member.id,
        external_user_id=request.user_id,
        stable_subscription_id=subscription.stable_subscription_id,
        subscription_id=subscription.id,
        idempotency_key=request.idempotency_key,
        changed_at=request.at,
        effective_at=request.at,
    )


async def _add(merchant_id: str, request: SeatRequest) -> SeatResult:
    holder = await holders.find_holder(merchant_id, request.holder)
    subscription = await holders.require_seat_subscription(merchant_id, holder.subscriber.id)
    if (done := await _replay(merchant_id, request, ADD)) is not None:
        return done  # a concurrent call with this key held the lock first
    organization = await _organization_of(merchant_id, holder.subscriber.id)
    member = await _member_to_add(merchant_id, request, organization)
    await organizations.add_member(merchant_id, organization.id, member.id)
    change = _change(request, ADD, subscription, organization, member)
    stable_id = subscription.stable_subscription_id
    paid_already = await removals.within_paid_minimum(
        merchant_id, subscription.plan_id, organization.id, stable_id, request.at
    ) or await removals.reuse_paid_slot(merchant_id, stable_id, request.at)
    if not paid_already:
        details = await holders.seat_details(merchant_id, subscription.id)
        subscriber = await Customer.get(id=holder.subscriber.id)
        label = member.name or member.email
        invoice = await bill_seat(
            subscription, subscriber, details, request.at, member=label, change_id=change.id
        )
        change.invoice_id = invoice.id if invoice else None
    await change.save()
    await member_grants.grant_for_member(merchant_id, subscription, member.id, now=request.at)
    await record_event(merchant_id, subscription, SEAT_ADDED, at=request.at)  # MRR moved
    await recording.record(merchant_id, "seat.added", change.id, at=request.at)
    return _result(change)


async def _remove(merchant_id: str, request: SeatRequest) -> SeatResult:
    holder = await holders.find_holder(merchant_id, request.holder)
    subscription = await holders.require_seat_subscription(merchant_id, holder.subscriber.id)
    if (done := await _replay(merchant_id, request, REMOVE)) is not None:
        return done
    organization = holder.organization
    member = None
    if organization is not None:
        member = (
            await Customer.scoped(merchant_id)
            .filter(organization_id=organization.id, external_customer_id=request.user_id)
            .order_by("-created_at", "-id")
            .first()
        )
    if member is None:
        raise NotFound(NOT_A_MEMBER, code="user_not_a_member")
    if member.org_role == organizations.PRIMARY:
        raise Conflict(PRIMARY_SEAT, code="primary_seat")
    await organizations.remove_member(merchant_id, organization.id, member.id)
    stable_id = subscription.stable_subscription_id
    await member_grants.cancel_for_member(merchant_id, stable_id, member.id, now=request.at)
    details = await holders.seat_details(merchant_id, subscription.id)
    change = _change(request, REMOVE, subscription, organization, member)
    effective = removal_takes_effect(details, request.at)
    if effective is not None:
        change.status, change.effective_at = SeatChangeStatus.PENDING, effective
    else:
        change.status = SeatChangeStatus.APPLIED
    await change.save()
    await record_event(merchant_id, subscription, SEAT_REMOVED, at=request.at)  # MRR moved
    await recording.record(merchant_id, "seat.removed", change.id, at=request.at)
    return _result(change)


async def add_seat(merchant_id: str, body: Any) -> SeatResult:
    """Add one seat for the ``/seats/add`` body (the module docstring); a used key answers
    the first result again."""
    return await _once(merchant_id, seat_inputs.add_request(body), ADD, _add)


async def remove_seat(merchant_id: str, body: Any) -> SeatResult:
    """Remove one seat for the ``/seats/remove`` body (the module docstring); a used key
    answers the first result again."""
    return await _once(merchant_id, seat_inputs.remove_request(body), REMOVE, _remove)
