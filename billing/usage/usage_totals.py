"""Usage totals: one metric's aggregate over the events of some customer keys in [start, end).

Two ways to the same answer:

- **Rollups** (``simple`` metrics without property filters, aggregations COUNT, SUM, MIN, MAX,
  AVG, LATEST). The intake keeps one ``usage_rollups`` row per customer key, event name and UTC
  hour, in the same statement that stores the events (``event_writer``). A window reads the
  whole hours it covers from those rows and only its partial-hour edges (``start`` up to the
  first whole hour, the last whole hour up to ``end``) from ``usage_events``, all in one
  statement, so a month of usage costs a few index range reads instead of a scan of every
  event. A busy customer's long window is shortened further by a checkpoint: its past (the
  first partial hour and the whole hours) added up once (``usage_checkpoints``), so the read
  adds only the hours since.
  ``start``/``end`` of None mean unbounded (timeframe ALL reads rollups only).
  AVG is the sum over the count of valued events (``value_count``), exactly what ``avg`` of
  the raw values computes. LATEST is the ``latest_value`` of the newest ``latest_at``.
- **Raw events** for everything else: UNIQUE_COUNT (distinct strings cannot be added up per
  hour), property filters (rollups do not keep properties), ``indexed`` metrics (they aggregate
  a property). ``complex`` metrics run in the sandbox of ``metric_values``, not here.

LATEST ties (several valued events at the newest timestamp): the later-stored event (higher
id) wins, as in the raw aggregate. Rollups keep that within a row: the writer takes the
newest value of a batch by ``event_timestamp DESC, id DESC`` and replaces a row's
``latest_value`` only with one at least as new (``>=``: a later write wins a tie, an older
event arriving late changes nothing); the back-fill recomputes rows with the same order.
Across rows (an hour holding events under both the customer's id and its ``ext:`` key, with
the same newest timestamp) the rollups cannot tell which event was stored last, so that case
reads the events at exactly that timestamp (one index probe). The one case left is two server
processes storing events with the identical timestamp for one customer key in the same instant:
the rollup keeps the one whose write committed last, which may not be the higher id.

The rollup path counts only events that have rollups: events loaded into ``usage_events``
around the intake need the back-fill (``rollup_backfill``) first.
"""

import json
from datetime import UTC, datetime, timedelta

from tortoise import connections

from billing.catalog import metric_sql
from billing.catalog.models import Metric
from billing.usage import usage_checkpoints
from billing.usage.rollup_sql import EVENT_TOTALS

ROLLUP_AGGREGATIONS = frozenset({"COUNT", "SUM", "MIN", "MAX", "AVG", "LATEST"})
HOUR = timedelta(hours=1)
SCOPE = "merchant_id = $1 AND customer_key = ANY($2::text[]) AND event_name = $3"

# The raw aggregate: one expression over the scoped events.
VALUE_OF = {
    "COUNT": "count({target})",
    "SUM": "sum({number})",
    "MIN": "min({number})",
    "MAX": "max({number})",
    "AVG": "avg({number})",
    "UNIQUE_COUNT": "count(DISTINCT {text})",
    "LATEST": "(array_agg({number} ORDER BY event_timestamp DESC, id DESC)"
    " FILTER (WHERE {number} IS NOT NULL))[1]",
}

# Part of a window's edge, summed up in the columns of a rollup row (and no hourly row): the
# events of the keys matching {keys} from {low} to {high}, unless {unless}.
EDGE_PART = f"""SELECT {EVENT_TOTALS}, 0
FROM usage_events WHERE merchant_id = $1 AND customer_key {{keys}} AND event_name = $3
    AND event_timestamp >= {{low}} AND event_timestamp < {{high}} AND NOT {{unless}}"""
ALL_KEYS = "= ANY($2::text[])"
# The whole hours from $4 to $5 (None: unbounded) of one customer key ({key}): its usable
# checkpoint ({saved}), then its hourly rows after it (``hourly`` counts them: a long sum
# writes a checkpoint).
WHOLE_HOURS = """SELECT event_count, value_count, value_sum, value_min, value_max,
    latest_value, latest_at, 0 FROM {saved}
UNION ALL
SELECT event_count, value_count, value_sum, value_min, value_max, latest_value, latest_at, 1
FROM usage_rollups WHERE customer_key = {key} AND merchant_id = $1 AND event_name = $3
    AND bucket_start >= coalesce((SELECT through FROM {saved}), $4::timestamptz, '-infinity')
    AND bucket_start < coalesce($5::timestamptz, 'infinity')"""
NOTHING = """SELECT 0::bigint, 0::bigint, NULL::numeric, NULL::numeric, NULL::numeric,
    NULL::numeric, NULL::timestamptz, 0 WHERE false"""
# The rollup-path answer over ``parts`` (n, vn, s, lo, hi, lv, la, hourly).
TOTAL_OF = {
    "COUNT": "SELECT coalesce(sum(n), 0)::bigint AS value FROM parts",
    "SUM": "SELECT sum(s) AS value FROM parts",
    "MIN": "SELECT min(lo) AS value FROM parts",
    "MAX": "SELECT max(hi) AS value FROM parts",
    "AVG": "SELECT sum(s) / nullif(sum(vn), 0) AS value FROM parts",
    "LATEST": f"""SELECT CASE WHEN count(*) > 1 THEN (SELECT event_value FROM usage_events
        WHERE {SCOPE} AND event_timestamp = max(p.la) AND event_value IS NOT NULL
        ORDER BY id DESC LIMIT 1) ELSE max(p.lv) END AS value
    FROM parts p WHERE p.la = (SELECT max(la) FROM parts)""",
}


def uses_rollups(metric: Metric) -> bool:
    """Whether the metric's value can be added up from hourly rollups."""
    return (
        metric.query_type == "simple"
        and not metric.property_filters
        and metric.aggregation_type in ROLLUP_AGGREGATIONS
    )


async def usage(
    merchant_id: str,
    metric: Metric,
    *,
    keys: list[str],
    start: datetime | None,
    end: datetime | None,
):
    """The value of a ``simple`` or ``indexed`` metric over the events of ``keys`` with
    ``start <= event_timestamp < end`` (None: unbounded); None when there is nothing to
    aggregate (COUNT and UNIQUE_COUNT: 0)."""
    if metric.query_type == "complex":
        raise ValueError("complex metrics run in the metric_values sandbox")
    if uses_rollups(metric):
        return await rollup_usage(merchant_id, metric, keys=keys, start=start, end=end)
    return await raw_usage(merchant_id, metric, keys=keys, start=start, end=end)


def floor_hour(moment: datetime) -> datetime:
    return moment.astimezone(UTC).replace(minute=0, second=0, microsecond=0)


def ceil_hour(moment: datetime) -> datetime:
    floor = floor_hour(moment)
    return floor if floor == moment else floor + HOUR


def edge(keys: str, low: int, high: int, unless: str = "false") -> str:
    """An ``EDGE_PART`` between parameters ``low`` and ``high``."""
    return EDGE_PART.format(keys=keys, low=f"${low}", high=f"${high}", unless=unless)


async def rollup_usage(
    merchant_id: str,
    metric: Metric,
    *,
    keys: list[str],
    start: datetime | None,
    end: datetime | None,
):
    """The rollup path (see the module docstring); only for :func:`uses_rollups` metrics.
    A read that added up more than ``REFRESH_HOURS`` hourly rows of a window reaching the
    present writes checkpoints, so the next read of that window adds up only what came since."""
    first = ceil_hour(start) if start is not None else None
    last = floor_hour(end) if end is not None else None
    keys = list(dict.fromkeys(keys))  # each key once, however the caller listed them
    args: list = [merchant_id, keys, metric.event_name, first, last, start]
    within_an_hour = first is not None and last is not None and first >= last
    saved, parts = [], []
    for number in range(1, len(keys) + 1):
        names = {"name": f"saved{number}", "key": f"($2::text[])[{number}]"}
        saved.append(usage_checkpoints.SAVED.format(**names))
        parts.append(WHOLE_HOURS.format(saved=names["name"], key=names["key"]))
        if start is not None and start < first and not within_an_hour:
            # the first partial hour, unless the checkpoint holds it
            unless = f"EXISTS (SELECT FROM {names['name']})"
            parts.append(edge(f"= {names['key']}", 6, 4, unless))
    if within_an_hour:  # no whole hour inside the window: its events, read directly
        edges = [(start, end)] if start < end else []
    else:
        edges = [(last, end)] if end is not None and last < end else []
    for low, high in edges:
        args += [low, high]
        parts.append(edge(ALL_KEYS, len(args) - 1, len(args)))
    union = "\nUNION ALL\n".join(f"({part})" for part in parts or [NOTHING])
    ctes = [
        *saved,
        f"parts (n, vn, s, lo, hi, lv, la, hourly) AS ({union})",
        f"total AS ({TOTAL_OF[metric.aggregation_type]})",
    ]
    sql = "WITH " + ",\n".join(ctes) + "\nSELECT (SELECT value FROM total) AS value,"
    sql += " (SELECT sum(hourly) FROM parts) AS hours"
    rows = await connections.get("default").execute_query_dict(sql, args)
    hours = rows[0]["hours"] or 0
    if hours > usage_checkpoints.REFRESH_HOURS and (end is None or end > datetime.now(UTC)):
        await usage_checkpoints.save(merchant_id, metric.event_name, keys, start, first)
    return rows[0]["value"]


async def raw_usage(
    merchant_id: str,
    metric: Metric,
    *,
    keys: list[str],
    start: datetime | None,
    end: datetime | None,
):
    """One aggregate over the matching events themselves (every aggregation and filter)."""
    args: list = [merchant_id, keys, metric.event_name]
    if metric.query_type == "indexed" and metric.custom_query:
        args.append(metric_sql.validate_property_key(metric.custom_query))
        key = f"${len(args)}::text"
        number = (
            f"(CASE WHEN jsonb_typeof(properties -> {key}) = 'number' "
            f"THEN (properties ->> {key})::numeric END)"
        )
        text, target = f"(properties ->> {key})", f"(properties -> {key})"
    else:
        number, text, target = "event_value", "event_string", "*"
    expression = VALUE_OF[metric.aggregation_type].format(number=number, text=text, target=target)
    conditions = [SCOPE]
    if metric.property_filters:
        args.append(json.dumps(metric.property_filters))
        conditions.append(f"properties @> ${len(args)}::jsonb")
    if start is not None:
        args.append(start)
        conditions.append(f"event_timestamp >= ${len(args)}")
    if end is not None:
        args.append(end)
        conditions.append(f"event_timestamp < ${len(args)}")
    sql = f"SELECT {expression} AS value FROM usage_events WHERE {' AND '.join(conditions)}"
    rows = await connections.get("default").execute_query_dict(sql, args)
    return rows[0]["value"] if rows else None
