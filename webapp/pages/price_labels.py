"""Prices in words for the catalog pages: "€29.00 / month", tiers as a short list.

Presentation only: which interval a price bills on and its headline amount come from
``billing.catalog.pricing`` (the same facts pricing tables use), never re-derived here.
"""

from copy import deepcopy

from billing.catalog.pricing import (
    billing_interval,
    bills_usage,
    has_fixed_part,
    has_usage_part,
    headline_amount_cents,
    headline_price,
)
from billing.catalog.usage_models import MODEL_FIELDS
from webapp.forms.money import format_money
from webapp.pages.usage_labels import usage_components

PER = {"month": "month", "year": "year"}
KINDS = {
    "flat_rate": "Flat rate",
    "tiered": "Tiered",
    "usage_based": "Usage-based",
    "recurring": "Recurring",
}


def interval_of(price) -> str | None:
    return billing_interval(price.pricing_data)


def price_kind(price) -> str:
    data = price.pricing_data
    if "components" in data:
        kinds = {component["type"] for component in data["components"]}
        if kinds == {"fixed"}:
            return "Fixed fee"
        if kinds == {"per_unit"}:
            metered = [c.get("metric_id") is not None for c in data["components"]]
            return "Usage" if all(metered) else "Per unit" if any(metered) else "Per seat"
        metered = any(c.get("metric_id") is not None for c in data["components"])
        return "Fixed + usage" if metered else "Fixed + per unit"
    return KINDS.get(data.get("type"), "Custom")


def price_summary(price) -> str:
    """One line: "€29.00 / month", "€29.00 / month + usage" (a fee with a metered component:
    the usage is part of what the customer pays, so no summary of the price may leave it
    out), "Tiered from €0.10 / unit, monthly", "€0.05 / unit". The one summary of a price for
    every page: plans, subscriptions, their history, the portal."""
    data, currency = price.pricing_data, price.currency
    interval = interval_of(price)
    if data.get("type") == "tiered":
        lowest = min(tier["unitAmount"] for tier in data["tiers"])
        text = f"From {format_money(lowest, currency)} / unit"
        return f"{text}, billed {interval}ly" if interval else text
    if data.get("type") == "usage_based":
        return f"{format_money(data['unitAmount'], currency)} / unit"
    if "components" in data and not has_fixed_part(data):  # usage only: in its own words
        return f"Usage, billed {interval}ly" if interval else "Usage"
    amount = format_money(headline_amount_cents(data), currency)
    if price_kind(price) == "Per seat":
        amount += " / seat"
    text = f"{amount} / {interval}" if interval else amount
    return text + (" + usage" if has_usage_part(data) else "")


def tier_lines(price) -> list[str]:
    """["Up to 1,000 units: €0.10 each", ..., "Above 5,000: €0.05 each"]."""
    tiers = price.pricing_data.get("tiers") or []
    lines, previous = [], None
    for tier in tiers:
        each = f"{format_money(tier['unitAmount'], price.currency)} each"
        if tier["upTo"] is None:
            lines.append(f"Above {previous:,}: {each}" if previous else f"Any amount: {each}")
        else:
            lines.append(f"Up to {tier['upTo']:,}: {each}")
            previous = tier["upTo"]
    return lines


def plain_amount(price) -> int | None:
    """The one amount of a single-fee price (what the clone form may change), else None."""
    data = price.pricing_data
    if "components" in data:
        [only, *others] = data["components"]
        if others or set(only) & MODEL_FIELDS:  # a usage model's prices are not one amount
            return None
        return only["amount_cents"]
    if data.get("type") == "flat_rate":
        return data["amount"]
    if data.get("type") == "recurring":
        return data["amountCents"]
    if data.get("type") == "usage_based":
        return data["unitAmount"]
    return None


def with_amount(pricing_data: dict, cents: int) -> dict:
    """A copy of a single-fee ``pricing_data`` charging ``cents`` instead."""
    data = deepcopy(pricing_data)
    if "components" in data:
        data["components"][0]["amount_cents"] = cents
    else:
        key = {"flat_rate": "amount", "recurring": "amountCents", "usage_based": "unitAmount"}
        data[key[data["type"]]] = cents
    return data


def plan_price_summary(prices, currency: str) -> list[str]:
    """The monthly and yearly headline of a plan, e.g. ["€59.00 / month + usage", "€290.00 /
    year"]: each interval's headline price by the pricing tables' rule
    (``pricing.headline_price``), "+ usage" when a price of that interval bills usage (said
    once: a headline with its own usage says it in ``price_summary``)."""
    catalog = [price for price in prices or [] if not price.is_override_price]
    shown = []
    for interval in ("month", "year"):
        headline = headline_price(catalog, interval)
        if headline is None:
            continue
        text = price_summary(headline)
        if bills_usage(catalog, interval) and not text.endswith(" + usage"):
            text += " + usage"
        shown.append(text)
    return shown


HELPERS = {
    "price_summary": price_summary,
    "price_kind": price_kind,
    "tier_lines": tier_lines,
    "interval_of": interval_of,
    "plan_price_summary": plan_price_summary,
    "usage_components": usage_components,
}
