"""Scheduled changes and the due-work runner behind ``tally run-due``.

A ``ScheduledChange`` moves one subscription to another plan version and price on its
``effective_date`` (plan migrations with ``next_billing_cycle`` record them). ``run_due``
applies every pending change that is due, across all merchants, then rolls billing periods
over. It is meant for cron and is safe to run twice, or in several processes at once:

- each change is claimed with ``SELECT ... FOR UPDATE SKIP LOCKED`` inside its own
  transaction, so a second runner skips the rows the first holds and never sees them pending
  again once the first commits: no change is applied twice;
- the subscription's live row is locked by ``new_version``, so a change and an override (or
  two changes of one subscription) queue instead of both making version n+1.

Outcomes: ``applied`` (``applied_at`` and ``result_subscription_id`` set), ``cancelled`` (the
subscription ended, or is already on that plan and price) or ``failed`` (``error`` says why;
the failed attempt's writes are rolled back).

Period roll-over: a live subscription whose ``current_period_end`` has passed gets the next
period in place (no new version, no event: nothing the customer has changes): the period of
its billing rule (the price's first fixed component's, as at creation) that contains ``now``,
anchored on ``start_timestamp`` so month ends stay month ends (``billing_dates.period_at``);
several missed periods roll in one go. A rule whose series has ended (COUNT, UNTIL) leaves
the period as it is. A subscription with
``cancel_at_period_end`` is ended instead. Billing details are not touched: their dates move
when the billing engine issues invoices.

Credit grants: last, monthly and yearly grants whose period has passed are expired and the
next period granted while the subscription is live (billing/services/credit_grant_renewal.py).
"""

import logging
from datetime import datetime

from tortoise.transactions import in_transaction

from billing.models import Plan, Price, ScheduledChange, Subscription
from billing.models.base import utcnow
from billing.services import (
    billing_dates,
    credit_grant_renewal,
    events,
    subscriptions,
    usage_checkpoints,
)
from billing.services.errors import Conflict, NotFound, ServiceError
from billing.services.price_components import billing_components
from billing.services.subscription_versions import lock_live, new_version

log = logging.getLogger("tally.run_due")
DEFAULT_RULE = "FREQ=MONTHLY;INTERVAL=1"


async def list_pending(merchant_id: str, stable_id: str) -> list[ScheduledChange]:
    """Pending changes of the merchant's live subscription, soonest first (an ended or
    unknown subscription is 404, as its GET)."""
    live = await subscriptions.get_live(merchant_id, stable_id)
    return (
        await ScheduledChange.scoped(merchant_id)
        .filter(stable_subscription_id=live.stable_subscription_id, status="pending")
        .order_by("effective_date", "id")
    )


async def cancel_pending(
    merchant_id: str, stable_id: str, reason: str, kind: str | None = None
) -> int:
    """Cancel the subscription's pending changes (of ``kind``, or all), in the caller's
    transaction, which holds the subscription's lock.

    Rows a runner has claimed are skipped (SKIP LOCKED), not waited for: that runner waits
    for the subscription lock we hold, so waiting here would deadlock. Such a change is
    settled by its runner once we commit (it then sees the subscription as it is now).
    """
    query = ScheduledChange.scoped(merchant_id).filter(
        stable_subscription_id=stable_id, status="pending"
    )
    if kind is not None:
        query = query.filter(kind=kind)
    ids = [row.id for row in await query.select_for_update(skip_locked=True)]
    if not ids:
        return 0
    return await ScheduledChange.filter(id__in=ids).update(
        status="cancelled", error=reason, updated_at=utcnow()
    )


async def schedule(
    merchant_id: str,
    live: Subscription,
    *,
    plan: Plan,
    price: Price,
    effective_date: datetime,
    plan_migration_id: str | None = None,
) -> ScheduledChange:
    """Record a move of ``live`` to ``plan`` at ``price`` on ``effective_date``. A newer
    decision replaces an older one: earlier pending migrations of this subscription are
    cancelled, so two migrations never stack."""
    await (
        ScheduledChange.scoped(merchant_id)
        .filter(
            stable_subscription_id=live.stable_subscription_id,
            status="pending",
            kind="plan_migration",
        )
        .update(status="cancelled", error="Replaced by a later migration", updated_at=utcnow())
    )
    return await ScheduledChange.create(
        merchant_id=merchant_id,
        stable_subscription_id=live.stable_subscription_id,
        kind="plan_migration",
        new_plan_id=plan.id,
        new_price_id=price.id,
        plan_migration_id=plan_migration_id,
        effective_date=effective_date,
    )


async def _apply(change: ScheduledChange, now: datetime) -> tuple[str, str | None, str | None]:
    """Apply one claimed change; answers (status, result subscription id, error)."""
    merchant_id = change.merchant_id
    try:
        live = await lock_live(merchant_id, change.stable_subscription_id)
    except (Conflict, NotFound):
        return "cancelled", None, "Subscription ended"
    plan = await Plan.filter(merchant_id=merchant_id, id=change.new_plan_id).first()
    price = await Price.filter(merchant_id=merchant_id, id=change.new_price_id).first()
    if plan is None or price is None or price.plan_id != plan.id:
        return "failed", None, "The target plan version or price no longer exists"
    if live.plan_id == plan.id and live.effective_price_id == price.id:
        return "cancelled", live.id, "Subscription is already on this plan and price"
    new = await new_version(merchant_id, live, plan=plan, price=price, kind="migrated", now=now)
    return "applied", new.id, None


async def _run_one_change(now: datetime) -> bool | None:
    """Claim and settle one due change in its own transaction. Answers whether it was
    applied, or None when nothing is left to claim."""
    async with in_transaction():
        change = (
            await ScheduledChange.filter(status="pending", deleted_at=None, effective_date__lte=now)
            .order_by("effective_date", "id")
            .select_for_update(skip_locked=True)
            .first()
        )
        if change is None:
            return None
        try:
            async with in_transaction():  # a savepoint: a failure undoes only the attempt
                status, result_id, error = await _apply(change, now)
        except ServiceError as failure:
            status, result_id, error = "failed", None, failure.message
        except Exception as failure:  # noqa: BLE001 - recorded on the row, the run goes on
            log.exception("scheduled change %s failed", change.id)
            status, result_id, error = "failed", None, f"{type(failure).__name__}: {failure}"
        change.status = status
        change.result_subscription_id = result_id
        change.error = error
        change.applied_at = now if status == "applied" else None
        await change.save()
        return status == "applied"


async def _billing_rule(subscription: Subscription) -> str:
    """The rule the period follows: that of the price's first fixed component, else its first
    component (as at creation, ``subscriptions.current_period``), else monthly."""
    price = await Price.get(id=subscription.effective_price_id)
    components = billing_components(price.pricing_data)
    first = [c for c in components if c.is_fixed] or components
    return first[0].recurrence_rule if first else DEFAULT_RULE


async def _roll_one_period(now: datetime, seen: set[str]) -> bool:
    """Claim one live subscription whose period has passed and roll it (or end it with
    ``cancel_at_period_end``). Answers False when none is left. ``seen`` holds the ids this
    run could not roll (a rule whose series ended with COUNT or UNTIL), so they are left as
    they are instead of being claimed forever."""
    from billing.services.subscription_lifecycle import end  # it imports this module

    async with in_transaction():
        query = Subscription.filter(deleted_at=None, current_period_end__lte=now)
        if seen:
            query = query.exclude(id__in=seen)
        query = query.order_by("current_period_end", "id").select_for_update(skip_locked=True)
        live = await query.first()
        if live is None:
            return False
        if live.cancel_at_period_end:
            await end(live.merchant_id, live, now=live.current_period_end)
            return True
        rule = await _billing_rule(live)
        start, finish = billing_dates.period_at(rule, live.start_timestamp, now)
        if finish > live.current_period_end:
            live.current_period_start, live.current_period_end = start, finish
            await live.save(
                update_fields=["current_period_start", "current_period_end", "updated_at"]
            )
        else:
            seen.add(live.id)
        return True


async def run_due(now: datetime | None = None) -> int:
    """Apply every pending scheduled change due by ``now`` (each in its own transaction),
    roll passed billing periods over, then renew credit grants whose period has passed
    (``credit_grant_renewal.renew_due``, claimed the same way), prune usage idempotency keys
    past their 24-hour window and usage checkpoints no read has moved in weeks. Answers how
    many changes were applied."""
    now = now or utcnow()
    applied = 0
    while (outcome := await _run_one_change(now)) is not None:
        applied += int(outcome)
    seen: set[str] = set()
    while await _roll_one_period(now, seen):
        pass
    await credit_grant_renewal.renew_due(now)
    await events.prune_idempotency_keys(now)
    await usage_checkpoints.prune(now)
    return applied
