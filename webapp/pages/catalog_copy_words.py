"""A catalog copy (billing/catalog/catalog_copy.py) in the words a merchant reads, for both the
"Copy to live" page and ``tally copy-catalog``, so the two say the same thing:

    Will create: plan Pro (2 prices, 2 features)
    Will update: feature api-calls: display name 'API' → 'API calls'
    Will update: pricing table Pricing: plans Yen → Starter, Yen; keeps live-only plan Yen
    Unchanged: 3 plans
    Left alone (only in live, not in test): plan Legacy
"""

from dataclasses import dataclass
from types import SimpleNamespace

from billing.catalog.catalog_copy import KINDS, CatalogCopy
from billing.catalog.catalog_copy_rows import Change, Item
from webapp.pages.price_labels import price_summary

FIELDS = {
    "name": "name",
    "description": "description",
    "query_type": "query type",
    "aggregation_type": "aggregation",
    "event_name": "event name",
    "value_type": "value type",
    "custom_query": "SQL query",
    "property_filters": "filters",
    "slug": "slug",
    "display_name": "display name",
    "feature_type": "type",
    "default_value": "default value",
    "metric_ids": "metrics",
    "is_active": "active",
    "plan_name": "name",
    "plan_description": "description",
    "currency": "currency",
    "is_visible_in_pricing_table": "shown on pricing tables",
    "is_enterprise_plan": "enterprise plan",
    "button_text": "button text",
    "enterprise_redirect_url": "enterprise link",
    "is_seat_based": "priced per seat",
    "bill_immediately": "bills at once",
    "min_seats": "minimum seats",
    "trial_enabled": "free trial",
    "trial_days": "trial days",
    "trial_without_card": "trial without a card",
    "trial_credit_overrides": "trial credits",
    "prices": "prices",
    "features": "features",
    "plans": "plans",
}
PLURALS = {"metric": "metrics", "feature": "features", "plan": "plans"}
LONGEST = 60


@dataclass
class Section:
    title: str
    lines: list[str]


def _plural(count: int, kind: str) -> str:
    return f"{count} {kind}" if count == 1 else f"{count} {PLURALS.get(kind, kind + 's')}"


def _text(value) -> str:
    if value is None or value == "" or value == []:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        short = value if len(value) <= LONGEST else value[: LONGEST - 1] + "…"
        return f"'{short}'"
    return str(value)


def _names(ids: list, names: dict[str, str]) -> str:
    return ", ".join(names.get(i, "a deleted item") for i in ids) or "none"


def _price_words(before: list[dict], after: list[dict]) -> str:
    """Only the prices that differ: "price $29.00 / month → $39.00 / month", or what a new
    version adds and drops (the order prices were made in does not matter)."""
    old = [price_summary(SimpleNamespace(**p)) for p in before]
    new = [price_summary(SimpleNamespace(**p)) for p in after]
    dropped = [text for text in old if text not in new]
    added = [text for text in new if text not in old]
    if dropped and len(dropped) == len(added):
        return "; ".join(f"price {a} → {b}" for a, b in zip(dropped, added, strict=True))
    parts = [f"adds price {text}" for text in added] + [f"drops price {text}" for text in dropped]
    return "; ".join(parts) or "price settings changed"


def _kept_words(change: Change, names: dict[str, str]) -> str:
    """A table's live-only plans, which the copy keeps: said so the merchant does not read
    the new list as taking them off."""
    if not change.kept:
        return ""
    plans = "plan" if len(change.kept) == 1 else "plans"
    return f"; keeps live-only {plans} {_names(change.kept, names)}"


def change_words(change: Change, names: dict[str, str]) -> str:
    label = FIELDS.get(change.field, change.field.replace("_", " "))
    if change.field == "metric_ids":
        before, after = _names(change.before, names), _names(change.after, names)
    elif change.field == "prices":
        return _price_words(change.before, change.after)
    elif change.field == "features":
        before = _names([link["feature_id"] for link in change.before], names)
        after = _names([link["feature_id"] for link in change.after], names)
    elif change.field == "plans":
        before = _names([plan for plan, _ in change.before], names)
        after = _names([plan for plan, _ in change.after], names)
    elif isinstance(change.before, dict | list) or isinstance(change.after, dict | list):
        return f"{label} changed"
    else:
        before, after = _text(change.before), _text(change.after)
    if before == after:  # the same names in another order, or settings of the same features
        return f"{label} changed{_kept_words(change, names)}"
    return f"{label} {before} → {after}{_kept_words(change, names)}"


def _contents(item: Item) -> str:
    if item.kind == "plan":
        shape = item.wanted["shape"]
        return f" ({_plural(len(shape.prices), 'price')}, {_plural(len(shape.links), 'feature')})"
    if item.kind == "pricing table":
        return f" ({_plural(len(item.wanted['entries']), 'plan')})"
    if item.kind == "metric":
        return f" (event {item.wanted['event_name']})"
    if item.kind == "feature":
        return f" ({item.wanted['display_name']})"
    return ""


def item_words(item: Item, names: dict[str, str]) -> str:
    """ "plan Pro (2 prices, 1 feature)", or for an update what changes."""
    if item.action == "create":
        return f"{item.kind} {item.name}{_contents(item)}"
    changes = "; ".join(change_words(change, names) for change in item.changes)
    if item.kind == "plan":
        version = item.target.version_number + 1
        return (
            f"plan {item.name}: a new version {version} ({changes}); subscriptions stay on "
            f"version {item.target.version_number}"
        )
    return f"{item.kind} {item.name}: {changes}"


def sections(copy: CatalogCopy) -> list[Section]:
    """The copy as headed lists of lines, in the order they are applied."""
    done = copy.applied
    to_mode = copy.target.mode
    found = []
    for action, title in (
        ("create", "Created" if done else "Will create"),
        ("update", "Updated" if done else "Will update"),
    ):
        lines = [item_words(item, copy.names) for item in copy.of(action)]
        if lines:
            found.append(Section(title, lines))
    same = copy.of("unchanged")
    if same:
        counts = [_plural(sum(i.kind == kind for i in same), kind) for kind in KINDS]
        found.append(Section("Unchanged", [", ".join(c for c in counts if not c.startswith("0 "))]))
    alone = [f"{kind} {name}" for kind in KINDS for name in copy.left_alone.get(kind, [])]
    if alone:
        found.append(Section(f"Left alone (only in {to_mode}, not in {copy.source.mode})", alone))
    return found


def summary(copy: CatalogCopy) -> str:
    """One sentence for the top of the page or the end of the command."""
    if copy.nothing_to_copy:
        return f"Nothing to copy: {copy.target.mode} already has the {copy.source.mode} catalog."
    made, changed = len(copy.of("create")), len(copy.of("update"))
    if copy.applied:
        done = [f"{made} created" if made else "", f"{changed} updated" if changed else ""]
        return f"Copied to {copy.target.mode}: {' and '.join(filter(None, done))}."
    todo = [f"{made} to create" if made else "", f"{changed} to update" if changed else ""]
    return f"{' and '.join(filter(None, todo))} in {copy.target.mode}."


def text(copy: CatalogCopy) -> str:
    """The whole copy as plain text (the command prints it)."""
    out = [summary(copy)]
    for section in sections(copy):
        out.append(f"{section.title}:")
        out.extend(f"  {line}" for line in section.lines)
    return "\n".join(out)
