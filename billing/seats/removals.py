"""Pending seat removals reaching the end of their paid period: the due-work step
``seat removals``.

A removed seat stops counting at ``effective_at`` (the end of the period it was paid for).
The member already left the organization when the seat was removed, so the billing run
bills the next period without it whatever this step did; this step closes the record:
``pending`` becomes ``applied``, and the seat usage read stops listing it under
``pendingRemovals``. Rows are claimed with SKIP LOCKED (``core/claims.py``), so concurrent
passes apply each once.

A seat added while a removed one is still paid takes that paid slot instead of being billed
(``reuse_paid_slot``; the rule is ``seat_billing``'s): the removal is ``reused``, so it never
reaches this step, and the seat count stays what was paid for. "Still paid at ``at``" is
decided at the whole second, as every billing instant is (``core/timestamps.whole_second``):
a removal paid until 09:30:15.734 is no longer paid for a seat added at 09:30:15, the new
period's first second.
"""

from collections import Counter
from datetime import datetime, timedelta

from tortoise.expressions import Q

from billing.catalog.models import Plan
from billing.core.claims import work_through_claims
from billing.core.timestamps import whole_second
from billing.customers.models import Customer
from billing.seats.models import REMOVE, SeatChange, SeatChangeStatus

CLAIM_SIZE = 500


def _still_paid(at: datetime) -> Q:
    """Removals whose paid period, at the whole second, still runs at ``at``."""
    return Q(effective_at__gte=whole_second(at) + timedelta(seconds=1))


async def _claim(
    now: datetime, after: SeatChange | None, merchant_id: str | None
) -> list[SeatChange]:
    due = SeatChange.filter(status=SeatChangeStatus.PENDING, deleted_at=None, effective_at__lte=now)
    if merchant_id is not None:
        due = due.filter(merchant_id=merchant_id)
    if after is not None:
        at = after.effective_at
        due = due.filter(Q(effective_at__gt=at) | Q(effective_at=at, id__gt=after.id))
    query = due.order_by("effective_at", "id").limit(CLAIM_SIZE)
    return await query.select_for_update(skip_locked=True)


async def _apply(claimed: list[SeatChange], now: datetime) -> dict[str, str]:
    ids = [change.id for change in claimed]
    await SeatChange.filter(id__in=ids).update(status=SeatChangeStatus.APPLIED, updated_at=now)
    return dict.fromkeys(ids, "applied")


async def apply_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """Apply every pending removal whose period ended by ``now`` (of one merchant row when
    ``merchant_id``: a test's own pass); answers the outcomes."""
    return await work_through_claims(
        lambda after: _claim(now, after, merchant_id),
        lambda claimed: _apply(claimed, now),
        what="seat removal",
    )


async def reuse_paid_slot(merchant_id: str, stable_subscription_id: str, at: datetime) -> bool:
    """Take the paid slot of a seat removed before ``at`` and still paid at ``at`` (the oldest
    pending removal), in the caller's transaction, which holds the subscription's lock: the
    removal becomes ``reused``. Answers whether there was one (then the new seat is free)."""
    slot = await (
        SeatChange.scoped(merchant_id)
        .filter(
            _still_paid(at),
            stable_subscription_id=stable_subscription_id,
            kind=REMOVE,
            status=SeatChangeStatus.PENDING,
            changed_at__lte=at,
        )
        .order_by("changed_at", "id")
        .select_for_update()
        .first()
    )
    if slot is None:
        return False
    slot.status = SeatChangeStatus.REUSED
    await slot.save(update_fields=["status", "updated_at"])
    return True


async def within_paid_minimum(
    merchant_id: str, plan_id: str, organization_id: str, stable_subscription_id: str, at: datetime
) -> bool:
    """Whether a seat just added (its member already in the organization) still fits under the
    plan's ``minSeats``: the period's charge billed at least that many seats, so a seat up to the
    minimum is already paid and costs nothing now. Seats removed but still paid count as in use.
    """
    minimum = await Plan.filter(id=plan_id).first().values_list("min_seats", flat=True)
    if not minimum:
        return False
    members = await Customer.filter(
        merchant_id=merchant_id, organization_id=organization_id, deleted_at=None
    ).count()
    still_paid = (
        await SeatChange.scoped(merchant_id)
        .filter(
            _still_paid(at),
            stable_subscription_id=stable_subscription_id,
            kind=REMOVE,
            status=SeatChangeStatus.PENDING,
        )
        .count()
    )
    return members + still_paid <= minimum
