"""Measuring many usage windows at once: the quantities of a billing run's usage cycles.

A run bills hundreds of usage cycles per claim. Asking the metric once per cycle would cost a
round trip each, so the windows are grouped by metric and, where the metric's value can be
added up from hourly rollups (``usage_totals.uses_rollups``) with COUNT, SUM, MIN, MAX or AVG,
measured by one statement per metric: each window's whole hours from ``usage_rollups`` and its
partial-hour edges from ``usage_events``, exactly the parts ``usage_totals.rollup_usage`` adds
up for one window (checkpoints are only a shortcut to the same sums, so they are not read).
Every other metric (LATEST, UNIQUE_COUNT, property filters, ``indexed``, ``complex``) is
measured window by window through ``cycles.measured``, the path a single cycle takes.

Either way the answer per window is the one ``cycles.measured`` gives: none or a negative
value is 0, a window without a metric (or whose metric was deleted) is 0, and a metric that
fails raises, so the claim is retried on the next pass instead of billed as 0.
"""

import logging
from datetime import datetime
from decimal import Decimal

from tortoise import connections

from billing.catalog.models import Metric
from billing.core.db_access import as_columns
from billing.invoicing.cycles import UsageWindow, measured, quantity_of
from billing.usage.usage_totals import ceil_hour, floor_hour, uses_rollups

log = logging.getLogger("tally.billing")

BATCHED = {
    "COUNT": "coalesce(sum(n), 0)",
    "SUM": "sum(s)",
    "MIN": "min(lo)",
    "MAX": "max(hi)",
    "AVG": "sum(s) / nullif(sum(vn), 0)",
}

# $1 merchant, $2 event name, then one row per window and customer key: the window's index,
# the key, the window [t0, t1) and its whole hours [h0, h1) (h0 = h1 = t1 when the window holds
# no whole hour: then its events are read directly). Each part is an equality on the key, so
# every lookup is a range of the (merchant, customer key, event name, time) indexes, whatever
# plan the prepared statement settles on.
WINDOWS_SQL = """
WITH w AS (
  SELECT * FROM unnest($3::int[], $4::text[], $5::timestamptz[], $6::timestamptz[],
                       $7::timestamptz[], $8::timestamptz[]) AS w(i, k, t0, t1, h0, h1)
)
SELECT w.i, {value} AS value
FROM w CROSS JOIN LATERAL (
  SELECT r.event_count AS n, r.value_count AS vn, r.value_sum AS s, r.value_min AS lo,
         r.value_max AS hi
  FROM usage_rollups r
  WHERE r.merchant_id = $1 AND r.customer_key = w.k AND r.event_name = $2
    AND r.bucket_start >= w.h0 AND r.bucket_start < w.h1
  UNION ALL
  SELECT 1, (e.event_value IS NOT NULL)::int, e.event_value, e.event_value, e.event_value
  FROM usage_events e
  WHERE e.merchant_id = $1 AND e.customer_key = w.k AND e.event_name = $2
    AND e.event_timestamp >= w.t0 AND e.event_timestamp < w.h0
  UNION ALL
  SELECT 1, (e.event_value IS NOT NULL)::int, e.event_value, e.event_value, e.event_value
  FROM usage_events e
  WHERE e.merchant_id = $1 AND e.customer_key = w.k AND e.event_name = $2
    AND e.event_timestamp >= w.h1 AND e.event_timestamp < w.t1
) AS parts
GROUP BY w.i
"""


def _whole_hours(window: UsageWindow) -> tuple[datetime, datetime]:
    first, last = ceil_hour(window.measured_from), floor_hour(window.until)
    return (first, last) if first < last else (window.until, window.until)


async def _batched(merchant_id: str, metric: Metric, windows: list[UsageWindow]) -> dict:
    rows = [
        (i, key, window.measured_from, window.until, *_whole_hours(window))
        for i, window in enumerate(windows)
        for key in dict.fromkeys(window.customer_keys)
    ]
    columns = as_columns(rows, 6)
    sql = WINDOWS_SQL.format(value=BATCHED[metric.aggregation_type])
    answers = await connections.get("default").execute_query_dict(
        sql, [merchant_id, metric.event_name, *columns]
    )
    values = {row["i"]: row["value"] for row in answers}
    return {window: quantity_of(values.get(i)) for i, window in enumerate(windows)}


def _batchable(metric: Metric) -> bool:
    return uses_rollups(metric) and metric.aggregation_type in BATCHED


async def measure_windows(merchant_id: str, windows: list[UsageWindow]) -> dict:
    """The quantity of each of the merchant's ``windows`` (see the module docstring)."""
    quantities: dict[UsageWindow, Decimal] = {}
    by_metric: dict[str, list[UsageWindow]] = {}
    for window in dict.fromkeys(windows):
        if not window.metric_id or window.until <= window.measured_from:
            quantities[window] = Decimal(0)
        else:
            by_metric.setdefault(window.metric_id, []).append(window)
    metrics = {
        metric.id: metric
        for metric in await Metric.scoped(merchant_id).filter(id__in=list(by_metric))
    }
    for metric_id, group in by_metric.items():
        metric = metrics.get(metric_id)
        if metric is not None and _batchable(metric):
            quantities.update(await _batched(merchant_id, metric, group))
        else:  # one at a time (a missing metric is 0 there, with its warning)
            for window in group:
                quantities[window] = await measured(merchant_id, window)
    return quantities
