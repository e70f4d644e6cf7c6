"""Proration: a fixed fee changed mid-period is settled at once, to the second.

A price override or an immediate plan migration makes a new subscription version at ``at``.
For each fixed fee of the old version that was paid for the period running at ``at``
(``previous_billing_date`` ≤ at < ``next_billing_date``, compared at the whole second as every
billing instant is, ``money_math.in_period``):

- a **credit** (negative) for the old fee's unused time, ``[at, next_billing_date)``;
- when the new version keeps that component on the same schedule, a **charge** for the new
  fee over the same remaining time (``money_math.proration``). A component the new version
  drops or bills on a new rule gets only the credit: its new fee is billed from ``at`` by
  the billing run as a period of its own.

Both lines (type ``proration``) go on one invoice issued at ``at``; a downgrade's credit
outweighs its charge, giving a negative total: a credit note, ``paid`` (nothing to collect).
Applying such credit to later invoices comes with payments. Each line's ``cycle_key`` names
the new version and component, so a change is prorated once. Wrapping the subscription
change and its proration in one transaction means neither happens without the other.
"""

from datetime import datetime

from tortoise.transactions import in_transaction

from billing.catalog.models import Plan, Price
from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.invoicing import invoice_words, money_math
from billing.invoicing.cycles import Charge
from billing.invoicing.issuing import issue_invoice
from billing.invoicing.models import Invoice
from billing.subscriptions import plan_changes, plan_migrations, subscription_versions
from billing.subscriptions.models import Subscription, SubscriptionDetail


def _fixed(details: list[SubscriptionDetail]) -> dict[str, SubscriptionDetail]:
    return {d.component_id: d for d in details if d.component.get("type") == "fixed"}


def _charges(
    old: Subscription, new: Subscription, before, after, at: datetime, names: dict[str, str]
) -> list[Charge]:
    """The credit and charge lines, worded with the old and new plans' ``names`` (by id)."""
    charges = []
    for component_id, paid in before.items():
        start, end = paid.previous_billing_date, paid.next_billing_date
        if start is None or end is None or not money_math.in_period(start, end, at):
            continue  # not paid for a period running now: nothing to give back
        old_fee = int(paid.component.get("amount_cents", 0))
        kept = after.get(component_id)
        same_schedule = kept is not None and kept.next_billing_date == end
        new_fee = int(kept.component.get("amount_cents", 0)) if same_schedule else 0
        if same_schedule and new_fee == old_fee:
            continue
        split = money_math.proration(old_fee, new_fee, start, end, at)
        key = f"proration:{new.id}:{component_id}"
        charges.append(
            Charge(
                "proration",
                invoice_words.unused_time(names.get(old.plan_id), at),
                split.credit,
                at,
                end,
                component_id,
                old.effective_price_id,
                cycle_key=f"{key}:credit",
            )
        )
        if same_schedule:
            charges.append(
                Charge(
                    "proration",
                    invoice_words.remaining_time(names.get(new.plan_id), at),
                    split.charge,
                    at,
                    end,
                    component_id,
                    new.effective_price_id,
                    cycle_key=f"{key}:charge",
                )
            )
    return charges


async def prorate(new: Subscription, at: datetime) -> Invoice | None:
    """Settle the change that made version ``new`` at ``at`` (inside the caller's
    transaction); None when no paid fee changed."""
    old = await Subscription.get(
        stable_subscription_id=new.stable_subscription_id, version_number=new.version_number - 1
    )
    before = _fixed(await SubscriptionDetail.filter(subscription_id=old.id))
    after = _fixed(await SubscriptionDetail.filter(subscription_id=new.id))
    plans = await Plan.filter(id__in=[old.plan_id, new.plan_id]).values_list("id", "plan_name")
    charges = _charges(old, new, before, after, at, dict(plans))
    if not charges:
        return None
    price = await Price.get(id=new.effective_price_id)
    return await issue_invoice(
        new.merchant_id,
        await Customer.get(id=new.customer_id),
        charges,
        currency=price.currency,
        issued_at=at,
        reason="proration",
        stable_subscription_id=new.stable_subscription_id,
        subscription_id=new.id,
    )


async def override_price(merchant_id: str, stable_id: str, *, price_id: object) -> Subscription:
    """``subscription_versions.override_price``, prorated at once in the same transaction."""
    async with in_transaction():
        new = await subscription_versions.override_price(merchant_id, stable_id, price_id=price_id)
        await prorate(new, new.created_at or utcnow())
    return new


async def migrate(merchant_id: str, plan_id: str, **options) -> plan_migrations.MigrationResult:
    """``plan_migrations.migrate``; an ``immediate`` move is prorated at once for every
    subscriber, in the same transaction."""
    async with in_transaction():
        result = await plan_migrations.migrate(merchant_id, plan_id, **options)
        for new in result.moved:
            await prorate(new, new.created_at or utcnow())
    return result


async def change_plan(merchant_id: str, stable_id: str, **options) -> plan_changes.PlanChange:
    """``plan_changes.change_plan``; a change made ``now`` is prorated at once, in the same
    transaction (a change at the next billing cycle falls on a boundary: nothing to settle)."""
    async with in_transaction():
        change = await plan_changes.change_plan(merchant_id, stable_id, **options)
        if change.effective_date is None:
            await prorate(change.subscription, change.subscription.created_at or utcnow())
    return change
