"""The pricing-table half of the comparison in "Copy to live" (see ``catalog_copy_rows`` for
how rows are matched and ids translated).

A copied table lists the copies of the plans its source table lists. A live table may also
list *live-only* plans: plans made by hand in live, no version of which was copied from test
(say a yen plan sold only in live). A copy never takes those off: the table gets the copied
plans first, in the order the source table shows them, then the live-only plans in the order
the live table shows them, every position written out so the order holds; the diff names the
plans it keeps. Without live-only plans the source's positions are copied as they are.
"""

from billing.catalog.catalog_copy_rows import Change, Item, compare, match_rows
from billing.catalog.models import Plan, PricingTable, PricingTablePlan
from billing.catalog.pricing_table_views import resolve_entries

TABLE_FIELDS = ("name", "slug", "is_active")

Entries = list[tuple[str, int | None]]


async def table_entries(merchant_id: str, table_id: str) -> Entries:
    """A table's entries as stored, ``(stable plan id, display order)``, in a fixed order."""
    rows = await PricingTablePlan.scoped(merchant_id).filter(pricing_table_id=table_id)
    return sorted(
        ((row.stable_plan_id, row.display_order) for row in rows),
        key=lambda e: (e[1] is None, e[1] or 0, e[0]),
    )


async def _shown_order(merchant_id: str, table_id: str) -> list[str]:
    """Stable ids of the table's current plans in the order the table shows them."""
    entries = await PricingTablePlan.scoped(merchant_id).filter(pricing_table_id=table_id)
    views = await resolve_entries(merchant_id, entries, with_features=False)
    return [view.plan.stable_plan_id for view in views]


async def _copied_plans(merchant_id: str) -> set[str]:
    """Stable ids of the plans of ``merchant_id`` a copy made (any version copied)."""
    rows = Plan.scoped(merchant_id).filter(copied_from_id__not_isnull=True)
    return set(await rows.values_list("stable_plan_id", flat=True))


async def _with_kept(
    source_id: str, target: str, source_table: str, target_table: str, ids: dict[str, str]
) -> tuple[Entries | None, list[str]]:
    """The entries the live table gets when it lists live-only plans, and those plans;
    ``(None, [])`` when it lists none (the plain copy of the source's entries applies)."""
    copied = await _copied_plans(target)
    kept = [plan for plan in await _shown_order(target, target_table) if plan not in copied]
    if not kept:
        return None, []
    ordered = [ids[plan] for plan in await _shown_order(source_id, source_table) if plan in ids]
    return [(plan, position) for position, plan in enumerate(ordered + kept)], kept


async def table_items(source_id: str, target: str, ids: dict[str, str]) -> list[Item]:
    sources = await PricingTable.scoped(source_id).order_by("created_at", "id")
    targets = await PricingTable.scoped(target).order_by("created_at", "id")
    matches = match_rows(sources, targets, lambda row: row.slug)
    items = []
    for row in sources:
        wanted = {key: getattr(row, key) for key in TABLE_FIELDS}
        entries = [
            (ids[stable], order)
            for stable, order in await table_entries(source_id, row.id)
            if stable in ids
        ]
        match = matches.get(row.id)
        item = compare("pricing table", row.name, row, match, wanted)
        kept: list[str] = []
        if match is not None:
            with_kept, kept = await _with_kept(source_id, target, row.id, match.id, ids)
            entries = entries if with_kept is None else with_kept
            before = await table_entries(target, match.id)
            if before != entries:
                item.changes.append(Change("plans", before, entries, kept))
                item.action = "update"
        item.wanted["entries"] = entries
        items.append(item)
    return items
