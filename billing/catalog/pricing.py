"""``pricingData`` validation and the few facts billing reads from it.

Every form of the spec is checked precisely and normalised here, and nowhere else: the API,
the dashboard and plan creation all call ``validate_pricing_data``. An invalid configuration
raises ``Invalid("Invalid pricing data configuration", details=...)``: the message is the
spec's, ``details`` says which part is wrong.

Forms: ``flat_rate``, ``tiered``, ``usage_based``, ``recurring`` (discriminated by ``type``),
checked here, and the components form ``{"components": [...]}`` with ``fixed`` and
``per_unit`` components, checked in ``pricing_components``; both are made of the checks in
``pricing_checks``.
"""

from typing import Any

from billing.catalog.pricing_checks import (
    INTERVALS,
    MAX_AMOUNT_CENTS,
    MAX_COMPONENTS,  # noqa: F401 (the API's schema reads the limits from here)
    MAX_INTERVAL_COUNT,
    MAX_TEXT,  # noqa: F401
    MAX_TIERS,
    TIERS_MODES,
    amount,
    fail,
    is_int,
    only,
    text,
    tier_bound,
    validate_recurrence_rule,  # noqa: F401 (a rule alone is checked through here too)
)
from billing.catalog.pricing_components import validate_components
from billing.catalog.recurrence import simple_interval
from billing.core.errors import Invalid


def _tiers(tiers: Any) -> list[dict]:
    if not isinstance(tiers, list) or not 1 <= len(tiers) <= MAX_TIERS:
        raise fail(f"tiers must be a list of 1 to {MAX_TIERS} tiers")
    cleaned, previous = [], 0
    for index, tier in enumerate(tiers):
        where, at = f"tiers[{index}]", {"tier_index": index}
        if not isinstance(tier, dict):
            raise fail(f"{where} must be an object with upTo and unitAmount", params=at)
        only(tier, {"upTo", "unitAmount", "flatAmount"}, where)
        up_to, last = tier.get("upTo"), index == len(tiers) - 1
        previous = tier_bound(up_to, last, previous, where, "upTo", at)
        tier_clean = {"upTo": up_to, "unitAmount": amount(tier.get("unitAmount"), where, at)}
        if "flatAmount" in tier:
            tier_clean["flatAmount"] = amount(tier["flatAmount"], f"{where}.flatAmount", at)
        cleaned.append(tier_clean)
    return cleaned


def validate_pricing_data(data: Any) -> dict:
    """The normalised ``pricingData``, or ``Invalid`` naming what is wrong."""
    if not isinstance(data, dict) or not data:
        raise fail("pricingData must be an object")
    if "components" in data:
        return validate_components(data)
    kind = data.get("type")
    if kind == "flat_rate":
        only(data, {"type", "amount", "interval"}, "pricingData")
        interval = data.get("interval")
        if interval not in INTERVALS:
            raise fail("interval must be one of: day, week, month, year", field="interval")
        return {"type": kind, "amount": amount(data.get("amount"), "amount"), "interval": interval}
    if kind == "tiered":
        only(data, {"type", "tiers", "interval", "tiersMode", "metricId"}, "pricingData")
        cleaned = {"type": kind, "tiers": _tiers(data.get("tiers"))}
        if "tiersMode" in data:
            if data["tiersMode"] not in TIERS_MODES:
                raise fail("tiersMode must be 'graduated' or 'volume'")
            cleaned["tiersMode"] = data["tiersMode"]
        if data.get("metricId") is not None:
            cleaned["metricId"] = text(data["metricId"], "metricId")
        if "interval" in data:
            if data["interval"] not in INTERVALS:
                raise fail("interval must be one of: day, week, month, year", field="interval")
            cleaned["interval"] = data["interval"]
        return cleaned
    if kind == "usage_based":
        only(data, {"type", "unitAmount", "billingScheme", "metricId"}, "pricingData")
        if data.get("billingScheme", "per_unit") != "per_unit":
            raise fail("billingScheme must be 'per_unit'")
        cleaned = {
            "type": kind,
            "unitAmount": amount(data.get("unitAmount"), "unitAmount"),
            "billingScheme": "per_unit",
        }
        if data.get("metricId") is not None:
            cleaned["metricId"] = text(data["metricId"], "metricId")
        return cleaned
    if kind == "recurring":
        only(data, {"type", "interval", "intervalCount", "amountCents"}, "pricingData")
        if data.get("interval") not in ("month", "year"):
            raise fail("interval must be 'month' or 'year'", field="interval")
        count = data.get("intervalCount", 1)
        if not is_int(count) or not 1 <= count <= MAX_INTERVAL_COUNT:
            raise fail(f"intervalCount must be a whole number from 1 to {MAX_INTERVAL_COUNT}")
        return {
            "type": kind,
            "interval": data["interval"],
            "intervalCount": count,
            "amountCents": amount(data.get("amountCents"), "amountCents"),
        }
    raise fail(
        "type must be flat_rate, tiered, usage_based or recurring, or give a components list"
    )


FLAT_INVALID_AMOUNT = "Invalid pricing data: amount must be a non-negative integer"
PRICING_MODELS = ("flat", "per_seat", "tiered", "usage")


def monthly_or_yearly_rule(interval: str) -> str:
    return "FREQ=YEARLY;INTERVAL=1" if interval == "year" else "FREQ=MONTHLY;INTERVAL=1"


def fixed_price_data(amount_cents: int, interval: str) -> dict:
    """The components form of a plain subscription fee (what plan creation writes)."""
    return {
        "components": [
            {
                "type": "fixed",
                "amount_cents": amount_cents,
                "recurrence_rule": monthly_or_yearly_rule(interval),
            }
        ]
    }


def seat_price_data(amount_cents: int, interval: str, *, bill_immediately: bool) -> dict:
    """The components form of a per-seat fee."""
    return {
        "components": [
            {
                "type": "per_unit",
                "component_id": "seats",
                "component_name": "Seats",
                "unit_label": "seat",
                "amount_cents": amount_cents,
                "metric_id": None,
                "bill_immediately": bill_immediately,
                "recurrence_rule": monthly_or_yearly_rule(interval),
            }
        ]
    }


def pricing_from_flat_fields(
    unit_amount_cents: Any, billing_interval: Any, pricing_model: Any
) -> dict:
    """The alternative create body (unitAmountCents, billingInterval, pricingModel)."""
    if not is_int(unit_amount_cents) or not 0 <= unit_amount_cents <= MAX_AMOUNT_CENTS:
        raise Invalid(FLAT_INVALID_AMOUNT, code="flat_invalid_amount", field="unitAmountCents")
    interval = "month" if billing_interval is None else billing_interval
    if interval not in ("month", "year"):
        raise fail("billingInterval must be 'month' or 'year'", field="billingInterval")
    model = "flat" if pricing_model is None else pricing_model
    if model == "flat":
        return fixed_price_data(unit_amount_cents, interval)
    if model == "per_seat":
        return seat_price_data(unit_amount_cents, interval, bill_immediately=False)
    if model == "usage":
        return {"type": "usage_based", "unitAmount": unit_amount_cents, "billingScheme": "per_unit"}
    if model == "tiered":
        raise fail("pricingModel 'tiered' needs pricingData with its tiers")
    raise fail("pricingModel must be one of: flat, per_seat, tiered, usage")


def billing_interval(pricing_data: dict) -> str | None:
    """``month`` or ``year`` for the pricing-table switch, or None (usage only, daily...)."""
    if "components" in pricing_data:
        for component in pricing_data["components"]:
            interval = simple_interval(component.get("recurrence_rule", ""))
            if interval:
                return interval
        return None
    interval = pricing_data.get("interval")
    if pricing_data.get("type") == "recurring" and pricing_data.get("intervalCount", 1) != 1:
        return None
    return interval if interval in ("month", "year") else None


def has_fixed_part(pricing_data: dict) -> bool:
    """Whether the price charges a recurring amount that does not depend on usage: a flat or
    recurring price, or a fixed or per-seat component (what ``headline_amount_cents`` adds)."""
    if "components" in pricing_data:
        return any(
            c["type"] == "fixed" or c.get("metric_id") is None for c in pricing_data["components"]
        )
    return pricing_data.get("type") in ("flat_rate", "recurring")


def has_usage_part(pricing_data: dict) -> bool:
    """Whether the price charges for metered usage (usage-based, tiered, or a metered
    component): shown as "+ usage" beside a plan's headline."""
    if "components" in pricing_data:
        return any(c.get("metric_id") is not None for c in pricing_data["components"])
    return pricing_data.get("type") in ("usage_based", "tiered")


def headline_price(prices: list, interval: str):
    """The price a plan is advertised at for ``interval`` (``month`` or ``year``): the first
    of that interval with a fixed recurring part, else the first of that interval (a
    usage-only plan), else None. Usage prices beside it are shown as "+ usage", never as the
    headline: a $59 plan with a tiered usage price is "$59 / month + usage", not "$0"."""
    of_interval = [p for p in prices if billing_interval(p.pricing_data) == interval]
    fixed = [p for p in of_interval if has_fixed_part(p.pricing_data)]
    return (fixed or of_interval or [None])[0]


def bills_usage(prices: list, interval: str) -> bool:
    """Whether any of ``prices`` of ``interval`` bills metered usage: the "+ usage" beside
    that interval's headline."""
    return any(
        billing_interval(p.pricing_data) == interval and has_usage_part(p.pricing_data)
        for p in prices
    )


def headline_amount_cents(pricing_data: dict) -> int:
    """The recurring amount shown on a pricing table and used to order plans by price:
    fixed fees, plus one unit of per-seat components; usage and tiers count as zero."""
    if "components" in pricing_data:
        return sum(
            c["amount_cents"]
            for c in pricing_data["components"]
            if c["type"] == "fixed" or c.get("metric_id") is None
        )
    if pricing_data.get("type") == "flat_rate":
        return pricing_data["amount"]
    if pricing_data.get("type") == "recurring":
        return pricing_data["amountCents"]
    return 0
