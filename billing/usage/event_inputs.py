"""Validation of incoming usage events: one JSON object in, one ready-to-store row out.

Hand-written rather than a pydantic model because this runs for every event on the hot path and
its messages must name the field (and, in a batch, the event's index: ``events[3].eventName``).

Rules (spec "Usage event", plus what the database needs so that a validated event can never fail
to store and so never fail the other requests grouped into the same write):

- ``eventName`` required, 1-200 characters; ``customerId`` (at most 40) or ``extCustomerId`` (at
  most 200) required; ``idempotencyKey`` at most 255, generated (a UUID) when omitted.
- ``eventValue`` a finite JSON number from -10^12 to 10^12 (``MAX_VALUE``, both included);
  ``eventString`` text of at most 1000 characters. Neither is required: a counted event needs
  no value. Sending both is accepted (the spec calls "exactly one" a convention); metrics read
  the one their aggregation needs. Negative values are kept: a ``SUM`` metric may take a
  correction (-3 after an over-count), ``MIN``/``MAX``/``AVG``/``LATEST`` may measure a signed
  quantity, and billing never charges below nothing (a negative total bills as 0,
  ``invoicing/cycles.quantity_of``). The bound is what one event can mean (a trillion units);
  beyond it a value is a client's bug, and once stored it made the subscription's bill too
  large to represent, failing every due pass, so it is refused before it is stored.
- ``eventTimestamp`` ISO 8601 (no offset means UTC), years 1970-2199; default: now.
- ``properties`` a JSON object of at most 16 KiB once encoded and at most 8 levels deep (the
  object itself is level 1, ``{"a": {"b": 1}}`` has 2); null means ``{}``. Deeper values were
  once stored and then broke every read of them; nothing needs more than a few levels.
- No text may contain the NUL character, which PostgreSQL cannot store.

``customer_key`` is what events are grouped by: ``customerId`` when given (stored as sent, not
looked up: no query on the hot path, and an id of no customer simply shows as ``unknown`` in
unique-customer-ids), else ``ext:<extCustomerId>``. Reads look a customer's events up by both
keys, so events sent by external id before the customer existed count for it once it exists.
"""

import json
import math
import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from billing.core.errors import Invalid
from billing.core.models import utcnow
from billing.core.timestamps import parse_timestamp

MAX_BATCH = 1000
MAX_PROPERTIES_BYTES = 16 * 1024
MAX_PROPERTIES_DEPTH = 8
MAX_VALUE = Decimal(10) ** 12
VALUE_RANGE = "between -1000000000000 and 1000000000000 (10^12)"
TEXT_LIMITS = {
    "idempotencyKey": 255,
    "eventName": 200,
    "customerId": 40,
    "extCustomerId": 200,
    "eventString": 1000,
}


@dataclass(frozen=True, slots=True)
class EventRow:
    """One validated event, in the columns of ``usage_events``."""

    merchant_id: str
    idempotency_key: str
    event_name: str
    customer_id: str | None
    ext_customer_id: str | None
    customer_key: str
    event_value: Decimal | None
    event_string: str | None
    properties: str
    event_timestamp: datetime


def _text(event: dict, name: str, prefix: str) -> str | None:
    value = event.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise Invalid(f"{prefix}{name} must be a string")
    if value == "" and name != "eventString":
        raise Invalid(f"{prefix}{name} must not be empty")
    if len(value) > TEXT_LIMITS[name]:
        raise Invalid(f"{prefix}{name} must be at most {TEXT_LIMITS[name]} characters")
    if "\x00" in value:
        raise Invalid(f"{prefix}{name} must not contain the NUL character")
    return value


def _value(event: dict, prefix: str) -> Decimal | None:
    value = event.get("eventValue")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Invalid(f"{prefix}eventValue must be a number")
    if isinstance(value, float) and not math.isfinite(value):
        raise Invalid(f"{prefix}eventValue must be a finite number")
    number = Decimal(str(value))
    if abs(number) > MAX_VALUE:
        raise Invalid(f"{prefix}eventValue must be {VALUE_RANGE}")
    return number


def depth(value) -> int:
    """How deeply objects and arrays nest in a decoded JSON value (a scalar is 0, ``{}`` 1),
    counted without recursion so no depth can exhaust the stack."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return deepest


def _properties(event: dict, prefix: str) -> str:
    value = event.get("properties")
    if value is None:
        return "{}"
    if not isinstance(value, dict):
        raise Invalid(f"{prefix}properties must be an object")
    if depth(value) > MAX_PROPERTIES_DEPTH:
        raise Invalid(f"{prefix}properties must not nest deeper than {MAX_PROPERTIES_DEPTH} levels")
    try:
        encoded = json.dumps(value, separators=(",", ":"), allow_nan=False)
    except ValueError:
        raise Invalid(f"{prefix}properties must not contain NaN or Infinity") from None
    if "\\u0000" in encoded:
        raise Invalid(f"{prefix}properties must not contain the NUL character")
    if len(encoded.encode()) > MAX_PROPERTIES_BYTES:
        raise Invalid(f"{prefix}properties must be at most {MAX_PROPERTIES_BYTES} bytes as JSON")
    return encoded


def stored_properties(text: str | None) -> dict:
    """Stored properties as an object. Events stored before the depth limit may nest deeper
    than an answer can encode: those read as ``{}`` (the event itself still counts)."""
    if not text:
        return {}
    try:
        value = json.loads(text)
    except RecursionError:
        return {}
    return value if depth(value) <= MAX_PROPERTIES_DEPTH else {}


def parse_event(merchant_id: str, event, prefix: str = "", now: datetime | None = None) -> EventRow:
    """An :class:`EventRow` from one request object, or :class:`Invalid` naming the field."""
    if not isinstance(event, dict):
        raise Invalid(f"{prefix.rstrip('.') or 'The body'} must be a JSON object")
    event_name = _text(event, "eventName", prefix)
    if event_name is None:
        raise Invalid(f"{prefix}eventName is required")
    customer_id = _text(event, "customerId", prefix)
    ext_customer_id = _text(event, "extCustomerId", prefix)
    if customer_id is None and ext_customer_id is None:
        raise Invalid(f"{prefix}customerId or extCustomerId is required")
    key = _text(event, "idempotencyKey", prefix) or str(uuid.uuid4())
    timestamp = parse_timestamp(event.get("eventTimestamp"), f"{prefix}eventTimestamp")
    return EventRow(
        merchant_id=merchant_id,
        idempotency_key=key,
        event_name=event_name,
        customer_id=customer_id,
        ext_customer_id=ext_customer_id,
        customer_key=customer_id if customer_id is not None else f"ext:{ext_customer_id}",
        event_value=_value(event, prefix),
        event_string=_text(event, "eventString", prefix),
        properties=_properties(event, prefix),
        event_timestamp=timestamp or now or utcnow(),
    )


def parse_batch(merchant_id: str, body) -> list[EventRow]:
    """Every event of ``{"events": [...]}``; the first invalid one fails the whole batch."""
    if not isinstance(body, dict):
        raise Invalid("The body must be a JSON object with an events array")
    events = body.get("events")
    if not isinstance(events, list):
        raise Invalid("events must be an array of usage events", field="events")
    if not events:
        raise Invalid("events must hold at least one event", field="events")
    if len(events) > MAX_BATCH:
        raise Invalid(f"A batch holds at most {MAX_BATCH} events (got {len(events)})")
    now = utcnow()
    return [
        parse_event(merchant_id, event, f"events[{index}].", now)
        for index, event in enumerate(events)
    ]
