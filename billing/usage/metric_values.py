"""Metric values: one customer's usage of one metric over a timeframe.

Which events: the merchant's events whose ``customer_key`` is the customer's id or
``ext:<its external id>`` (events sent before the customer existed count too).

Timeframe (our design; the spec names only ``{type}``): ``ALL`` (default, every event),
``CURRENT_PERIOD`` (the customer's live subscription's ``current_period_start`` up to
``current_period_end``; a customer without one is a 400, since "no period" is not "all time")
or ``CUSTOM`` with ``start`` and ``end`` ISO 8601 timestamps (start inclusive, end exclusive).
The answer echoes ``{type, start, end}`` (null bounds for ``ALL``).

Aggregations by query type:

- ``simple``: the events of the metric's event name whose ``properties`` contain every pair of
  the metric's ``propertyFilters`` (none: all of them); COUNT (events), SUM / MIN / MAX / AVG
  of ``eventValue``, UNIQUE_COUNT of distinct ``eventString``, LATEST (``eventValue`` of the
  newest ``eventTimestamp``; the later-stored event wins a tie).
- ``indexed``: the same events, aggregated over the property whose key the metric's
  ``customQuery`` holds (validated as an identifier). COUNT counts events carrying the key,
  UNIQUE_COUNT distinct property values (as text), the numeric aggregations use only values that
  are JSON numbers. An indexed metric without a key aggregates ``eventValue`` like ``simple``.
- ``complex``: the merchant's SQL over the ``events`` view (see ``metric_sql``), run by
  ``metric_sandbox`` (a pool and database role of its own, a 1-second statement timeout, at
  most two queries of a merchant at once per process); the value is the first column of the
  first row (no row: null) and must be a number. A failing query answers 400 with a message of
  ours (never the database's text, which is logged); a merchant over its limit 429, a sandbox
  that is full or not set up 503.

``simple`` and ``indexed`` values come from ``usage_totals``: unfiltered simple COUNT, SUM,
MIN, MAX, AVG and LATEST add up hourly rollups plus the window's partial-hour edges, the rest
aggregate the raw events; both answer the same. Empty sets: COUNT and UNIQUE_COUNT are 0, the
others null. Values are JSON numbers (integers when whole). Entitlements use
:func:`usage_or_zero`, where any failing query is zero usage (spec resolution rule 4).
"""

import logging
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from billing.catalog import metric_sql
from billing.catalog.metrics import get_metric
from billing.catalog.models import Metric
from billing.core.errors import Invalid
from billing.core.lookup import find_scoped
from billing.core.timestamps import parse_timestamp
from billing.customers.customers import CUSTOMER_NOT_FOUND
from billing.customers.models import Customer
from billing.subscriptions.models import Subscription
from billing.usage import metric_sandbox, usage_totals

log = logging.getLogger("tally.metrics")

TIMEFRAMES = ("ALL", "CURRENT_PERIOD", "CUSTOM")


@dataclass(frozen=True)
class Timeframe:
    type: str
    start: datetime | None = None
    end: datetime | None = None


def customer_keys(customer: Customer) -> list[str]:
    """The ``customer_key`` values of a customer's events."""
    keys = [customer.id]
    if customer.external_customer_id:
        keys.append(f"ext:{customer.external_customer_id}")
    return keys


def _timeframe_type(timeframe) -> tuple[str, object, object]:
    """(type, start, end) from a type name, or a dict ``{"type", "start", "end"}``."""
    if isinstance(timeframe, dict):
        return timeframe.get("type") or "ALL", timeframe.get("start"), timeframe.get("end")
    return timeframe or "ALL", None, None


async def resolve_timeframe(
    merchant_id: str, customer: Customer, timeframe=None, start=None, end=None
) -> Timeframe:
    kind, dict_start, dict_end = _timeframe_type(timeframe)
    start, end = start if start is not None else dict_start, end if end is not None else dict_end
    if not isinstance(kind, str) or kind.upper() not in TIMEFRAMES:
        raise Invalid(f"timeframe must be one of: {', '.join(TIMEFRAMES)}", field="timeframe")
    kind = kind.upper()
    if kind != "CUSTOM":
        if start is not None or end is not None:
            raise Invalid("start and end are only used with timeframe CUSTOM", field="start")
        if kind == "ALL":
            return Timeframe("ALL")
        subscription = (
            await Subscription.scoped(merchant_id)
            .filter(customer_id=customer.id)
            .order_by("-created_at")
            .first()
        )
        if subscription is None:
            raise Invalid(
                "The customer has no live subscription, so there is no current period; "
                "use timeframe ALL or CUSTOM"
            )
        return Timeframe(kind, subscription.current_period_start, subscription.current_period_end)
    if start is None or end is None:
        raise Invalid("timeframe CUSTOM needs both start and end")
    first, last = parse_timestamp(start, "start"), parse_timestamp(end, "end")
    if first >= last:
        raise Invalid("start must be before end", field="start")
    return Timeframe(kind, first, last)


async def _run_complex(merchant_id: str, metric: Metric, keys: list[str], timeframe: Timeframe):
    safe = metric_sql.sanitize(metric.custom_query or "")
    sql = metric_sql.wrap(
        safe, with_start=timeframe.start is not None, with_end=timeframe.end is not None
    )
    args = [merchant_id, keys] + [t for t in (timeframe.start, timeframe.end) if t is not None]
    row = await metric_sandbox.first_row(merchant_id, metric.id, sql, args)
    value = row[0] if row is not None and len(row) else None
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, (int, float, Decimal))
    ):
        raise Invalid("The metric query must return one number")
    return value


async def compute(
    merchant_id: str, metric: Metric, *, keys: list[str], timeframe: Timeframe
) -> Decimal | int | float | None:
    """The raw value of ``metric`` over the events with these customer keys: complex metrics in
    the sandbox, the others through ``usage_totals`` (hourly rollups where they suffice)."""
    if metric.query_type == "complex":
        return await _run_complex(merchant_id, metric, keys, timeframe)
    return await usage_totals.usage(
        merchant_id, metric, keys=keys, start=timeframe.start, end=timeframe.end
    )


async def usage_or_zero(
    merchant_id: str, metric: Metric, *, keys: list[str], timeframe: Timeframe
) -> Decimal:
    """Usage for entitlements: a failing or empty metric counts as zero (resolution rule 4)."""
    try:
        value = await compute(merchant_id, metric, keys=keys, timeframe=timeframe)
    except Exception:
        log.warning("metric %s failed; counted as zero usage", metric.id, exc_info=True)
        return Decimal(0)
    return Decimal(str(value)) if value is not None else Decimal(0)


def json_number(value) -> int | float | None:
    if value is None:
        return None
    number = Decimal(str(value))
    if not number.is_finite():
        return None
    return int(number) if number == number.to_integral_value() else float(number)


async def metric_value(
    merchant_id: str, metric_id: str, *, customer_id, timeframe=None, start=None, end=None
) -> dict:
    """``{id, name, customerId, value, queryType, timeframe: {type, start, end}}`` (datetimes
    in the timeframe; the route writes them as ISO text)."""
    metric = await get_metric(merchant_id, metric_id)
    if customer_id is None or customer_id == "":
        raise Invalid("customerId is required", code="required", field="customerId")
    customer = await find_scoped(Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND)
    frame = await resolve_timeframe(merchant_id, customer, timeframe, start, end)
    value = await compute(merchant_id, metric, keys=customer_keys(customer), timeframe=frame)
    return {
        "id": metric.id,
        "name": metric.name,
        "customerId": customer.id,
        "value": json_number(value),
        "queryType": metric.query_type,
        "timeframe": {"type": frame.type, "start": frame.start, "end": frame.end},
    }
