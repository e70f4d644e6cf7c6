"""Pricing tables: named, slugged lists of plans a merchant shows on its site.

A table lists plans by *stable* plan id (``PricingTablePlan.stable_plan_id``), so a new plan
version shows up without touching the table; reading a table always resolves each stable id
to its current, live version (see ``pricing_table_views``). Slugs are unique per merchant
among live tables: the public endpoint and the embeds find a table by slug. There is no unique
index for that (soft-deleted tables keep their slug), so every write that could clash on a
slug or on the single default table first locks the merchant's row: concurrent writers of one
merchant queue up, other merchants are unaffected.

The default table (``is_default``) is where ``showInPricingTable`` puts a new plan; it is made
on first use, named "Pricing" with slug ``pricing`` (or the first free ``pricing-2``...).
"""

from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.catalog.models import Plan, PricingTable, PricingTablePlan
from billing.catalog.pricing_table_views import (
    SLUG_MAX,
    SLUG_RE,
    TableView,
    detailed_view,
    get_table,
)
from billing.core.errors import Conflict, Invalid, NotFound
from billing.core.ids import is_well_formed
from billing.core.lookup import find_scoped
from billing.core.models import utcnow
from billing.core.validation import clean_name

ENTRY_NOT_FOUND = "Pricing table plan not found or access denied"
PLAN_NOT_FOUND = "Plan not found or access denied"
INVALID_PLAN_IDS = "One or more plan IDs are invalid or do not belong to this merchant"
SLUG_TAKEN = "A pricing table with this slug already exists"
PLAN_ALREADY_IN_TABLE = "This plan is already in the pricing table"
MAX_PLAN_IDS = 100
MAX_DISPLAY_ORDER = 1_000_000
DEFAULT_NAME = "Pricing"
DEFAULT_SLUG = "pricing"


def clean_slug(slug: str | None) -> str:
    """Slugs go into URLs and embed snippets: lowercase letters, digits, single hyphens."""
    value = (slug or "").strip()
    if not value:
        raise Invalid("slug is required", code="slug_required", field="slug")
    if len(value) > SLUG_MAX or not SLUG_RE.fullmatch(value):
        raise Invalid(
            "slug must be lowercase letters, digits and single hyphens "
            f"(for example 'pricing' or 'pro-plans'), at most {SLUG_MAX} characters",
            field="slug",
        )
    return value


def clean_display_order(value: int | None) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise Invalid(
            "displayOrder must be a whole number of 0 or more, or null", field="displayOrder"
        )
    if not 0 <= value <= MAX_DISPLAY_ORDER:
        raise Invalid(
            f"displayOrder must be a whole number from 0 to {MAX_DISPLAY_ORDER}",
            field="displayOrder",
        )
    return value


async def _slug_in_use(merchant_id: str, slug: str, *, except_id: str | None = None) -> bool:
    query = PricingTable.scoped(merchant_id).filter(slug=slug)
    if except_id is not None:
        query = query.exclude(id=except_id)
    return await query.exists()


async def ensure_slug_free(merchant_id: str, slug: str, *, except_id: str | None = None) -> None:
    """Conflict when a live table uses ``slug``: lets a form report it with its other errors
    in one round (create and update check again under the merchant lock)."""
    if await _slug_in_use(merchant_id, slug, except_id=except_id):
        raise Conflict(SLUG_TAKEN, code="table_slug_taken")


async def _free_default_slug(merchant_id: str) -> str:
    taken = set(
        await PricingTable.scoped(merchant_id)
        .filter(slug__startswith=DEFAULT_SLUG)
        .values_list("slug", flat=True)
    )
    slug, number = DEFAULT_SLUG, 1
    while slug in taken:
        number += 1
        slug = f"{DEFAULT_SLUG}-{number}"
    return slug


async def add_plan_to_default_table(merchant_id: str, stable_plan_id: str) -> None:
    """Show a plan in the merchant's default table, creating that table when there is none.

    Called by plan creation (``showInPricingTable``) and the visibility toggle; adding a plan
    that is already there changes nothing. The caller vouches that the plan is the merchant's.
    """
    async with in_transaction():
        await lock_merchant(merchant_id)
        table = await PricingTable.scoped(merchant_id).filter(is_default=True).first()
        if table is None:
            table = await PricingTable.create(
                merchant_id=merchant_id,
                name=DEFAULT_NAME,
                slug=await _free_default_slug(merchant_id),
                is_default=True,
            )
        present = await PricingTablePlan.scoped(merchant_id).filter(
            pricing_table_id=table.id, stable_plan_id=stable_plan_id
        )
        if not present:
            await PricingTablePlan.create(
                merchant_id=merchant_id, pricing_table_id=table.id, stable_plan_id=stable_plan_id
            )


async def resolve_stable_ids(merchant_id: str, plan_ids: list[str]) -> list[str]:
    """Stable ids (deduplicated, in order) of ``plan_ids``, each a version id or stable id of
    one of this merchant's live plans; any other id makes the whole list a 400."""
    if len(plan_ids) > MAX_PLAN_IDS:
        raise Invalid(f"planIds may hold at most {MAX_PLAN_IDS} ids", field="planIds")
    wanted = list(dict.fromkeys(plan_ids))
    if not all(is_well_formed(plan_id, Plan.id_prefix) for plan_id in wanted):
        raise Invalid(INVALID_PLAN_IDS, code="invalid_plan_ids", field="planIds")
    rows = await Plan.scoped(merchant_id).filter(id__in=wanted).values("id", "stable_plan_id")
    stable_of = {row["id"]: row["stable_plan_id"] for row in rows}
    if len(stable_of) != len(wanted):
        raise Invalid(INVALID_PLAN_IDS, code="invalid_plan_ids", field="planIds")
    stable_ids = list(dict.fromkeys(stable_of[plan_id] for plan_id in wanted))
    live = await (
        Plan.scoped(merchant_id)
        .filter(stable_plan_id__in=stable_ids, is_current=True)
        .values_list("stable_plan_id", flat=True)
    )
    if set(live) != set(stable_ids):
        raise Invalid(INVALID_PLAN_IDS, code="invalid_plan_ids", field="planIds")
    return stable_ids


async def create_table(
    merchant_id: str, *, name: str, slug: str, plan_ids: list[str] | None = None
) -> TableView:
    """A new, active, non-default table holding ``plan_ids`` with no explicit order (plans
    then sort by price, see ``pricing_table_views``). A live table's slug → 409."""
    name = clean_name(name, "name")
    slug = clean_slug(slug)
    async with in_transaction():
        stable_ids = await resolve_stable_ids(merchant_id, plan_ids or [])
        await lock_merchant(merchant_id)
        if await _slug_in_use(merchant_id, slug):
            raise Conflict(SLUG_TAKEN, code="table_slug_taken")
        table = await PricingTable.create(merchant_id=merchant_id, name=name, slug=slug)
        await PricingTablePlan.bulk_create(
            [
                PricingTablePlan(
                    merchant_id=merchant_id, pricing_table_id=table.id, stable_plan_id=stable_id
                )
                for stable_id in stable_ids
            ]
        )
    return await detailed_view(merchant_id, table.id)


async def update_table(
    merchant_id: str,
    table_id: str,
    *,
    name: str | None = None,
    slug: str | None = None,
    is_active: bool | None = None,
    is_default: bool | None = None,
) -> TableView:
    """Change what is given (None = keep). Making a table the default takes the flag from
    the previous default, so a merchant has at most one; a taken slug → 409."""
    changes: dict = {}
    if name is not None:
        changes["name"] = clean_name(name, "name")
    if slug is not None:
        changes["slug"] = clean_slug(slug)
    if is_active is not None:
        changes["is_active"] = is_active
    if is_default is not None:
        changes["is_default"] = is_default
    async with in_transaction():
        await lock_merchant(merchant_id)
        table = await get_table(merchant_id, table_id, for_update=True)
        if "slug" in changes and await _slug_in_use(
            merchant_id, changes["slug"], except_id=table.id
        ):
            raise Conflict(SLUG_TAKEN, code="table_slug_taken")
        if changes.get("is_default"):
            await (
                PricingTable.scoped(merchant_id)
                .filter(is_default=True)
                .exclude(id=table.id)
                .update(is_default=False, updated_at=utcnow())
            )
        if changes:
            table.update_from_dict(changes)
            await table.save(update_fields=[*changes, "updated_at"])
    return await detailed_view(merchant_id, table.id)


async def delete_table(merchant_id: str, table_id: str) -> None:
    """Soft-delete the table and its plan associations; its slug becomes free again."""
    async with in_transaction():
        table = await get_table(merchant_id, table_id, for_update=True)
        now = utcnow()
        await (
            PricingTablePlan.scoped(merchant_id)
            .filter(pricing_table_id=table.id)
            .update(deleted_at=now, updated_at=now)
        )
        await table.soft_delete()


async def _current_plan_id(merchant_id: str, stable_plan_id: str) -> str | None:
    return await (
        Plan.scoped(merchant_id)
        .filter(stable_plan_id=stable_plan_id, is_current=True)
        .first()
        .values_list("id", flat=True)
    )


async def add_plan(
    merchant_id: str, table_id: str, *, plan_id: str, display_order: int | None = None
) -> tuple[PricingTablePlan, str]:
    """Put a plan (by any of its version ids or its stable id) into a table; answers the
    association and the plan's current version id. A plan already there → 409."""
    display_order = clean_display_order(display_order)
    if not isinstance(plan_id, str) or not is_well_formed(plan_id, Plan.id_prefix):
        raise NotFound(PLAN_NOT_FOUND, code="plan_not_found", field="planId")
    async with in_transaction():
        table = await get_table(merchant_id, table_id, for_update=True)
        plan = await Plan.scoped(merchant_id).filter(id=plan_id).first()
        current_id = plan and await _current_plan_id(merchant_id, plan.stable_plan_id)
        if current_id is None:
            raise NotFound(PLAN_NOT_FOUND, code="plan_not_found", field="planId")
        present = await PricingTablePlan.scoped(merchant_id).filter(
            pricing_table_id=table.id, stable_plan_id=plan.stable_plan_id
        )
        if present:
            raise Conflict(PLAN_ALREADY_IN_TABLE, code="plan_already_in_table", field="planId")
        entry = await PricingTablePlan.create(
            merchant_id=merchant_id,
            pricing_table_id=table.id,
            stable_plan_id=plan.stable_plan_id,
            display_order=display_order,
        )
    return entry, current_id


async def _get_entry(merchant_id: str, entry_id: str) -> PricingTablePlan:
    entry = await find_scoped(PricingTablePlan, merchant_id, entry_id, ENTRY_NOT_FOUND, lock=True)
    if not await PricingTable.scoped(merchant_id).filter(id=entry.pricing_table_id).exists():
        raise NotFound(ENTRY_NOT_FOUND, code="table_entry_not_found")
    return entry


async def update_plan_entry(
    merchant_id: str, entry_id: str, *, display_order: int | None
) -> tuple[PricingTablePlan, str | None]:
    """Set (or with None clear) an association's explicit position in its table."""
    display_order = clean_display_order(display_order)
    async with in_transaction():
        entry = await _get_entry(merchant_id, entry_id)
        entry.display_order = display_order
        await entry.save(update_fields=["display_order", "updated_at"])
    return entry, await _current_plan_id(merchant_id, entry.stable_plan_id)


async def remove_plan_entry(merchant_id: str, entry_id: str) -> None:
    """Take a plan out of a table (a soft delete of the association; the plan is untouched)."""
    async with in_transaction():
        entry = await _get_entry(merchant_id, entry_id)
        await entry.soft_delete()


async def move_plan_entry(
    merchant_id: str, table_id: str, entry_id: str, *, direction: str
) -> None:
    """Swap a plan with its neighbour in the order the table shows, then store every position
    explicitly; one transaction under the merchant lock, so concurrent moves never interleave."""
    if direction not in ("up", "down"):
        raise Invalid("direction must be 'up' or 'down'", field="direction")
    async with in_transaction():
        await lock_merchant(merchant_id)
        order = [plan.entry for plan in (await detailed_view(merchant_id, table_id)).plans]
        index = next((i for i, entry in enumerate(order) if entry.id == entry_id), None)
        if index is None:
            raise NotFound(ENTRY_NOT_FOUND, code="table_entry_not_found")
        other = index - 1 if direction == "up" else index + 1
        if 0 <= other < len(order):
            order[index], order[other] = order[other], order[index]
        for position, entry in enumerate(order):
            if entry.display_order != position:
                await PricingTablePlan.filter(merchant_id=merchant_id, id=entry.id).update(
                    display_order=position, updated_at=utcnow()
                )
