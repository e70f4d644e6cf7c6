"""The checks every form of ``pricingData`` is made of (``pricing`` for the type forms,
``pricing_components`` for the components form): the spec's error, amounts in cents, short
texts, the fields a part may have, recurrence rules, and the limits that keep one price small
enough to store and bill.
"""

import math
from decimal import Decimal
from typing import Any

from billing.catalog.recurrence import RuleError, format_rule, parse_rule
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


def fail(
    details: str,
    code: str = "invalid_pricing_data",
    field: str | None = None,
    params: dict[str, Any] | None = None,
) -> Invalid:
    """The spec's pricing error with ``details``; ``code``, ``field`` and ``params`` (a
    tier's ``tier_index``) stay internal."""
    return Invalid(INVALID, details=details, code=code, field=field, params=params)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_positive_number(value: Any) -> bool:
    """A JSON number above zero; NaN and infinity (which Python's JSON parser accepts)
    are refused because they compare oddly and PostgreSQL's jsonb cannot store them."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if isinstance(value, float) and not math.isfinite(value):
        return False  # (math.isfinite itself overflows on ints above 1e308)
    return value > 0


def amount(value: Any, where: str, params: dict[str, Any] | None = None) -> int:
    if not is_int(value) or not 0 <= value <= MAX_AMOUNT_CENTS:
        raise fail(
            f"{where} must be a non-negative integer amount in cents",
            code="amount_not_cents",
            field=where,
            params=params,
        )
    return value


def tier_bound(up_to: Any, last: bool, previous: Any, where: str, key: str, at: dict) -> Any:
    """A tier's upper bound checked (``key`` is ``upTo`` in the tiered form, ``up_to`` in a
    usage component): only the last is null (unbounded), the others positive and ascending.
    Returns the bound the next tier must exceed."""
    if last and up_to is not None:
        raise fail(
            f"{where}.{key} must be null: the last tier is unbounded",
            code="tier_up_to_not_null",
            params=at,
        )
    if last:
        return previous
    if not is_positive_number(up_to):
        raise fail(
            f"{where}.{key} must be a positive number (only the last is null)",
            code="tier_up_to_not_positive",
            params=at,
        )
    if up_to <= previous:
        raise fail(
            f"{where}.{key} must be greater than the previous tier's {key}",
            code="tier_up_to_not_ascending",
            params=at,
        )
    return up_to


def text(value: Any, where: str, max_length: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > max_length:
        raise fail(f"{where} must be a non-empty string of at most {max_length} characters")
    if has_unstorable_characters(value):  # NUL and lone surrogates cannot be stored
        raise fail(f"{where} must not contain control characters")
    return value.strip()


def only(data: dict, allowed: set[str], where: str) -> None:
    unknown = sorted(str(key) for key in set(data) - allowed)
    if unknown:
        raise fail(f"{where} has unknown field(s): {', '.join(unknown)}")


def validate_recurrence_rule(rule: Any, where: str = "recurrence_rule") -> str:
    """An RFC 5545 RRULE such as ``FREQ=MONTHLY`` or ``RRULE:FREQ=YEARLY;INTERVAL=1``."""
    try:
        return format_rule(parse_rule(rule))
    except RuleError as error:
        raise fail(f"{where} {error}") from None


MAX_DECIMAL_PLACES = 12  # of a cent: Stripe's unit_amount_decimal precision


def decimal_cents(value: Any, where: str, params: dict[str, Any] | None = None) -> str:
    """A unit price in cents given as a decimal string (``"0.04"`` is 0.0004 USD), normalised
    (``"0.0400"`` → ``"0.04"``). A string, as Stripe's ``unit_amount_decimal``: a JSON number
    would reach us as a binary float and lose the very digits it exists to carry."""

    def refuse(problem: str, code: str) -> Invalid:
        return fail(f"{where} {problem}", code=code, field=where, params=params)

    if not isinstance(value, str):
        raise refuse('must be a decimal string of cents, like "0.04"', "decimal_not_a_number")
    body = value[1:] if value.startswith("-") else value
    whole, dot, fraction = body.partition(".")
    digits_only = body.isascii() and whole.isdigit() and (fraction.isdigit() or not dot)
    if not digits_only:
        raise refuse('must be a decimal string of cents, like "0.04"', "decimal_not_a_number")
    if value.startswith("-"):
        raise refuse("must not be negative", "decimal_negative")
    if len(fraction) > MAX_DECIMAL_PLACES:
        raise refuse(
            f"may have at most {MAX_DECIMAL_PLACES} decimal places", "decimal_too_many_places"
        )
    number = Decimal(body)
    if number > MAX_AMOUNT_CENTS:
        raise refuse(f"must be at most {MAX_AMOUNT_CENTS} cents", "decimal_too_large")
    text = f"{number:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text
