"""Moving a plan version's subscribers to another version (the work behind ``migrate``).

Every live subscription on the source version moves, whatever its status (a paused or unpaid
customer is still a subscriber of that version). Its new price is the one ``price_mapping``
names for its current price; an unmapped price falls back to the target version's price with
the same currency and billing interval (the oldest, when several match); with none, the
subscription is skipped and reported, never moved to a price nobody chose.

``immediate`` makes the new version now (``new_version``, event ``migrated``);
``next_billing_cycle`` records a ``ScheduledChange`` effective at the end of the
subscription's current period, which ``run_due`` applies.
"""

from dataclasses import dataclass, field

from billing.catalog.models import Plan, Price
from billing.catalog.pricing import billing_interval
from billing.subscriptions.models import Subscription
from billing.subscriptions.scheduled_changes import schedule
from billing.subscriptions.subscription_versions import new_version


@dataclass
class Skipped:
    subscription_id: str  # the stable id
    reason: str


@dataclass
class Moves:
    moved: int = 0
    skipped: list[Skipped] = field(default_factory=list)
    versions: list[Subscription] = field(default_factory=list)  # made now (``immediate``)


def _fallback(price: Price | None, targets: list[Price]) -> Price | None:
    if price is None:
        return None
    interval = billing_interval(price.pricing_data)
    for target in targets:
        if target.currency == price.currency and billing_interval(target.pricing_data) == interval:
            return target
    return None


async def move_subscribers(
    merchant_id: str,
    *,
    source: Plan,
    target: Plan,
    strategy: str,
    price_mapping: dict[str, str],
    migration_id: str,
) -> Moves:
    """Move (or schedule) every live subscription on ``source`` inside the caller's
    transaction; each subscription's row is locked as it is moved."""
    result = Moves()
    subscriptions = (
        await Subscription.scoped(merchant_id)
        .filter(plan_id=source.id)
        .order_by("created_at", "id")
        .select_for_update()
    )
    targets = await Price.scoped(merchant_id).filter(plan_id=target.id).order_by("created_at", "id")
    by_id = {price.id: price for price in targets}
    current_ids = {sub.effective_price_id for sub in subscriptions}
    current = {
        price.id: price for price in await Price.filter(merchant_id=merchant_id, id__in=current_ids)
    }
    for live in subscriptions:
        mapped = price_mapping.get(live.effective_price_id)
        price = (
            by_id.get(mapped)
            if mapped
            else _fallback(current.get(live.effective_price_id), targets)
        )
        if price is None:
            result.skipped.append(
                Skipped(
                    live.stable_subscription_id,
                    "no price of the target version matches its price: add it to priceMapping",
                )
            )
            continue
        if strategy == "immediate":
            made = await new_version(merchant_id, live, plan=target, price=price, kind="migrated")
            result.versions.append(made)
        else:
            await schedule(
                merchant_id,
                live,
                plan=target,
                price=price,
                effective_date=live.current_period_end,
                plan_migration_id=migration_id,
            )
        result.moved += 1
    return result
