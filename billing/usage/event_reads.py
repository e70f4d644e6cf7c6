"""Reading usage events back: the explorer list, its count, the unique event names and
customers, and the per-day counts the dashboard charts.

Filters follow the spec: ``eventName`` and ``customerId`` take several values (comma-separated
or repeated); a ``customerId`` value matches a customer by internal or external id, and events
sent under either of that customer's keys (``<id>`` or ``ext:<external id>``, see
``event_inputs``), as well as events sent with that exact value for a customer that does not
exist (yet). ``startDate``/``endDate`` are inclusive; a bare date as ``endDate`` means the end
of that UTC day. Lists are newest first (event time, then the later-stored event).

Event names and customer keys come from ``usage_events`` by a loose index scan (one index probe
per distinct value), so they stay exact for events loaded around the intake and cheap however
many events each name has. The chart reads the hourly rollups, which the intake writes in the
same statement as the events.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from tortoise import connections

from billing.core.errors import Invalid
from billing.core.models import utcnow
from billing.core.timestamps import parse_timestamp
from billing.usage.event_inputs import stored_properties
from billing.usage.metric_values import json_number

DEFAULT_LIMIT, MAX_LIMIT = 100, 1000
MAX_FILTER_VALUES = 100
MAX_FILTER_TEXT = 255  # one eventName or customerId value
MAX_DIGITS = 9  # of limit and offset: an int4 always
LIMIT_RANGE = f"limit must be between 1 and {MAX_LIMIT}"
OFFSET_RANGE = "offset must be a whole number of 0 or more"
CHART_SERIES = 8  # event names drawn; the rest are summed as "other"


@dataclass(frozen=True)
class EventFilters:
    event_names: tuple[str, ...] = ()
    customer_ids: tuple[str, ...] = ()  # each matches an internal or an external id
    start: datetime | None = None  # inclusive
    end: datetime | None = None  # inclusive


def _values(values: Mapping[str, list[str]], name: str) -> tuple[str, ...]:
    found = [
        part.strip() for raw in values.get(name, []) for part in raw.split(",") if part.strip()
    ]
    unique = tuple(dict.fromkeys(found))
    if len(unique) > MAX_FILTER_VALUES:
        raise Invalid(f"{name} may list at most {MAX_FILTER_VALUES} values", field=name)
    if any(len(value) > MAX_FILTER_TEXT or "\x00" in value for value in unique):
        raise Invalid(f"{name} values must be at most {MAX_FILTER_TEXT} characters", field=name)
    return unique


def _moment(values: Mapping[str, list[str]], name: str, *, end: bool) -> datetime | None:
    raw = next((v.strip() for v in reversed(values.get(name, [])) if v.strip()), None)
    if raw is None:
        return None
    moment = parse_timestamp(raw, name)
    if end and len(raw) == 10:  # a bare date: the whole day is included
        moment = moment + timedelta(days=1, microseconds=-1)
    return moment


def parse_filters(values: Mapping[str, list[str]]) -> EventFilters:
    """The filters of a query string given as ``{name: [raw values]}``; Invalid names the
    field that is wrong."""
    filters = EventFilters(
        event_names=_values(values, "eventName"),
        customer_ids=_values(values, "customerId"),
        start=_moment(values, "startDate", end=False),
        end=_moment(values, "endDate", end=True),
    )
    if filters.start and filters.end and filters.start > filters.end:
        raise Invalid(
            "startDate must not be after endDate", code="dates_backwards", field="startDate"
        )
    return filters


def _whole(values: Mapping[str, list[str]], name: str, default: int, message: str) -> int:
    raw = next((v.strip() for v in reversed(values.get(name, [])) if v.strip()), None)
    if raw is None:
        return default
    if not raw.isdigit() or len(raw) > MAX_DIGITS:
        raise Invalid(message, field=name)
    return int(raw)


def parse_page(values: Mapping[str, list[str]]) -> tuple[int, int]:
    """(limit, offset): limit 100 by default and at most 1000, offset 0 by default."""
    limit = _whole(values, "limit", DEFAULT_LIMIT, LIMIT_RANGE)
    if not 1 <= limit <= MAX_LIMIT:
        raise Invalid(LIMIT_RANGE, code="limit_range", field="limit")
    return limit, _whole(values, "offset", 0, OFFSET_RANGE)


async def _query(sql: str, *args) -> list[dict]:
    return (await connections.get("default").execute_query(sql, list(args)))[1]


async def customer_keys(merchant_id: str, customer_ids: tuple[str, ...]) -> list[str]:
    """Every customer key the ``customerId`` filter values stand for."""
    rows = await _query(
        "SELECT id, external_customer_id FROM customers WHERE merchant_id = $1"
        " AND deleted_at IS NULL AND (id = ANY($2::text[]) OR external_customer_id = ANY($2))",
        merchant_id,
        list(customer_ids),
    )
    keys = [*customer_ids, *(f"ext:{value}" for value in customer_ids)]
    for row in rows:
        keys.append(row["id"])
        if row["external_customer_id"]:
            keys.append(f"ext:{row['external_customer_id']}")
    return list(dict.fromkeys(keys))


async def _where(merchant_id: str, filters: EventFilters, args: list) -> str:
    """The WHERE clause of ``filters`` over ``usage_events e``; appends its arguments."""
    args.append(merchant_id)
    clauses = ["e.merchant_id = $1"]
    if filters.event_names:
        args.append(list(filters.event_names))
        clauses.append(f"e.event_name = ANY(${len(args)}::text[])")
    if filters.customer_ids:
        args.append(await customer_keys(merchant_id, filters.customer_ids))
        clauses.append(f"e.customer_key = ANY(${len(args)}::text[])")
    if filters.start:
        args.append(filters.start)
        clauses.append(f"e.event_timestamp >= ${len(args)}")
    if filters.end:
        args.append(filters.end)
        clauses.append(f"e.event_timestamp <= ${len(args)}")
    return " AND ".join(clauses)


_LIST_SQL = """
SELECT e.id, e.idempotency_key, e.event_name, e.customer_id, e.ext_customer_id,
       e.event_value, e.event_string, e.properties::text AS properties, e.event_timestamp,
       e.received_at, c.id AS resolved_id
  FROM usage_events e
  LEFT JOIN LATERAL (
       SELECT id FROM customers c
        WHERE e.customer_id IS NULL AND c.merchant_id = e.merchant_id
          AND c.external_customer_id = e.ext_customer_id AND c.deleted_at IS NULL
        ORDER BY c.created_at DESC LIMIT 1) c ON true
 WHERE {where}
 ORDER BY e.event_timestamp DESC, e.id DESC
 LIMIT {limit} OFFSET {offset}
"""


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def event_json(row: dict) -> dict:
    """The API's event: ``customerId`` is the id the event was sent with or, for an event sent
    by external id, the customer that external id belongs to now (null while there is none);
    ``extCustomerId`` is as sent."""
    return {
        "id": str(row["id"]),
        "idempotencyKey": row["idempotency_key"],
        "eventName": row["event_name"],
        "customerId": row["customer_id"] or row["resolved_id"],
        "extCustomerId": row["ext_customer_id"],
        "eventValue": json_number(row["event_value"]),
        "eventString": row["event_string"],
        "properties": stored_properties(row["properties"]),
        "eventTimestamp": _iso(row["event_timestamp"]),
        "receivedAt": _iso(row["received_at"]),
    }


async def list_events(
    merchant_id: str, filters: EventFilters, *, limit: int = DEFAULT_LIMIT, offset: int = 0
) -> tuple[list[dict], bool]:
    """One page of events, newest first, and whether more follow."""
    args: list = []
    where = await _where(merchant_id, filters, args)
    sql = _LIST_SQL.format(where=where, limit=int(limit) + 1, offset=int(offset))
    rows = await _query(sql, *args)
    return [event_json(row) for row in rows[:limit]], len(rows) > limit


async def count_events(merchant_id: str, filters: EventFilters) -> int:
    args: list = []
    where = await _where(merchant_id, filters, args)
    rows = await _query(f"SELECT count(*) AS n FROM usage_events e WHERE {where}", *args)
    return rows[0]["n"]


def _distinct_sql(column: str) -> str:
    """A loose index scan: each step jumps to the next distinct value of ``column`` through the
    index that starts with (merchant_id, column)."""
    return f"""
WITH RECURSIVE found AS (
  (SELECT {column} AS value FROM usage_events WHERE merchant_id = $1 ORDER BY {column} LIMIT 1)
  UNION ALL
  SELECT (SELECT {column} FROM usage_events
           WHERE merchant_id = $1 AND {column} > found.value ORDER BY {column} LIMIT 1)
    FROM found WHERE found.value IS NOT NULL
)
SELECT value FROM found WHERE value IS NOT NULL"""


async def unique_event_names(merchant_id: str) -> list[str]:
    """Every event name the merchant has sent, sorted."""
    return [row["value"] for row in await _query(_distinct_sql("event_name"), merchant_id)]


# Two index lookups per key (by id, or by external id for ``ext:`` keys), never a scan.
_KEY_CUSTOMERS_SQL = """
SELECT k.key, c.id, c.external_customer_id, c.name, c.email
  FROM unnest($2::text[]) AS k(key)
  LEFT JOIN LATERAL (
       SELECT id, external_customer_id, name, email FROM customers c
        WHERE c.merchant_id = $1 AND c.deleted_at IS NULL AND k.key NOT LIKE 'ext:%'
          AND c.id = k.key
       UNION ALL
       (SELECT id, external_customer_id, name, email FROM customers c
         WHERE c.merchant_id = $1 AND c.deleted_at IS NULL AND k.key LIKE 'ext:%'
           AND c.external_customer_id = substr(k.key, 5)
         ORDER BY c.created_at DESC LIMIT 1)
        LIMIT 1) c ON true
"""


async def unique_customers(merchant_id: str) -> list[dict]:
    """One entry per customer with events. A key that belongs to a live customer is that
    customer (``type`` ``customer``; its id and external-id events are one entry); any other
    key is ``unknown`` with ``id`` the value the events were sent with (``externalId`` set for
    an external id, ``internalId`` for an internal one) and no name or email."""
    keys = [row["value"] for row in await _query(_distinct_sql("customer_key"), merchant_id)]
    rows = await _query(_KEY_CUSTOMERS_SQL, merchant_id, keys) if keys else []
    found: dict[str, dict] = {}
    for row in rows:
        key = row["key"]
        if row["id"] is not None:
            entry = {
                "id": row["id"],
                "externalId": row["external_customer_id"],
                "internalId": row["id"],
                "name": row["name"] or None,
                "email": row["email"],
                "type": "customer",
            }
        elif key.startswith("ext:"):
            entry = _unknown(key[4:], external=True)
        else:
            entry = _unknown(key, external=False)
        found.setdefault(f"{entry['type']}:{entry['id']}", entry)
    return sorted(found.values(), key=lambda entry: (entry["type"] != "customer", entry["id"]))


def _unknown(value: str, *, external: bool) -> dict:
    return {
        "id": value,
        "externalId": value if external else None,
        "internalId": None if external else value,
        "name": None,
        "email": None,
        "type": "unknown",
    }


async def daily_counts(
    merchant_id: str, filters: EventFilters, *, days: int = 30, today: date | None = None
) -> dict:
    """Events per UTC day per event name over the ``days`` days ending ``today`` (the filters'
    event names and customers apply; their dates do not). The ``CHART_SERIES`` busiest names
    get a series each, the others are summed as ``other``."""
    today = today or utcnow().date()
    first = today - timedelta(days=days - 1)
    start = datetime.combine(first, time(), tzinfo=UTC)
    args: list = [merchant_id, start, start + timedelta(days=days)]
    clauses = ["merchant_id = $1", "bucket_start >= $2", "bucket_start < $3"]
    if filters.event_names:
        args.append(list(filters.event_names))
        clauses.append(f"event_name = ANY(${len(args)}::text[])")
    if filters.customer_ids:
        args.append(await customer_keys(merchant_id, filters.customer_ids))
        clauses.append(f"customer_key = ANY(${len(args)}::text[])")
    rows = await _query(
        "SELECT event_name, (bucket_start AT TIME ZONE 'UTC')::date AS day,"
        " sum(event_count)::bigint AS n FROM usage_rollups"
        f" WHERE {' AND '.join(clauses)} GROUP BY 1, 2",
        *args,
    )
    day_list = [first + timedelta(days=i) for i in range(days)]
    index = {day: i for i, day in enumerate(day_list)}
    counts: dict[str, list[int]] = {}
    for row in rows:
        counts.setdefault(row["event_name"], [0] * days)[index[row["day"]]] += row["n"]
    ranked = sorted(counts, key=lambda name: (-sum(counts[name]), name))
    series = [{"eventName": name, "counts": counts[name]} for name in ranked[:CHART_SERIES]]
    if len(ranked) > CHART_SERIES:
        rest = [sum(counts[name][i] for name in ranked[CHART_SERIES:]) for i in range(days)]
        series.append({"eventName": "other", "counts": rest})
    return {"days": day_list, "series": series}
