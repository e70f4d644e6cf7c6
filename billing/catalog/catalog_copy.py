"""Copy the catalog from one mode of a business to the other ("Copy to live", issue 33).

A merchant builds features, metrics, plans with their prices and pricing tables in test mode
and, once they are right, copies them to live. ``plan_copy`` answers what a copy would do
(create, update with the fields that change, or leave unchanged, per row, plus the live rows no
test row matches, which a copy never touches) without writing; ``apply_copy`` does it in one
transaction. The dashboard page and ``tally copy-catalog`` both show the first and call the
second, so what is shown is what is applied (``expected`` refuses a copy whose diff changed
since it was shown).

Idempotent: every row written records the source row in ``copied_from_id`` and is matched by
it next time (rules in ``catalog_copy_rows``), so a second copy updates what changed and
creates nothing. Features, metrics and pricing tables are updated in place, as their own edits
do (a copied table becomes the default only when live has none; a later copy keeps live's
choice). A plan is never rewritten: a changed test plan becomes a new version of the live plan
with its own prices and feature links (``plan_versions.write_version``), so subscriptions keep
the version they were sold on.

Concurrency: both merchant rows are locked (in id order, so copies in opposite directions
cannot deadlock) before the diff is computed, so two copies at once queue and the second
finds nothing left to create; catalog edits of either mode, which take the same lock, wait.
"""

import hashlib
from dataclasses import dataclass, field

from tortoise.transactions import in_transaction

from billing.accounts.merchants import MODES, lock_merchant, tenant_of
from billing.accounts.models import Merchant
from billing.catalog import catalog_copy_rows as rows
from billing.catalog import catalog_copy_tables as tables
from billing.catalog.catalog_copy_rows import Item
from billing.catalog.models import Feature, Metric, Plan, Price, PricingTable, PricingTablePlan
from billing.catalog.plan_create import create_link
from billing.catalog.plan_versions import write_version
from billing.core.errors import Conflict, Invalid, NotFound
from billing.core.models import utcnow

KINDS = ("metric", "feature", "plan", "pricing table")
COMMIT_MESSAGE = "Copied from test mode"
MERCHANT_NOT_FOUND = "Merchant not found or access denied"
SAME_MODE = "Copy from one mode to the other: from and to are the same"
DIFF_CHANGED = "The catalog changed since the copy was shown; look at it again before copying"


@dataclass
class CatalogCopy:
    """What a copy does (or did, when ``applied``): one item per source row, in the order
    written, and the names of target rows left alone, by kind. ``names`` gives a display
    name for every id the items hold (target ids, and ``new:<source id>`` for rows a copy
    creates), so the front ends can say "features: API calls, SSO"."""

    source: Merchant
    target: Merchant
    items: list[Item]
    left_alone: dict[str, list[str]]
    names: dict[str, str] = field(default_factory=dict)
    applied: bool = False

    def of(self, action: str) -> list[Item]:
        return [item for item in self.items if item.action == action]

    @property
    def nothing_to_copy(self) -> bool:
        return not self.of("create") and not self.of("update")

    @property
    def fingerprint(self) -> str:
        """Stands for the diff as shown: ``apply_copy`` refuses when it has changed."""
        parts = [
            repr(
                (i.kind, i.source.id, i.action, i.wanted, [(c.field, c.before) for c in i.changes])
            )
            for i in self.items
        ]
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


async def _pair(source_id: str, target_id: str) -> tuple[Merchant, Merchant]:
    """Both merchant rows; they must be the two modes of one business. Another business's
    merchant answers exactly as a missing one."""
    if source_id == target_id:
        raise Invalid(SAME_MODE, code="copy_same_mode")
    found = {m.id: m for m in await Merchant.filter(id__in=[source_id, target_id])}
    source, target = found.get(source_id), found.get(target_id)
    if source is None or target is None or source.account_id != target.account_id:
        raise NotFound(MERCHANT_NOT_FOUND, code="merchant_not_found")
    return source, target


async def modes(merchant_id: str, from_mode: str, to_mode: str) -> tuple[str, str]:
    """The merchant ids of ``from_mode`` and ``to_mode`` of the business ``merchant_id``
    (either mode's id; the live id is also the account id) belongs to."""
    if from_mode not in MODES or to_mode not in MODES:
        raise Invalid("mode must be 'live' or 'test'", field="mode")
    if from_mode == to_mode:
        raise Invalid(SAME_MODE, code="copy_same_mode")
    return (await tenant_of(merchant_id, from_mode)).id, (await tenant_of(merchant_id, to_mode)).id


async def _names(source: str, target: str) -> dict[str, str]:
    names: dict[str, str] = {}
    for model, label in ((Metric, "name"), (Feature, "display_name"), (PricingTable, "name")):
        for row in await model.scoped(target):
            names[row.id] = getattr(row, label)
        for row in await model.scoped(source):
            names[f"new:{row.id}"] = getattr(row, label)
    for row in await Plan.scoped(target).filter(is_current=True):
        names[row.stable_plan_id] = row.plan_name
    for row in await Plan.scoped(source).filter(is_current=True):
        names[f"new:{row.stable_plan_id}"] = row.plan_name
    return names


async def _check_slugs(target: Merchant, items: list[Item]) -> None:
    """A slug a copy writes must not be taken by a target row no source row matches (a live
    row made by hand, or a copy renamed by hand): slugs are unique among live rows."""
    matched = {item.target.id for item in items if item.target is not None}
    for kind, model in (("feature", Feature), ("pricing table", PricingTable)):
        taken = {row.slug for row in await model.scoped(target.id) if row.id not in matched}
        for item in items:
            if item.kind == kind and item.wanted["slug"] in taken:
                raise Conflict(
                    f"{target.mode.capitalize()} mode already has another {kind} with the "
                    f"slug '{item.wanted['slug']}': "
                    "rename or delete it there, then copy again",
                    code="copy_slug_taken",
                )


async def _diff(source: Merchant, target: Merchant) -> CatalogCopy:
    ids: dict[str, str] = {}
    items = await rows.metric_items(source.id, target.id, ids)
    items += await rows.feature_items(source.id, target.id, ids)
    items += await rows.plan_items(source.id, target.id, ids)
    items += await tables.table_items(source.id, target.id, ids)
    await _check_slugs(target, items)
    alone = await rows.left_alone(target.id, items)
    return CatalogCopy(source, target, items, alone, await _names(source.id, target.id))


async def plan_copy(from_merchant_id: str, to_merchant_id: str) -> CatalogCopy:
    """What copying the catalog of ``from_merchant_id`` to ``to_merchant_id`` would do;
    writes nothing."""
    source, target = await _pair(from_merchant_id, to_merchant_id)
    return await _diff(source, target)


async def _write_plain(model, target_id: str, item: Item, ids: dict[str, str]) -> None:
    """Create, update or adopt one metric, feature or pricing table row."""
    wanted = {key: value for key, value in item.wanted.items() if key != "entries"}
    row = item.target
    if row is None:
        row = model(merchant_id=target_id, copied_from_id=item.source.id)
        if model is PricingTable:
            has_default = await PricingTable.scoped(target_id).filter(is_default=True).exists()
            row.is_default = item.source.is_default and not has_default
    elif item.action == "unchanged" and row.copied_from_id == item.source.id:
        ids[item.source.id] = row.id
        return
    for key, value in wanted.items():  # after construction: see JSONValueField
        setattr(row, key, value)
    row.copied_from_id = item.source.id
    await row.save()
    ids[item.source.id] = row.id


async def _write_plan(target_id: str, item: Item, ids: dict[str, str]) -> None:
    shape: rows.PlanShape = item.wanted["shape"]
    if item.action == "unchanged":
        return
    if item.target is None:
        plan = Plan(
            merchant_id=target_id,
            version_number=1,
            is_current=True,
            commit_message=COMMIT_MESSAGE,
            copied_from_id=item.source.id,
            **shape.fields,
        )
        plan.stable_plan_id = plan.id
        await plan.save()
        for link in shape.links:
            await create_link(target_id, plan.id, link)
        for price in shape.prices:
            await Price.create(merchant_id=target_id, plan_id=plan.id, **price)
    else:
        plan = await write_version(
            target_id,
            item.target,
            changes=shape.fields,
            prices=shape.prices,
            links=shape.links,
            commit_message=COMMIT_MESSAGE,
        )
        await Plan.filter(id=plan.id).update(copied_from_id=item.source.id)
    ids[item.source.stable_plan_id] = plan.stable_plan_id


async def _write_entries(target_id: str, item: Item, ids: dict[str, str]) -> None:
    table_id = ids[item.source.id]
    if item.target is not None and not any(c.field == "plans" for c in item.changes):
        return
    now = utcnow()
    await (
        PricingTablePlan.scoped(target_id)
        .filter(pricing_table_id=table_id)
        .update(deleted_at=now, updated_at=now)
    )
    for stable_plan_id, order in item.wanted["entries"]:
        await PricingTablePlan.create(
            merchant_id=target_id,
            pricing_table_id=table_id,
            stable_plan_id=stable_plan_id,
            display_order=order,
        )


async def apply_copy(
    from_merchant_id: str, to_merchant_id: str, *, expected: str | None = None
) -> CatalogCopy:
    """Copy the catalog in one transaction and answer what was done. With ``expected`` (the
    fingerprint of the diff that was shown), a catalog that changed meanwhile is refused
    and nothing is written."""
    source, target = await _pair(from_merchant_id, to_merchant_id)
    async with in_transaction():
        for merchant_id in sorted((source.id, target.id)):
            await lock_merchant(merchant_id)
        done = await _diff(source, target)
        if expected is not None and expected != done.fingerprint:
            raise Conflict(DIFF_CHANGED, code="copy_diff_changed")
        ids: dict[str, str] = {}
        for item in await rows.metric_items(source.id, target.id, ids):
            await _write_plain(Metric, target.id, item, ids)
        for item in await rows.feature_items(source.id, target.id, ids):
            await _write_plain(Feature, target.id, item, ids)
        for item in await rows.plan_items(source.id, target.id, ids):
            await _write_plan(target.id, item, ids)
        for item in await tables.table_items(source.id, target.id, ids):
            await _write_plain(PricingTable, target.id, item, ids)
            await _write_entries(target.id, item, ids)
    done.applied = True
    return done
