"""Scheduled changes: moves of a subscription to another plan version on a given date.

A ``ScheduledChange`` moves one subscription to another plan version and price on its
``effective_date`` (plan migrations with ``next_billing_cycle`` record them). ``apply_due`` is
the due-work pass's part (``billing/due_work.py``): it applies every pending change that is
due, across all merchants, and is safe to run twice or in several processes at once:

- each change is claimed with ``SELECT ... FOR UPDATE SKIP LOCKED`` inside its own
  transaction (``billing/core/claims.py``), so a second runner skips the rows the first holds
  and never sees them pending again once the first commits: no change is applied twice;
- the subscription's live row is locked by ``new_version``, so a change and an override (or
  two changes of one subscription) queue instead of both making version n+1.

Outcomes: ``applied`` (``applied_at`` and ``result_subscription_id`` set), ``cancelled`` (the
subscription ended, or is already on that plan and price) or ``failed`` (a rule refused it:
``error`` says why; the failed attempt's writes are rolled back). An unexpected error leaves
the change pending for the next pass.
"""

from collections import Counter
from datetime import datetime

from tortoise.transactions import in_transaction

from billing.catalog.models import Plan, Price
from billing.core.claims import work_through
from billing.core.due_signal import due_at
from billing.core.errors import Conflict, NotFound, ServiceError
from billing.core.models import utcnow
from billing.subscriptions import subscriptions
from billing.subscriptions.models import ScheduledChange, ScheduledChangeStatus, Subscription
from billing.subscriptions.subscription_versions import lock_live, new_version

PLAN_MOVES = ("plan_migration", "plan_change")
# The subscription event each kind of change records when it is applied.
APPLIED_KINDS = {"plan_migration": "migrated", "plan_change": "plan_changed"}


async def list_pending(merchant_id: str, stable_id: str) -> list[ScheduledChange]:
    """Pending changes of the merchant's live subscription, soonest first (an ended or
    unknown subscription is 404, as its GET)."""
    live = await subscriptions.get_live(merchant_id, stable_id)
    return (
        await ScheduledChange.scoped(merchant_id)
        .filter(
            stable_subscription_id=live.stable_subscription_id, status=ScheduledChangeStatus.PENDING
        )
        .order_by("effective_date", "id")
    )


async def cancel_pending(
    merchant_id: str,
    stable_id: str,
    reason: str,
    kind: str | None = None,
    now: datetime | None = None,
) -> int:
    """Cancel the subscription's pending changes (of ``kind``, or all), in the caller's
    transaction, which holds the subscription's lock, as of ``now`` (default the present; a
    due pass passes its clock).

    Rows a runner has claimed are skipped (SKIP LOCKED), not waited for: that runner waits
    for the subscription lock we hold, so waiting here would deadlock. Such a change is
    settled by its runner once we commit (it then sees the subscription as it is now).
    """
    query = ScheduledChange.scoped(merchant_id).filter(
        stable_subscription_id=stable_id, status=ScheduledChangeStatus.PENDING
    )
    if kind is not None:
        query = query.filter(kind=kind)
    ids = [row.id for row in await query.select_for_update(skip_locked=True)]
    if not ids:
        return 0
    return await ScheduledChange.filter(id__in=ids).update(
        status=ScheduledChangeStatus.CANCELLED, error=reason, updated_at=now or utcnow()
    )


async def schedule(
    merchant_id: str,
    live: Subscription,
    *,
    plan: Plan,
    price: Price,
    effective_date: datetime,
    plan_migration_id: str | None = None,
    kind: str = "plan_migration",
) -> ScheduledChange:
    """Record a move of ``live`` to ``plan`` at ``price`` on ``effective_date`` (``kind``:
    ``plan_migration`` for a plan's migration, ``plan_change`` for one subscription's change
    of plan). A newer decision replaces an older one: earlier pending moves of this
    subscription are cancelled, so two moves never stack. Running due-work loops are told
    when it falls due (on commit)."""
    await (
        ScheduledChange.scoped(merchant_id)
        .filter(
            stable_subscription_id=live.stable_subscription_id,
            status=ScheduledChangeStatus.PENDING,
            kind__in=PLAN_MOVES,
        )
        .update(
            status=ScheduledChangeStatus.CANCELLED,
            error="Replaced by a later migration",
            updated_at=utcnow(),
        )
    )
    change = await ScheduledChange.create(
        merchant_id=merchant_id,
        stable_subscription_id=live.stable_subscription_id,
        kind=kind,
        new_plan_id=plan.id,
        new_price_id=price.id,
        plan_migration_id=plan_migration_id,
        effective_date=effective_date,
    )
    await due_at(effective_date)
    return change


async def _apply(
    change: ScheduledChange, now: datetime
) -> tuple[ScheduledChangeStatus, str | None, str | None]:
    """Apply one claimed change; answers (status, result subscription id, error)."""
    merchant_id = change.merchant_id
    try:
        live = await lock_live(merchant_id, change.stable_subscription_id)
    except (Conflict, NotFound):
        return ScheduledChangeStatus.CANCELLED, None, "Subscription ended"
    plan = await Plan.filter(merchant_id=merchant_id, id=change.new_plan_id).first()
    price = await Price.filter(merchant_id=merchant_id, id=change.new_price_id).first()
    if plan is None or price is None or price.plan_id != plan.id:
        return (
            ScheduledChangeStatus.FAILED,
            None,
            "The target plan version or price no longer exists",
        )
    if live.plan_id == plan.id and live.effective_price_id == price.id:
        return (
            ScheduledChangeStatus.CANCELLED,
            live.id,
            "Subscription is already on this plan and price",
        )
    kind = APPLIED_KINDS.get(change.kind, "migrated")
    new = await new_version(merchant_id, live, plan=plan, price=price, kind=kind, now=now)
    return ScheduledChangeStatus.APPLIED, new.id, None


async def _settle(change: ScheduledChange, now: datetime) -> str:
    """Apply one claimed change and record the outcome on it. A rule that refuses it
    (``ServiceError``) fails it for good; anything else propagates, so ``work_through``
    leaves it pending for the next pass."""
    try:
        async with in_transaction():  # a savepoint: a refusal undoes only the attempt
            status, result_id, error = await _apply(change, now)
    except ServiceError as failure:
        status, result_id, error = ScheduledChangeStatus.FAILED, None, failure.message
    change.status = status
    change.result_subscription_id = result_id
    change.error = error
    change.applied_at = now if status == ScheduledChangeStatus.APPLIED else None
    await change.save()
    return status


async def apply_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """Apply every pending change due by ``now``, each claimed in its own transaction;
    ``merchant_id`` limits it to one merchant row (a test's own pass). Answers the count of
    each outcome."""

    due = ScheduledChange.filter(
        status=ScheduledChangeStatus.PENDING, deleted_at=None, effective_date__lte=now
    )
    if merchant_id is not None:
        due = due.filter(merchant_id=merchant_id)
    return await work_through(
        due, ("effective_date", "id"), lambda change: _settle(change, now), what="scheduled change"
    )
