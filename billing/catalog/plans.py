"""Plans: read, list, delete and pricing-table visibility, and the helpers the other plan
modules share.

A plan is a chain of version rows sharing ``stable_plan_id`` (see billing/catalog/models.py);
creation lives in ``plan_create``, new versions in ``plan_versions``, edits in ``plan_edits``,
comparisons and migrations between versions in ``plan_migrations``.

Reads answer a ``PlanView``: the version row plus, when asked for, its live feature links
(each with its feature) and live prices, loaded in one query each for any number of plans.

Every write that touches a plan's chain of versions locks the merchant row first (as feature
and pricing-table writes do), so two concurrent updates of one plan cannot both become
version n+1, and a delete cannot interleave with a new version.
"""

from collections import defaultdict
from dataclasses import dataclass

from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.catalog.models import Plan, PlanFeature, Price, PricingTablePlan
from billing.catalog.pricing_tables import add_plan_to_default_table
from billing.core.errors import Invalid, NotFound
from billing.core.ids import is_well_formed
from billing.core.models import utcnow

NOT_FOUND = "Plan not found or access denied"


@dataclass
class PlanView:
    """A plan version with what was loaded alongside it (None: not asked for)."""

    plan: Plan
    links: list[PlanFeature] | None = None
    prices: list[Price] | None = None


async def find_plan(merchant_id: str, plan_id: str, *, is_stable_id: bool = False) -> Plan:
    """A live version by its own id, or with ``is_stable_id`` the current version of that
    stable plan. Another merchant's id answers exactly like a missing one."""
    if not isinstance(plan_id, str) or not is_well_formed(plan_id, Plan.id_prefix):
        raise NotFound(NOT_FOUND, code="plan_not_found")
    query = Plan.scoped(merchant_id)
    if is_stable_id:
        query = query.filter(stable_plan_id=plan_id, is_current=True)
    else:
        query = query.filter(id=plan_id)
    plan = await query.first()
    if plan is None:
        raise NotFound(NOT_FOUND, code="plan_not_found")
    return plan


async def current_version(merchant_id: str, plan_id: str, *, is_stable_id: bool = False) -> Plan:
    """The current version of the plan ``plan_id`` belongs to: writes always build on it,
    whichever version's id the caller holds."""
    plan = await find_plan(merchant_id, plan_id, is_stable_id=is_stable_id)
    if plan.is_current:
        return plan
    return await find_plan(merchant_id, plan.stable_plan_id, is_stable_id=True)


async def load_views(
    merchant_id: str, plans: list[Plan], *, features: bool = True, prices: bool = True
) -> list[PlanView]:
    """Views of ``plans`` with their live feature links and prices, oldest link first."""
    ids = [plan.id for plan in plans]
    links: dict[str, list[PlanFeature]] = defaultdict(list)
    price_rows: dict[str, list[Price]] = defaultdict(list)
    if features and ids:
        query = PlanFeature.scoped(merchant_id).filter(plan_id__in=ids, feature__deleted_at=None)
        for link in await query.select_related("feature").order_by("created_at", "id"):
            links[link.plan_id].append(link)
    if prices and ids:
        query = Price.scoped(merchant_id).filter(plan_id__in=ids)
        for price in await query.order_by("created_at", "id"):
            price_rows[price.plan_id].append(price)
    return [
        PlanView(
            plan,
            links[plan.id] if features else None,
            price_rows[plan.id] if prices else None,
        )
        for plan in plans
    ]


async def list_plans(
    merchant_id: str, *, include_features: bool = False, include_prices: bool = False
) -> list[PlanView]:
    """The current version of every live plan, newest plan first (by when version 1 was
    made, so publishing a version does not move a plan in the list)."""
    plans = await Plan.scoped(merchant_id).filter(is_current=True)
    born = dict(
        await Plan.filter(
            merchant_id=merchant_id, id__in=[p.stable_plan_id for p in plans]
        ).values_list("id", "created_at")
    )
    plans.sort(key=lambda plan: (born.get(plan.stable_plan_id) or plan.created_at, plan.id))
    plans.reverse()
    return await load_views(merchant_id, plans, features=include_features, prices=include_prices)


async def list_versions(merchant_id: str, stable_plan_id: str) -> list[Plan]:
    """Every live version of a plan, newest first (the version history)."""
    return (
        await Plan.scoped(merchant_id)
        .filter(stable_plan_id=stable_plan_id)
        .order_by("-version_number")
    )


async def get_plan(
    merchant_id: str,
    plan_id: str,
    *,
    is_stable_id: bool = False,
    include_features: bool = False,
    include_prices: bool = False,
) -> PlanView:
    """Any live version by its id (old versions stay readable), or with ``is_stable_id``
    the current version of a stable plan."""
    plan = await find_plan(merchant_id, plan_id, is_stable_id=is_stable_id)
    views = await load_views(merchant_id, [plan], features=include_features, prices=include_prices)
    return views[0]


async def set_visibility(merchant_id: str, plan_id: str, *, is_visible: bool) -> PlanView:
    """Show or hide the plan in pricing tables, in place (no new version: nothing billed
    changes). Showing it also puts it in the default table if it is not there yet."""
    if not isinstance(is_visible, bool):
        raise Invalid("isVisible must be true or false", field="isVisible")
    async with in_transaction():
        await lock_merchant(merchant_id)
        plan = await current_version(merchant_id, plan_id)
        plan.is_visible_in_pricing_table = is_visible
        await plan.save(update_fields=["is_visible_in_pricing_table", "updated_at"])
        if is_visible:
            await add_plan_to_default_table(merchant_id, plan.stable_plan_id)
    return (await load_views(merchant_id, [plan]))[0]


async def delete_plan(merchant_id: str, plan_id: str) -> int:
    """Soft-delete every version of the plan ``plan_id`` belongs to, with their feature
    links, their prices (a deleted plan's prices cannot be sold) and the plan's pricing-table
    entries. Answers how many versions were deleted."""
    async with in_transaction():
        await lock_merchant(merchant_id)
        plan = await find_plan(merchant_id, plan_id)
        version_ids = (
            await Plan.scoped(merchant_id)
            .filter(stable_plan_id=plan.stable_plan_id)
            .values_list("id", flat=True)
        )
        now = utcnow()
        gone = {"deleted_at": now, "updated_at": now}
        await PlanFeature.scoped(merchant_id).filter(plan_id__in=version_ids).update(**gone)
        await Price.scoped(merchant_id).filter(plan_id__in=version_ids).update(**gone)
        await (
            PricingTablePlan.scoped(merchant_id)
            .filter(stable_plan_id=plan.stable_plan_id)
            .update(**gone)
        )
        await Plan.scoped(merchant_id).filter(id__in=version_ids).update(**gone)
    return len(version_ids)
