"""Group commit for usage events: many requests, one durable database write.

Every ``POST /v1/events`` awaits :func:`store`. While one write is in flight, the rows of the
requests that arrive meanwhile wait in a queue; when the write commits, the next write takes
everything queued (up to ``MAX_ROWS``) at once. A quiet server writes each event alone, with no
added delay; a busy one writes hundreds per statement, so throughput follows the database's
batch-insert rate instead of its commit rate. A caller's 202 is sent only after the commit of
the write holding its rows (``synchronous_commit`` stays on), so "accepted" always means stored.

A request of ``SOLO_ROWS`` events or more (a big batch) is a group already: it skips the queue
and writes at once on its own pooled connection, so several big batches are stored side by side
and PostgreSQL uses every core (one queue kept it to one statement at a time: 25,000 against
31,500 events/s in the batch benchmark).

One statement does the whole write, so it is a single implicit transaction and one round trip:

1. takes a shared advisory lock (the rollup back-fill takes it exclusively while it recomputes),
2. claims the idempotency keys: new keys are inserted, and a key older than 24 hours is
   renewed (the spec's dedup window); a key seen within 24 hours is a duplicate,
3. inserts the events whose key it claimed,
4. adds those events to their hourly rollups (``INSERT ... ON CONFLICT DO UPDATE``),
5. records itself as a late writer for the customers of events whose hour has passed
   (``usage_checkpoints``; timely events, nearly all of them, write nothing here).

Keys, rollups and late marks are written in sorted order so concurrent writers (other server
processes) never deadlock; a deadlock or serialization failure is still retried once.
Duplicates within one write (the same key twice) are resolved here first: the first occurrence
is stored.

If a grouped write fails, each request's rows are written on their own so one request's
problem never fails the others. Validation (``event_inputs``) keeps that path theoretical.
"""

import asyncio
import logging
import weakref
from collections.abc import Sequence

import asyncpg

from billing.core.db_access import pool_client
from billing.usage import usage_checkpoints
from billing.usage.event_inputs import EventRow
from billing.usage.rollup_sql import EVENT_TOTALS, hour_of

log = logging.getLogger("tally.events")

MAX_ROWS = 5000
SOLO_ROWS = 500  # a request this big is a group already: it writes at once, on its own
ROLLUP_LOCK = 727_001  # advisory lock id shared with the rollup back-fill

WRITE_SQL = """
WITH gate AS (SELECT pg_advisory_xact_lock_shared($12::bigint)),
incoming AS (
    SELECT t.* FROM gate, unnest(
        $1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
        $7::numeric[], $8::text[], $9::jsonb[], $10::timestamptz[], $11::int[]
    ) AS t(merchant_id, idempotency_key, event_name, customer_id, ext_customer_id, customer_key,
           event_value, event_string, properties, event_timestamp, position)
),
claimed AS (
    INSERT INTO usage_idempotency_keys (merchant_id, idempotency_key, created_at)
    SELECT merchant_id, idempotency_key, now() FROM incoming
    ORDER BY merchant_id, idempotency_key
    ON CONFLICT (merchant_id, idempotency_key) DO UPDATE SET created_at = EXCLUDED.created_at
        WHERE usage_idempotency_keys.created_at < EXCLUDED.created_at - interval '24 hours'
    RETURNING merchant_id, idempotency_key
),
stored AS (
    INSERT INTO usage_events (merchant_id, idempotency_key, event_name, customer_id,
        ext_customer_id, customer_key, event_value, event_string, properties, event_timestamp,
        received_at)
    SELECT i.merchant_id, i.idempotency_key, i.event_name, i.customer_id, i.ext_customer_id,
        i.customer_key, i.event_value, i.event_string, i.properties, i.event_timestamp, now()
    FROM incoming i JOIN claimed c USING (merchant_id, idempotency_key)
    ORDER BY i.position
    RETURNING id, merchant_id, idempotency_key, customer_key, event_name, event_value,
        event_timestamp
),
rolled AS (
    INSERT INTO usage_rollups AS r (merchant_id, customer_key, event_name, bucket_start,
        event_count, value_count, value_sum, value_min, value_max, latest_value, latest_at)
    SELECT merchant_id, customer_key, event_name, {hour}, {totals}
    FROM stored GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, customer_key, event_name, bucket_start) DO UPDATE SET
        event_count = r.event_count + EXCLUDED.event_count,
        value_count = r.value_count + EXCLUDED.value_count,
        value_sum = CASE WHEN r.value_sum IS NULL THEN EXCLUDED.value_sum
            WHEN EXCLUDED.value_sum IS NULL THEN r.value_sum
            ELSE r.value_sum + EXCLUDED.value_sum END,
        value_min = LEAST(r.value_min, EXCLUDED.value_min),
        value_max = GREATEST(r.value_max, EXCLUDED.value_max),
        latest_value = CASE WHEN EXCLUDED.latest_at IS NOT NULL
            AND (r.latest_at IS NULL OR EXCLUDED.latest_at >= r.latest_at)
            THEN EXCLUDED.latest_value ELSE r.latest_value END,
        latest_at = GREATEST(r.latest_at, EXCLUDED.latest_at)
),
late AS (SELECT * FROM stored WHERE event_timestamp < {late_cut}),
marked AS ({mark})
SELECT merchant_id, idempotency_key FROM stored
""".format(
    hour=hour_of("event_timestamp"),
    totals=EVENT_TOTALS,
    late_cut=usage_checkpoints.cut("now()"),
    mark=usage_checkpoints.MARK.format(source="late"),
)


def _columns(rows: Sequence[EventRow]) -> list:
    return [
        [row.merchant_id for row in rows],
        [row.idempotency_key for row in rows],
        [row.event_name for row in rows],
        [row.customer_id for row in rows],
        [row.ext_customer_id for row in rows],
        [row.customer_key for row in rows],
        [row.event_value for row in rows],
        [row.event_string for row in rows],
        [row.properties for row in rows],
        [row.event_timestamp for row in rows],
        list(range(len(rows))),
        ROLLUP_LOCK,
    ]


async def write_rows(rows: Sequence[EventRow]) -> set[tuple[str, str]]:
    """Store ``rows`` (distinct keys) in one statement; answer the (merchant, key) pairs that
    were new. Retried once on a deadlock or serialization failure."""
    for attempt in (1, 2):
        try:
            async with pool_client().acquire_connection() as connection:
                records = await connection.fetch(WRITE_SQL, *_columns(rows))
            return {(record[0], record[1]) for record in records}
        except (asyncpg.DeadlockDetectedError, asyncpg.SerializationError):
            if attempt == 2:
                raise
            log.warning("event write hit a deadlock; retrying once")
    raise AssertionError("unreachable")


def _first_occurrences(rows: list[EventRow]) -> list[EventRow]:
    seen: set[tuple[str, str]] = set()
    unique = []
    for row in rows:
        pair = (row.merchant_id, row.idempotency_key)
        if pair not in seen:
            seen.add(pair)
            unique.append(row)
    return unique


def _flags(rows: list[EventRow], new: set[tuple[str, str]]) -> list[bool]:
    """For each row, whether it was stored: its pair is in ``new`` (which this consumes, so a
    later row with the same key counts as a duplicate)."""
    flags = []
    for row in rows:
        pair = (row.merchant_id, row.idempotency_key)
        flags.append(pair in new)
        new.discard(pair)
    return flags


class EventWriter:
    """The group-commit queue of one event loop (one per server process)."""

    def __init__(self) -> None:
        self._queue: list[tuple[list[EventRow], asyncio.Future]] = []
        self._flusher: asyncio.Task | None = None

    async def store(self, rows: list[EventRow]) -> list[bool]:
        """Store ``rows`` durably; for each, whether it was new (False: a duplicate key)."""
        if len(rows) >= SOLO_ROWS:
            return _flags(rows, await write_rows(_first_occurrences(rows)))
        future = asyncio.get_running_loop().create_future()
        self._queue.append((rows, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return await asyncio.shield(future)

    def _take(self) -> list[tuple[list[EventRow], asyncio.Future]]:
        taken, count = [], 0
        while self._queue and (not taken or count + len(self._queue[0][0]) <= MAX_ROWS):
            item = self._queue.pop(0)
            taken.append(item)
            count += len(item[0])
        return taken

    async def _flush(self) -> None:
        while self._queue:
            group = self._take()
            try:
                await self._write_group(group)
            except Exception as error:  # noqa: BLE001 - handed to every waiting request
                for _, future in group:
                    if not future.done():
                        future.set_exception(error)

    async def _write_group(self, group) -> None:
        every_row = [row for rows, _ in group for row in rows]
        try:
            new = await write_rows(_first_occurrences(every_row))
        except Exception:
            if len(group) == 1:
                raise
            log.warning("grouped event write failed; writing each request alone", exc_info=True)
            for item in group:
                try:
                    await self._write_group([item])
                except Exception as error:  # noqa: BLE001 - this request's own failure
                    if not item[1].done():
                        item[1].set_exception(error)
            return
        for rows, future in group:
            flags = _flags(rows, new)
            if not future.done():
                future.set_result(flags)


_writers: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, EventWriter]" = (
    weakref.WeakKeyDictionary()
)


async def store(rows: list[EventRow]) -> list[bool]:
    """Store rows through this event loop's group-commit writer."""
    loop = asyncio.get_running_loop()
    writer = _writers.get(loop)
    if writer is None:
        writer = _writers[loop] = EventWriter()
    return await writer.store(rows)
