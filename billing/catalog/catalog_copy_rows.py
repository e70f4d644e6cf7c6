"""The comparison half of "Copy to live": each catalog row of the source mode beside the row of
the target mode it matches, and what copying would change, kind by kind.

Matching: a target row whose ``copied_from_id`` names the source row is its copy. A row made
by hand in the target mode is matched by its natural key when no copy claims it yet: a
feature by slug and a pricing table by slug (both unique among a merchant's live rows, so a
second row with the slug could not be made anyway), a metric by event name and name. Plans
have no natural key: a plan is matched only through ``copied_from_id`` (on any of its
versions), so a plan made by hand in live is left alone and never merged with a test plan.

Ids inside rows (a feature's metrics, a price's metric, a plan's features, a table's plans)
are translated through ``ids`` (source id → target id). A row that will be created has no
target id yet: it reads as ``new:<source id>``, which equals no stored id, so whatever points
at it shows as changed; ``apply_copy`` fills ``ids`` kind by kind as it writes and compares
again, so what is written always points at real rows. A reference to a source row that is
gone (deleted) is not in ``ids`` at all and is dropped, never written as a dangling id.
"""

from dataclasses import dataclass, field
from typing import Any

from billing.catalog.models import (
    Feature,
    Metric,
    Plan,
    PlanFeature,
    Price,
    PricingTable,
)
from billing.catalog.plan_versions import COPIED_FIELDS, LINK_SETTINGS

METRIC_FIELDS = (
    "name",
    "description",
    "query_type",
    "aggregation_type",
    "event_name",
    "value_type",
    "custom_query",
    "property_filters",
)
FEATURE_FIELDS = ("slug", "display_name", "feature_type", "default_value", "metric_ids")


@dataclass
class Change:
    """One field that copying changes, before and after (values as stored; the front ends
    put them into words)."""

    field: str
    before: Any
    after: Any
    kept: list = field(default_factory=list)  # a table's live-only plans the copy keeps


@dataclass
class Item:
    """One source row and what copying does to the target: ``create``, ``update`` or
    ``unchanged``. ``wanted`` is what the target row will hold; ``target`` the matched row."""

    kind: str
    name: str
    action: str
    source: Any
    target: Any = None
    wanted: dict = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)


def target_id(ids: dict[str, str], source_id: str | None) -> str | None:
    """The target id for ``source_id``; None when there is none to point at."""
    return None if source_id is None else ids.get(source_id)


def _remember(ids: dict[str, str], source_ids: list[str], matches: dict[str, str]) -> None:
    """Matched rows by their target id, rows to be created by ``new:<source id>``."""
    for source_id in source_ids:
        ids[source_id] = matches.get(source_id) or f"new:{source_id}"


def compare(kind: str, name: str, source, target, wanted: dict) -> Item:
    if target is None:
        return Item(kind, name, "create", source, None, wanted)
    changes = [
        Change(key, getattr(target, key), value)
        for key, value in wanted.items()
        if getattr(target, key) != value
    ]
    return Item(kind, name, "update" if changes else "unchanged", source, target, wanted, changes)


def match_rows(sources: list, targets: list, natural_key) -> dict[str, Any]:
    """Source id → target row: by ``copied_from_id`` first, then by natural key among the
    target rows no copy claims."""
    by_origin = {row.copied_from_id: row for row in targets if row.copied_from_id}
    found = {row.id: by_origin[row.id] for row in sources if row.id in by_origin}
    claimed = {row.id for row in found.values()}
    free = {natural_key(row): row for row in reversed(targets) if row.id not in claimed}
    for row in sources:
        if row.id not in found and natural_key(row) in free:
            found[row.id] = match = free.pop(natural_key(row))
            claimed.add(match.id)
    return found


async def metric_items(source_id: str, target: str, ids: dict[str, str]) -> list[Item]:
    sources = await Metric.scoped(source_id).order_by("created_at", "id")
    targets = await Metric.scoped(target).order_by("created_at", "id")
    matches = match_rows(sources, targets, lambda row: (row.event_name, row.name))
    _remember(ids, [row.id for row in sources], {key: row.id for key, row in matches.items()})
    return [
        compare(
            "metric",
            row.name,
            row,
            matches.get(row.id),
            {key: getattr(row, key) for key in METRIC_FIELDS},
        )
        for row in sources
    ]


async def feature_items(source_id: str, target: str, ids: dict[str, str]) -> list[Item]:
    sources = await Feature.scoped(source_id).order_by("created_at", "id")
    targets = await Feature.scoped(target).order_by("created_at", "id")
    matches = match_rows(sources, targets, lambda row: row.slug)
    _remember(ids, [row.id for row in sources], {key: row.id for key, row in matches.items()})
    items = []
    for row in sources:
        wanted = {key: getattr(row, key) for key in FEATURE_FIELDS}
        wanted["metric_ids"] = [ids[m] for m in row.metric_ids or [] if m in ids]
        items.append(compare("feature", row.slug, row, matches.get(row.id), wanted))
    return items


def price_data(pricing_data: Any, ids: dict[str, str]) -> Any:
    """``pricing_data`` with its metric ids (``metricId``, a component's ``metric_id``)
    translated to the target's."""
    if not isinstance(pricing_data, dict):
        return pricing_data
    data = dict(pricing_data)
    if data.get("metricId") is not None:
        data["metricId"] = target_id(ids, data["metricId"])
    if isinstance(data.get("components"), list):
        data["components"] = [
            {**c, "metric_id": target_id(ids, c.get("metric_id"))}
            if isinstance(c, dict) and c.get("metric_id") is not None
            else c
            for c in data["components"]
        ]
    return data


@dataclass
class PlanShape:
    """What a plan version sells: its fields, prices and feature links, comparable."""

    fields: dict
    prices: list[dict]
    links: list[dict]


async def _shape(merchant_id: str, plan: Plan) -> PlanShape:
    prices = await Price.scoped(merchant_id).filter(plan_id=plan.id).order_by("created_at", "id")
    links = (
        await PlanFeature.scoped(merchant_id)
        .filter(plan_id=plan.id, feature__deleted_at=None)
        .order_by("created_at", "id")
    )
    return PlanShape(
        {key: getattr(plan, key) for key in COPIED_FIELDS},
        [
            {
                "currency": p.currency,
                "pricing_data": p.pricing_data,
                "is_override_price": p.is_override_price,
                "copied_from_id": p.id,
            }
            for p in prices
        ],
        [
            {"feature_id": link.feature_id, **{k: getattr(link, k) for k in LINK_SETTINGS}}
            for link in links
        ],
    )


def _translated(shape: PlanShape, ids: dict[str, str]) -> PlanShape:
    fields = dict(shape.fields)
    fields["trial_credit_overrides"] = [
        {**o, "featureId": ids[o["featureId"]]}
        for o in fields.get("trial_credit_overrides") or []
        if isinstance(o, dict) and o.get("featureId") in ids
    ]
    prices = [{**p, "pricing_data": price_data(p["pricing_data"], ids)} for p in shape.prices]
    links = [
        {**link, "feature_id": ids[link["feature_id"]]}
        for link in shape.links
        if link["feature_id"] in ids
    ]
    return PlanShape(fields, prices, links)


def _sold(shape: PlanShape) -> tuple:
    """The parts of a shape that decide whether a new version is needed (a price's origin
    does not)."""
    prices = sorted(
        repr((p["currency"], p["pricing_data"], p["is_override_price"])) for p in shape.prices
    )
    links = sorted(repr(sorted(link.items())) for link in shape.links)
    return prices, links


async def plan_items(source_id: str, target: str, ids: dict[str, str]) -> list[Item]:
    """Each current source plan beside the current version of its copy; ``wanted`` holds
    the translated ``PlanShape`` under ``shape``."""
    source_rows = await Plan.scoped(source_id).order_by("created_at", "id")
    target_rows = await Plan.scoped(target).order_by("created_at", "id")
    stable_of = {row.id: row.stable_plan_id for row in source_rows}
    copies = {
        stable_of[row.copied_from_id]: row.stable_plan_id
        for row in target_rows
        if row.copied_from_id in stable_of
    }
    current = {row.stable_plan_id: row for row in target_rows if row.is_current}
    items = []
    for plan in (row for row in source_rows if row.is_current):
        live = current.get(copies.get(plan.stable_plan_id))
        ids[plan.stable_plan_id] = live.stable_plan_id if live else f"new:{plan.stable_plan_id}"
        shape = _translated(await _shape(source_id, plan), ids)
        item = Item("plan", plan.plan_name, "create", plan, live, {"shape": shape})
        if live is not None:
            before = await _shape(target, live)
            item.changes = [
                Change(key, before.fields[key], value)
                for key, value in shape.fields.items()
                if before.fields[key] != value
            ]
            before_prices, before_links = _sold(before)
            after_prices, after_links = _sold(shape)
            if before_prices != after_prices:
                item.changes.append(Change("prices", before.prices, shape.prices))
            if before_links != after_links:
                item.changes.append(Change("features", before.links, shape.links))
            item.action = "update" if item.changes else "unchanged"
        items.append(item)
    return items


async def left_alone(target: str, items: list[Item]) -> dict[str, list[str]]:
    """Target rows no source row matches, by kind: copying never touches them."""
    matched = {item.target.id for item in items if item.target is not None}
    matched_plans = {
        item.target.stable_plan_id for item in items if item.kind == "plan" and item.target
    }
    alone = {
        "metric": [m.name for m in await Metric.scoped(target) if m.id not in matched],
        "feature": [f.slug for f in await Feature.scoped(target) if f.id not in matched],
        "plan": [
            p.plan_name
            for p in await Plan.scoped(target).filter(is_current=True)
            if p.stable_plan_id not in matched_plans
        ],
        "pricing table": [t.name for t in await PricingTable.scoped(target) if t.id not in matched],
    }
    return {kind: sorted(names) for kind, names in alone.items() if names}
