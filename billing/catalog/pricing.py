"""``pricingData`` validation and the few facts billing reads from it.

Every form of the spec is checked precisely and normalised here, and nowhere else: the API,
the dashboard and plan creation all call ``validate_pricing_data``. An invalid configuration
raises ``Invalid("Invalid pricing data configuration", details=...)``: the message is the
spec's, ``details`` says which part is wrong.

Forms: ``flat_rate``, ``tiered``, ``usage_based``, ``recurring`` (discriminated by ``type``) and
the components form ``{"components": [...]}`` with ``fixed`` and ``per_unit`` components.
"""

import math
from typing import Any

from billing.catalog.recurrence import RuleError, format_rule, parse_rule, simple_interval
from billing.core.errors import Invalid
from billing.core.validation import has_unstorable_characters

INVALID = "Invalid pricing data configuration"
MAX_AMOUNT_CENTS = 10**12  # ten billion in major units: far above any real price
MAX_COMPONENTS = 20
MAX_TIERS = 50
MAX_TEXT = 200  # an id, name or label inside pricingData
MAX_INTERVAL_COUNT = 36  # a recurring price's intervalCount: up to three years
# How tiers price a quantity (billing/invoicing/money_math.py): each unit by its own tier,
# or every unit by the tier the whole quantity reaches.
TIERS_MODES = ("graduated", "volume")
INTERVALS = ("day", "week", "month", "year")


def _fail(
    details: str,
    code: str = "invalid_pricing_data",
    field: str | None = None,
    params: dict[str, Any] | None = None,
) -> Invalid:
    """The spec's pricing error with ``details``; ``code``, ``field`` and ``params`` (a
    tier's ``tier_index``) stay internal."""
    return Invalid(INVALID, details=details, code=code, field=field, params=params)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_positive_number(value: Any) -> bool:
    """A JSON number above zero; NaN and infinity (which Python's JSON parser accepts)
    are refused because they compare oddly and PostgreSQL's jsonb cannot store them."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if isinstance(value, float) and not math.isfinite(value):
        return False  # (math.isfinite itself overflows on ints above 1e308)
    return value > 0


def _amount(value: Any, where: str, params: dict[str, Any] | None = None) -> int:
    if not _is_int(value) or not 0 <= value <= MAX_AMOUNT_CENTS:
        raise _fail(
            f"{where} must be a non-negative integer amount in cents",
            code="amount_not_cents",
            field=where,
            params=params,
        )
    return value


def _text(value: Any, where: str, max_length: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > max_length:
        raise _fail(f"{where} must be a non-empty string of at most {max_length} characters")
    if has_unstorable_characters(value):  # NUL and lone surrogates cannot be stored
        raise _fail(f"{where} must not contain control characters")
    return value.strip()


def _only(data: dict, allowed: set[str], where: str) -> None:
    unknown = sorted(str(key) for key in set(data) - allowed)
    if unknown:
        raise _fail(f"{where} has unknown field(s): {', '.join(unknown)}")


def validate_recurrence_rule(rule: Any, where: str = "recurrence_rule") -> str:
    """An RFC 5545 RRULE such as ``FREQ=MONTHLY`` or ``RRULE:FREQ=YEARLY;INTERVAL=1``."""
    try:
        return format_rule(parse_rule(rule))
    except RuleError as error:
        raise _fail(f"{where} {error}") from None


def _tiers(tiers: Any) -> list[dict]:
    if not isinstance(tiers, list) or not 1 <= len(tiers) <= MAX_TIERS:
        raise _fail(f"tiers must be a list of 1 to {MAX_TIERS} tiers")
    cleaned, previous = [], 0
    for index, tier in enumerate(tiers):
        where, at = f"tiers[{index}]", {"tier_index": index}
        if not isinstance(tier, dict):
            raise _fail(f"{where} must be an object with upTo and unitAmount", params=at)
        _only(tier, {"upTo", "unitAmount", "flatAmount"}, where)
        up_to, last = tier.get("upTo"), index == len(tiers) - 1
        if last and up_to is not None:
            raise _fail(
                f"{where}.upTo must be null: the last tier is unbounded",
                code="tier_up_to_not_null",
                params=at,
            )
        if not last:
            if not _is_positive_number(up_to):
                raise _fail(
                    f"{where}.upTo must be a positive number (only the last is null)",
                    code="tier_up_to_not_positive",
                    params=at,
                )
            if up_to <= previous:
                raise _fail(
                    f"{where}.upTo must be greater than the previous tier's upTo",
                    code="tier_up_to_not_ascending",
                    params=at,
                )
            previous = up_to
        tier_clean = {"upTo": up_to, "unitAmount": _amount(tier.get("unitAmount"), where, at)}
        if "flatAmount" in tier:
            tier_clean["flatAmount"] = _amount(tier["flatAmount"], f"{where}.flatAmount", at)
        cleaned.append(tier_clean)
    return cleaned


def _component(component: Any, index: int) -> dict:
    where = f"components[{index}]"
    if not isinstance(component, dict):
        raise _fail(f"{where} must be an object")
    kind = component.get("type")
    if kind == "fixed":
        _only(
            component,
            {"type", "amount_cents", "recurrence_rule", "component_id", "component_name"},
            where,
        )
        cleaned = {
            "type": "fixed",
            "amount_cents": _amount(component.get("amount_cents"), f"{where}.amount_cents"),
            "recurrence_rule": validate_recurrence_rule(
                component.get("recurrence_rule"), f"{where}.recurrence_rule"
            ),
        }
        for key in ("component_id", "component_name"):
            if key in component:
                cleaned[key] = _text(component[key], f"{where}.{key}")
        return cleaned
    if kind == "per_unit":
        allowed = {"type", "component_id", "component_name", "unit_label", "amount_cents"}
        _only(component, allowed | {"metric_id", "bill_immediately", "recurrence_rule"}, where)
        bill_now = component.get("bill_immediately", False)
        if not isinstance(bill_now, bool):
            raise _fail(f"{where}.bill_immediately must be true or false")
        metric_id = component.get("metric_id")
        cleaned = {
            "type": "per_unit",
            "component_id": _text(component.get("component_id"), f"{where}.component_id"),
            "component_name": _text(component.get("component_name"), f"{where}.component_name"),
            "unit_label": _text(component.get("unit_label"), f"{where}.unit_label"),
            "amount_cents": _amount(component.get("amount_cents"), f"{where}.amount_cents"),
            "metric_id": None if metric_id is None else _text(metric_id, f"{where}.metric_id"),
            "bill_immediately": bill_now,
        }
        if "recurrence_rule" in component:
            cleaned["recurrence_rule"] = validate_recurrence_rule(
                component["recurrence_rule"], f"{where}.recurrence_rule"
            )
        return cleaned
    raise _fail(f"{where}.type must be 'fixed' or 'per_unit'")


def _components(data: dict) -> dict:
    _only(data, {"components"}, "pricingData")
    components = data["components"]
    if not isinstance(components, list) or not 1 <= len(components) <= MAX_COMPONENTS:
        raise _fail(f"components must be a list of 1 to {MAX_COMPONENTS} components")
    cleaned = [_component(component, index) for index, component in enumerate(components)]
    ids = [c["component_id"] for c in cleaned if "component_id" in c]
    if len(ids) != len(set(ids)):
        raise _fail("component_id values must be unique within a price")
    return {"components": cleaned}


def validate_pricing_data(data: Any) -> dict:
    """The normalised ``pricingData``, or ``Invalid`` naming what is wrong."""
    if not isinstance(data, dict) or not data:
        raise _fail("pricingData must be an object")
    if "components" in data:
        return _components(data)
    kind = data.get("type")
    if kind == "flat_rate":
        _only(data, {"type", "amount", "interval"}, "pricingData")
        interval = data.get("interval")
        if interval not in INTERVALS:
            raise _fail("interval must be one of: day, week, month, year", field="interval")
        return {"type": kind, "amount": _amount(data.get("amount"), "amount"), "interval": interval}
    if kind == "tiered":
        _only(data, {"type", "tiers", "interval", "tiersMode", "metricId"}, "pricingData")
        cleaned = {"type": kind, "tiers": _tiers(data.get("tiers"))}
        if "tiersMode" in data:
            if data["tiersMode"] not in TIERS_MODES:
                raise _fail("tiersMode must be 'graduated' or 'volume'")
            cleaned["tiersMode"] = data["tiersMode"]
        if data.get("metricId") is not None:
            cleaned["metricId"] = _text(data["metricId"], "metricId")
        if "interval" in data:
            if data["interval"] not in INTERVALS:
                raise _fail("interval must be one of: day, week, month, year", field="interval")
            cleaned["interval"] = data["interval"]
        return cleaned
    if kind == "usage_based":
        _only(data, {"type", "unitAmount", "billingScheme", "metricId"}, "pricingData")
        if data.get("billingScheme", "per_unit") != "per_unit":
            raise _fail("billingScheme must be 'per_unit'")
        cleaned = {
            "type": kind,
            "unitAmount": _amount(data.get("unitAmount"), "unitAmount"),
            "billingScheme": "per_unit",
        }
        if data.get("metricId") is not None:
            cleaned["metricId"] = _text(data["metricId"], "metricId")
        return cleaned
    if kind == "recurring":
        _only(data, {"type", "interval", "intervalCount", "amountCents"}, "pricingData")
        if data.get("interval") not in ("month", "year"):
            raise _fail("interval must be 'month' or 'year'", field="interval")
        count = data.get("intervalCount", 1)
        if not _is_int(count) or not 1 <= count <= MAX_INTERVAL_COUNT:
            raise _fail(f"intervalCount must be a whole number from 1 to {MAX_INTERVAL_COUNT}")
        return {
            "type": kind,
            "interval": data["interval"],
            "intervalCount": count,
            "amountCents": _amount(data.get("amountCents"), "amountCents"),
        }
    raise _fail(
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
    if not _is_int(unit_amount_cents) or not 0 <= unit_amount_cents <= MAX_AMOUNT_CENTS:
        raise Invalid(FLAT_INVALID_AMOUNT, code="flat_invalid_amount", field="unitAmountCents")
    interval = "month" if billing_interval is None else billing_interval
    if interval not in ("month", "year"):
        raise _fail("billingInterval must be 'month' or 'year'", field="billingInterval")
    model = "flat" if pricing_model is None else pricing_model
    if model == "flat":
        return fixed_price_data(unit_amount_cents, interval)
    if model == "per_seat":
        return seat_price_data(unit_amount_cents, interval, bill_immediately=False)
    if model == "usage":
        return {"type": "usage_based", "unitAmount": unit_amount_cents, "billingScheme": "per_unit"}
    if model == "tiered":
        raise _fail("pricingModel 'tiered' needs pricingData with its tiers")
    raise _fail("pricingModel must be one of: flat, per_seat, tiered, usage")


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
