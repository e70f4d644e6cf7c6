"""Comparing plan versions and recording migrations of subscribers between them.

``compare`` tells a merchant what moving subscribers from one version to another would change
and when it should happen. The rule behind ``recommended_strategy``: whatever a subscriber
would lose or pay differently waits for the next billing cycle (``next_billing_cycle``): a
price added, removed or changed (a usage price per unit too), a feature removed, a switch
turned off, a numeric limit or credit allowance lowered. Anything else (nothing billed
changes, features only added, limits only raised) can apply at once (``immediate``).

``migrate`` validates and records the request as a ``PlanMigration`` row and moves the
source version's subscribers in the same transaction (``plan_migration_moves``): at once
(``immediate``, status ``completed``) or at the end of each one's billing period
(``next_billing_cycle``, status ``scheduled``). ``scheduled_count`` is how many moved or were
scheduled; subscriptions whose price has no counterpart are skipped and reported.
"""

import json
from collections import Counter
from dataclasses import dataclass, field

from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.catalog import plan_inputs as inputs
from billing.catalog.models import Plan, PlanFeature, Price
from billing.catalog.plans import find_plan, load_views
from billing.core.errors import Invalid
from billing.subscriptions.models import PlanMigration, PlanMigrationStatus, Subscription
from billing.subscriptions.plan_migration_moves import Skipped, move_subscribers

STRATEGIES = ("immediate", "next_billing_cycle")
MAX_MAPPING = 100


@dataclass
class PriceChange:
    change: str  # "added" (in the later version only) or "removed"
    price: Price


@dataclass
class FeatureChange:
    change: str  # "added", "removed" or "changed"
    before: PlanFeature | None
    after: PlanFeature | None

    @property
    def feature(self):
        return (self.after or self.before).feature


@dataclass
class Comparison:
    from_plan: Plan
    to_plan: Plan
    price_changes: list[PriceChange] = field(default_factory=list)
    feature_changes: list[FeatureChange] = field(default_factory=list)
    has_price_changes: bool = False
    has_feature_changes: bool = False
    has_numeric_feature_changes: bool = False
    recommended_strategy: str = "immediate"


@dataclass
class MigrationResult:
    migration: PlanMigration
    skipped: list[Skipped]
    moved: list[Subscription] = field(default_factory=list)  # the new versions (immediate)


def effective_value(link: PlanFeature):
    """What the plan grants: the link's own value, else the feature's default."""
    return link.feature.default_value if link.feature_value is None else link.feature_value


def _price_key(price: Price) -> tuple[str, str]:
    return price.currency, json.dumps(price.pricing_data, sort_keys=True)


def _price_changes(before: list[Price], after: list[Price]) -> list[PriceChange]:
    """Prices compared by what they charge (currency and pricingData), not by id: every
    version has its own price rows, so an id always differs."""
    changes = []
    for kind, ours, theirs in (("removed", before, after), ("added", after, before)):
        left = Counter(_price_key(price) for price in theirs)
        for price in ours:
            key = _price_key(price)
            if left[key]:
                left[key] -= 1
            else:
                changes.append(PriceChange(kind, price))
    return changes


def _lower(before, after) -> bool:
    """Whether a numeric grant went down (or stopped being a number)."""
    if before is None or isinstance(before, bool) or not isinstance(before, int | float):
        return False
    return isinstance(after, bool) or not isinstance(after, int | float) or after < before


def _compare_features(result: Comparison, before: list, after: list) -> bool:
    """Fill the feature part of ``result``; answers whether a subscriber would lose."""
    old = {link.feature_id: link for link in before}
    new = {link.feature_id: link for link in after}
    loses = False
    for feature_id, link in old.items():
        if feature_id not in new:
            result.feature_changes.append(FeatureChange("removed", link, None))
            result.has_feature_changes = loses = True
    for feature_id, link in new.items():
        previous = old.get(feature_id)
        if previous is None:
            result.feature_changes.append(FeatureChange("added", None, link))
            result.has_feature_changes = True
            continue
        was, now = effective_value(previous), effective_value(link)
        numeric = link.feature.feature_type == "number"
        allowance = (previous.has_credit_allowance, previous.credit_allowance_amount) != (
            link.has_credit_allowance,
            link.credit_allowance_amount,
        )
        usage = (previous.is_usage_based, previous.usage_price_per_unit_cents) != (
            link.is_usage_based,
            link.usage_price_per_unit_cents,
        )
        if was == now and not allowance and not usage:
            continue
        result.feature_changes.append(FeatureChange("changed", previous, link))
        if numeric and (was != now or allowance):
            result.has_numeric_feature_changes = True
        elif was != now:
            result.has_feature_changes = True
        if usage:
            result.has_price_changes = loses = True
        if was is True and now is not True:
            loses = True
        if _lower(was, now) or _lower(
            previous.credit_allowance_amount if previous.has_credit_allowance else None,
            link.credit_allowance_amount if link.has_credit_allowance else None,
        ):
            loses = True
    return loses


async def _versions(merchant_id: str, plan_id: str) -> dict[int, Plan]:
    """The live versions of the plan ``plan_id`` (a stable id or any version id) by number."""
    plan = await find_plan(merchant_id, plan_id)
    rows = await Plan.scoped(merchant_id).filter(stable_plan_id=plan.stable_plan_id)
    return {row.version_number: row for row in rows}


def _pick(versions: dict[int, Plan], number: int, field_name: str) -> Plan:
    inputs.whole_number(number, field_name, 1, inputs.MAX_INT32)
    if number not in versions:
        raise Invalid(
            f"{field_name}: version {number} does not exist for this plan",
            code="version_not_found",
            field=field_name,
        )
    return versions[number]


async def compare(
    merchant_id: str,
    plan_id: str,
    *,
    from_version: int | None = None,
    to_version: int | None = None,
) -> Comparison:
    """What changes between two versions. ``to_version`` defaults to the current version,
    ``from_version`` to the one before ``to_version``."""
    versions = await _versions(merchant_id, plan_id)
    if to_version is None:
        to_version = next(n for n, plan in versions.items() if plan.is_current)
    if from_version is None:
        from_version = to_version - 1
        if from_version not in versions:
            raise Invalid(
                "fromVersion is required: there is no version before toVersion",
                code="no_earlier_version",
                field="fromVersion",
            )
    source = _pick(versions, from_version, "fromVersion")
    target = _pick(versions, to_version, "toVersion")
    before, after = await load_views(merchant_id, [source, target])
    result = Comparison(source, target)
    result.price_changes = _price_changes(before.prices, after.prices)
    result.has_price_changes = bool(result.price_changes)
    loses = _compare_features(result, before.links, after.links)
    if result.has_price_changes or loses:
        result.recommended_strategy = "next_billing_cycle"
    return result


async def migrate(
    merchant_id: str,
    plan_id: str,
    *,
    strategy: str,
    from_version: int,
    to_version: int,
    price_mapping: dict[str, str] | None = None,
) -> MigrationResult:
    """Record a migration of subscribers from one version to another and move them.

    ``price_mapping`` maps prices of ``from_version`` to prices of ``to_version``; unmapped
    prices fall back to the target price with the same currency and billing interval.
    ``scheduled_count`` is the number of subscriptions moved (``immediate``) or scheduled to
    move (``next_billing_cycle``).
    """
    if strategy not in STRATEGIES:
        raise Invalid(
            "strategy must be immediate or next_billing_cycle",
            code="bad_strategy",
            field="strategy",
        )
    mapping = price_mapping or {}
    if len(mapping) > MAX_MAPPING:
        raise Invalid(f"priceMapping may hold at most {MAX_MAPPING} entries", field="priceMapping")
    async with in_transaction():
        await lock_merchant(merchant_id)
        versions = await _versions(merchant_id, plan_id)
        source = _pick(versions, from_version, "fromVersion")
        target = _pick(versions, to_version, "toVersion")
        if source.id == target.id:
            raise Invalid(
                "fromVersion and toVersion must differ", code="same_version", field="fromVersion"
            )
        for plan, ids, side in (
            (source, mapping.keys(), "keys"),
            (target, mapping.values(), "values"),
        ):
            owned = set(
                await Price.scoped(merchant_id).filter(plan_id=plan.id).values_list("id", flat=True)
            )
            if not set(ids) <= owned:
                raise Invalid(
                    f"priceMapping {side} must be prices of version {plan.version_number}"
                )
        migration = await PlanMigration.create(
            merchant_id=merchant_id,
            stable_plan_id=source.stable_plan_id,
            from_plan_id=source.id,
            to_plan_id=target.id,
            from_version=source.version_number,
            to_version=target.version_number,
            strategy=strategy,
            price_mapping=dict(mapping),
            scheduled_count=0,
            status=(
                PlanMigrationStatus.COMPLETED
                if strategy == "immediate"
                else PlanMigrationStatus.SCHEDULED
            ),
        )
        moves = await move_subscribers(
            merchant_id,
            source=source,
            target=target,
            strategy=strategy,
            price_mapping=mapping,
            migration_id=migration.id,
        )
        migration.scheduled_count = moves.moved
        await migration.save(update_fields=["scheduled_count", "updated_at"])
    return MigrationResult(migration, moves.skipped, moves.versions)


async def list_migrations(merchant_id: str, plan_id: str, *, incoming: bool) -> list[PlanMigration]:
    """Migrations from (or with ``incoming``, to) the version ``plan_id``, newest first."""
    plan = await find_plan(merchant_id, plan_id)
    query = PlanMigration.scoped(merchant_id)
    query = query.filter(to_plan_id=plan.id) if incoming else query.filter(from_plan_id=plan.id)
    return await query.order_by("-created_at", "id")
