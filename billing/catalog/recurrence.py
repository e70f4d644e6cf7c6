"""Recurrence rules: the RFC 5545 ``RRULE`` subset that drives billing cycles.

A fixed or per-unit price component bills on its own rule (``FREQ=MONTHLY``,
``FREQ=YEARLY;INTERVAL=1``, ``FREQ=MONTHLY;BYMONTHDAY=1``...). Parsing lives here, apart from
the pricing validator, because the billing engine reads the same rules to find the next
billing date.
"""

import re

FREQUENCIES = ("DAILY", "WEEKLY", "MONTHLY", "YEARLY")
KEYS = {"FREQ", "INTERVAL", "COUNT", "BYMONTHDAY", "BYMONTH", "UNTIL"}
LIMITS = {"INTERVAL": (1, 366), "COUNT": (1, 10_000), "BYMONTH": (1, 12)}
MAX_RULE_LENGTH = 200
# ASCII only: ``str.isdigit`` and ``\d`` also accept digits such as "²" or "٣", which
# ``int()`` refuses or which no calendar library downstream understands.
NUMBER_RE = re.compile(r"[0-9]{1,5}")
MONTH_DAY_RE = re.compile(r"-?[0-9]{1,2}")
UNTIL_RE = re.compile(r"[0-9]{8}(T[0-9]{6}Z?)?")


class RuleError(ValueError):
    """What is wrong with a rule, phrased to follow the field's name."""


def parse_rule(rule: object) -> dict[str, str]:
    """The rule's parts (upper-cased, in order); ``RuleError`` when it is not a valid rule."""
    if not isinstance(rule, str) or not rule.strip() or len(rule) > MAX_RULE_LENGTH:
        raise RuleError("must be a recurrence rule such as FREQ=MONTHLY")
    body = rule.strip()
    if body[:6].upper() == "RRULE:":
        body = body[6:]
    parts: dict[str, str] = {}
    for part in body.split(";"):
        key, sep, value = part.partition("=")
        key = key.upper()
        if not sep or not value or key in parts:
            raise RuleError("is not a valid recurrence rule")
        parts[key] = value.upper()
    unknown = sorted(set(parts) - KEYS)
    if unknown:
        raise RuleError(f"has unknown field(s): {', '.join(unknown)}")
    if parts.get("FREQ") not in FREQUENCIES:
        raise RuleError("needs FREQ=DAILY, WEEKLY, MONTHLY or YEARLY")
    for key, (low, high) in LIMITS.items():
        if key in parts and not (
            NUMBER_RE.fullmatch(parts[key]) and low <= int(parts[key]) <= high
        ):
            raise RuleError(f"{key} must be a whole number from {low} to {high}")
    if "BYMONTHDAY" in parts:
        day = parts["BYMONTHDAY"]
        if not (MONTH_DAY_RE.fullmatch(day) and 1 <= abs(int(day)) <= 31):
            raise RuleError("BYMONTHDAY must be 1 to 31 (or -1 to -31)")
    if "UNTIL" in parts and not UNTIL_RE.fullmatch(parts["UNTIL"]):
        raise RuleError("UNTIL must look like 20271231 or 20271231T000000Z")
    return parts


def format_rule(parts: dict[str, str]) -> str:
    return ";".join(f"{key}={value}" for key, value in parts.items())


def simple_interval(rule: str) -> str | None:
    """``month`` or ``year`` for a rule billing every single month or year, else None
    (every three months is neither)."""
    try:
        parts = parse_rule(rule)
    except RuleError:
        return None
    if parts.get("INTERVAL", "1").lstrip("0") != "1":
        return None
    return {"MONTHLY": "month", "YEARLY": "year"}.get(parts["FREQ"])
