"""The JSON schema of ``pricingData``, as ``billing.catalog.pricing`` validates it.

Some of its rules are beyond JSON Schema and only described: tiers' ``upTo`` values must grow
from tier to tier, ``component_id`` values must be unique within a price, and a per-unit
component's unit price (``amount_cents`` or ``unit_amount_decimal``), tiers or package size
are required by its ``model``, which only a usage component (with a ``metric_id``) may set.
Recurrence rules are documented in their common form (FREQ, then optionally INTERVAL and
BYMONTHDAY); the service also takes COUNT, BYMONTH and UNTIL and any order.
"""

from typing import Any

from api.schema_rules import CONTROL, nullable
from billing.catalog.pricing import (
    INTERVALS,
    MAX_AMOUNT_CENTS,
    MAX_COMPONENTS,
    MAX_INTERVAL_COUNT,
    MAX_TEXT,
    MAX_TIERS,
)
from billing.catalog.usage_models import MAX_PACKAGE_SIZE, MODELS

AMOUNT = {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT_CENTS}
NAME = {
    "type": "string",
    "maxLength": MAX_TEXT,
    "pattern": rf"^[^{CONTROL}]*[^\s{CONTROL}][^{CONTROL}]*$",
}
RULE = {
    "type": "string",
    "description": "An RFC 5545 RRULE such as FREQ=MONTHLY or FREQ=YEARLY;INTERVAL=1",
    "pattern": "^(RRULE:)?FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)"
    "(;INTERVAL=([1-9]|[1-9][0-9]|[12][0-9][0-9]|3[0-5][0-9]|36[0-6]))?"
    "(;BYMONTHDAY=([1-9]|[12][0-9]|3[01]))?$",
}


def _closed(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


FLAT_RATE = _closed(
    {"type": {"const": "flat_rate"}, "amount": AMOUNT, "interval": {"enum": list(INTERVALS)}},
    ["type", "amount", "interval"],
)
TIERED = _closed(
    {
        "type": {"const": "tiered"},
        "tiers": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_TIERS,
            "description": "Each upTo (a positive number) above the previous one; the last null",
            "items": _closed(
                {
                    "upTo": nullable({"type": "number", "exclusiveMinimum": 0}),
                    "unitAmount": AMOUNT,
                    "flatAmount": AMOUNT,
                },
                ["upTo", "unitAmount"],
            ),
        },
        "interval": {"enum": list(INTERVALS)},
        "tiersMode": {"enum": ["graduated", "volume"]},
        "metricId": nullable(NAME),
    },
    ["type", "tiers"],
)
USAGE_BASED = _closed(
    {
        "type": {"const": "usage_based"},
        "unitAmount": AMOUNT,
        "billingScheme": {"const": "per_unit"},
        "metricId": nullable(NAME),
    },
    ["type", "unitAmount"],
)
RECURRING = _closed(
    {
        "type": {"const": "recurring"},
        "interval": {"enum": ["month", "year"]},
        "intervalCount": {"type": "integer", "minimum": 1, "maximum": MAX_INTERVAL_COUNT},
        "amountCents": AMOUNT,
    },
    ["type", "interval", "amountCents"],
)
FIXED_COMPONENT = _closed(
    {
        "type": {"const": "fixed"},
        "amount_cents": AMOUNT,
        "recurrence_rule": RULE,
        "component_id": NAME,
        "component_name": NAME,
    },
    ["type", "amount_cents", "recurrence_rule"],
)
DECIMAL_CENTS = {
    "type": "string",
    "description": "A unit price in cents as a decimal string, up to 12 decimal places "
    '("0.04" is 0.0004 USD); amount_cents, when also given, must be its rounding',
    "pattern": r"^[0-9]+(\.[0-9]{1,12})?$",
}
COMPONENT_TIER = _closed(
    {
        "up_to": nullable({"type": "number", "exclusiveMinimum": 0}),
        "amount_cents": AMOUNT,
        "unit_amount_decimal": DECIMAL_CENTS,
        "flat_amount_cents": AMOUNT,
    },
    ["up_to"],
)
PER_UNIT_COMPONENT = _closed(
    {
        "type": {"const": "per_unit"},
        "component_id": NAME,
        "component_name": NAME,
        "unit_label": NAME,
        "amount_cents": AMOUNT,
        "metric_id": nullable(NAME),
        "bill_immediately": {"type": "boolean"},
        "recurrence_rule": RULE,
        "model": {
            "enum": list(MODELS),
            "description": "How a usage component (with a metric_id, billed in arrears) prices "
            "its quantity; per_unit when absent",
        },
        "unit_amount_decimal": DECIMAL_CENTS,
        "tiers": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_TIERS,
            "description": "graduated and volume: up_to ascending, the last null; each tier "
            "priced by amount_cents or unit_amount_decimal",
            "items": COMPONENT_TIER,
        },
        "package_size": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_PACKAGE_SIZE,
            "description": "package: units per package (a partial package counts whole)",
        },
    },
    ["type", "component_id", "component_name", "unit_label"],
)
COMPONENTS = _closed(
    {
        "components": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_COMPONENTS,
            "description": "component_id values unique within the price",
            "items": {"oneOf": [FIXED_COMPONENT, PER_UNIT_COMPONENT]},
        }
    },
    ["components"],
)
PRICING_DATA = {
    "description": "One pricingData form: flat_rate, tiered, usage_based, recurring (by "
    "`type`) or {components: [...]} with fixed and per_unit components",
    "oneOf": [FLAT_RATE, TIERED, USAGE_BASED, RECURRING, COMPONENTS],
}
