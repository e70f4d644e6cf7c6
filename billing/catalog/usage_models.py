"""How a metered component prices its quantity: its ``model``, checked and read back.

A ``per_unit`` component with a ``metric_id`` (usage, billed in arrears) may say how its
quantity is priced. Fields are snake_case, as every field of the components form is:

- ``model``: ``per_unit`` (the default, and what every price stored before models existed
  means), ``graduated`` or ``volume`` (tiers), or ``package`` (a price per package of
  ``package_size`` units; a partial package counts as a whole one).
- The unit price (per unit, or per package) as ``amount_cents`` (integer cents) or
  ``unit_amount_decimal`` (a decimal string of cents with up to 12 places, like Stripe's:
  ``"0.04"`` is 0.0004 USD). With a decimal, ``amount_cents`` is stored as its half-even
  rounding, for readers that only know whole cents; given both, they must agree.
- ``tiers`` (graduated and volume): ``[{up_to, amount_cents | unit_amount_decimal,
  flat_amount_cents}]``, ``up_to`` ascending, the last one null (open-ended).

Seat components (no metric) keep whole-cent amounts and no model: they bill in advance by
the seat count, where a sub-cent price has no meaning. ``money_math`` prices the quantity;
``unit_price`` and ``money_tiers`` hand it the stored figures as exact Decimals.
"""

from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from billing.catalog.pricing_checks import (
    MAX_TIERS,
    amount,
    decimal_cents,
    fail,
    is_int,
    only,
    tier_bound,
)

MODELS = ("per_unit", "graduated", "volume", "package")
TIERED = ("graduated", "volume")
MODEL_FIELDS = {"model", "unit_amount_decimal", "tiers", "package_size"}
MAX_PACKAGE_SIZE = 10**12


def _price(part: dict, where: str, params: dict | None = None) -> dict:
    """A unit price given as ``amount_cents``, ``unit_amount_decimal`` or both (agreeing)."""
    has_cents, has_decimal = "amount_cents" in part, "unit_amount_decimal" in part
    if not has_cents and not has_decimal:
        raise fail(
            f"{where} needs amount_cents or unit_amount_decimal",
            code="unit_price_missing",
            field=where,
            params=params,
        )
    cleaned = {}
    if has_cents:
        cleaned["amount_cents"] = amount(part["amount_cents"], f"{where}.amount_cents", params)
    if has_decimal:
        decimal = decimal_cents(part["unit_amount_decimal"], f"{where}.unit_amount_decimal", params)
        rounded = whole_cents(Decimal(decimal))
        if has_cents and cleaned["amount_cents"] != rounded:
            raise fail(
                f"{where}.amount_cents must be unit_amount_decimal rounded to the cent "
                f"({rounded}), or be left out",
                field=where,
                params=params,
            )
        cleaned["amount_cents"] = rounded
        if Decimal(decimal) != rounded:  # a whole number of cents needs no decimal
            cleaned["unit_amount_decimal"] = decimal
    return cleaned


def _tiers(tiers: Any, where: str) -> list[dict]:
    if not isinstance(tiers, list) or not 1 <= len(tiers) <= MAX_TIERS:
        raise fail(f"{where} must be a list of 1 to {MAX_TIERS} tiers")
    cleaned, previous = [], 0
    for index, tier in enumerate(tiers):
        at, here = {"tier_index": index}, f"{where}[{index}]"
        if not isinstance(tier, dict):
            raise fail(f"{here} must be an object with up_to and a unit price", params=at)
        only(tier, {"up_to", "amount_cents", "unit_amount_decimal", "flat_amount_cents"}, here)
        up_to, last = tier.get("up_to"), index == len(tiers) - 1
        previous = tier_bound(up_to, last, previous, here, "up_to", at)
        tier_clean = {"up_to": up_to, **_price(tier, here, at)}
        if "flat_amount_cents" in tier:
            flat = amount(tier["flat_amount_cents"], f"{here}.flat_amount_cents", at)
            tier_clean["flat_amount_cents"] = flat
        cleaned.append(tier_clean)
    return cleaned


def validate_model(component: dict, where: str) -> dict:
    """The pricing fields of a metered ``per_unit`` component, normalised: ``model`` (when
    not the default), the unit price, ``tiers`` or ``package_size``."""
    model = component.get("model", "per_unit")
    if model not in MODELS:
        raise fail(f"{where}.model must be one of: {', '.join(MODELS)}", field="model")
    if component.get("metric_id") is None and set(component) & MODEL_FIELDS:
        raise fail(
            f"{where}: model, unit_amount_decimal, tiers and package_size are for usage "
            "components (with a metric_id)"
        )
    if component.get("bill_immediately") is True and set(component) & MODEL_FIELDS:
        raise fail(f"{where}: a usage model bills in arrears (bill_immediately false)")
    if model in TIERED:
        if "unit_amount_decimal" in component or "package_size" in component:
            raise fail(f"{where}: tiers carry the unit prices (no unit_amount_decimal)")
        cleaned = {"model": model, "amount_cents": 0}
        cleaned["tiers"] = _tiers(component.get("tiers"), f"{where}.tiers")
        return cleaned
    if "tiers" in component:
        raise fail(f"{where}.tiers are for the graduated and volume models")
    cleaned = _price(component, where)
    if model == "package":
        size = component.get("package_size")
        if not is_int(size) or not 1 <= size <= MAX_PACKAGE_SIZE:
            raise fail(
                f"{where}.package_size must be a whole number of units of at least 1",
                code="package_size_invalid",
                field="package_size",
            )
        return {"model": model, **cleaned, "package_size": size}
    if "package_size" in component:
        raise fail(f"{where}.package_size is for the package model")
    return {"model": model, **cleaned} if "model" in component else cleaned


def whole_cents(cents: Decimal) -> int:
    """A unit price's whole-cent figure (half-even, as every rounding in billing)."""
    return int(cents.quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def exact_price(part: dict) -> Decimal:
    """A unit (or package, or tier) price in exact cents: its decimal when it has one."""
    decimal = part.get("unit_amount_decimal")
    return Decimal(decimal) if decimal is not None else Decimal(int(part.get("amount_cents", 0)))


def model_of(component: dict) -> str:
    """The stored component's model; ``per_unit`` for every price made before models."""
    return component.get("model") or "per_unit"


def money_tiers(component: dict) -> list[dict]:
    """The component's tiers in ``money_math``'s terms (``upTo``, ``unitAmount``,
    ``flatAmount``), unit prices as exact Decimals."""
    return [
        {
            "upTo": tier.get("up_to"),
            "unitAmount": exact_price(tier),
            "flatAmount": int(tier.get("flat_amount_cents", 0)),
        }
        for tier in component.get("tiers") or []
    ]
