"""Usage checkpoints: a running window's past added up once, so a check stays flat.

A credit grant's usage is a sum over the grant period. From hourly rollups that is one row per
active hour: five rows for a light customer, hundreds for a busy one late in its month (at
5,000,000 benchmark events, ~216 a customer, read from pages that no longer fit in memory),
plus the raw events of the period's first, partial hour. A checkpoint is one customer key's
usage of one event name added up from ``window_start`` (the window's exact start: the events
of its partial first hour, then its whole hours' rollups) to ``through``, so a check reads the
checkpoint and the few hours since (``usage_totals.rollup_usage``), nothing from weeks ago.
Only reads write checkpoints, and only when one had to add up more than ``REFRESH_HOURS``
hourly rows of a window reaching the present: light customers never get one, and the intake
writes nothing for timely events.

Staying right when the past changes after a checkpoint was read. The checkpoint keeps the
snapshot it was read in. Only two things change usage before ``through``: the intake storing
a *late* event (one older than ``cut(now())``, where ``cut(t)`` is the start of the hour
containing ``t - LATE_GRACE``) and the rollup back-fill. Both record their transaction id in
``usage_late_writes`` for the (customer key, event name) they touched, in the same
transaction. A checkpoint is used only while that id is visible in its snapshot
(``pg_visible_in_snapshot``): the row lock makes those writers commit in the order they
record, so the last recorded one being visible means every earlier one is too; a checkpoint
read before it is simply skipped, and that read writes a fresh one.

Why a timely event can never be missing from a checkpoint: ``save`` reads the start of the
oldest running transaction of this database first, then (a new statement, a new snapshot)
adds up what lies before ``through = cut(least(now(), oldest start))``. A writer whose event
lies before ``through`` and which the snapshot does not see either started after that first
read (so its ``now()`` is past ours and it calls the event late) or was running during it (so
its start is at least the oldest and it calls the event late too); one that ended before the
read is in the snapshot. So a snapshot misses only writes that marked themselves.

Checkpoints of windows that moved on (last month's grant) are pruned after ``KEEP_DAYS``
(``prune``, from the due-work pass); a pruned one that was still in use is rebuilt on the next
busy check. Marks are never pruned: a mark removed could make an old checkpoint look current,
and there is at most one per customer key and event name.
"""

from datetime import datetime, timedelta

from billing.core.db_access import delete_older_than, pool_client
from billing.usage.rollup_sql import EVENT_TOTALS, hour_of

LATE_GRACE = "15 minutes"  # events this late after their hour ended still count as timely
REFRESH_HOURS = 12  # a read adding up more hourly rows than this writes a checkpoint
KEEP_DAYS = 35


def cut(moment: str) -> str:
    """SQL: the start of the hour containing ``moment - LATE_GRACE``."""
    return hour_of(f"{moment} - interval '{LATE_GRACE}'")


# Record this transaction as the last late writer of each (customer key, event name) of
# ``source`` (columns merchant_id, customer_key, event_name); sorted so writers never deadlock.
MARK = """INSERT INTO usage_late_writes AS w (merchant_id, customer_key, event_name, last_xid,
        updated_at)
    SELECT DISTINCT merchant_id, customer_key, event_name, pg_current_xact_id()::text::bigint,
        now()
    FROM {source} ORDER BY 1, 2, 3
    ON CONFLICT (customer_key, merchant_id, event_name) DO UPDATE
        SET last_xid = EXCLUDED.last_xid, updated_at = EXCLUDED.updated_at"""

# The usable checkpoint (zero or one row) of one customer key ({key}) for a read over $1
# merchant, $3 event name, the window starting at $6 (None: unbounded) and whole hours up to
# $5 (None: unbounded). Every key column is compared with a parameter, never joined: the pool
# forces generic plans, and one planned while a table was young must still probe the unique
# index, not scan the merchant's rows.
SAVED = """{name} AS (
    SELECT c.through, c.event_count, c.value_count, c.value_sum, c.value_min, c.value_max,
        c.latest_value, c.latest_at
    FROM usage_checkpoints c
    WHERE c.customer_key = {key} AND c.merchant_id = $1 AND c.event_name = $3
        AND c.window_start = coalesce($6::timestamptz, '-infinity')
        AND c.through <= coalesce($5::timestamptz, 'infinity')
        AND NOT EXISTS (SELECT FROM usage_late_writes w WHERE w.customer_key = {key}
            AND w.merchant_id = $1 AND w.event_name = $3
            AND NOT pg_visible_in_snapshot(w.last_xid::text::xid8, c.snapshot::pg_snapshot))
)"""

OLDEST_START_SQL = """SELECT least(now(), min(xact_start)) FROM pg_stat_activity
WHERE datname = current_database() AND pid <> pg_backend_pid()
    AND backend_type = 'client backend'"""

# The checkpoint of key $2 (merchant $1, event name $3) for the window starting at $6 whose
# first whole hour is $4 (both None: unbounded), through ``cut($5)``: the raw events of the
# partial first hour and the rollups of the whole hours before ``through``.
SAVE_SQL = f"""
INSERT INTO usage_checkpoints AS c (merchant_id, customer_key, event_name, window_start,
    through, snapshot, event_count, value_count, value_sum, value_min, value_max,
    latest_value, latest_at, updated_at)
SELECT $1, $2, $3, coalesce($6::timestamptz, '-infinity'), b.through,
    pg_current_snapshot()::text, coalesce(sum(p.n), 0), coalesce(sum(p.vn), 0), sum(p.s),
    min(p.lo), max(p.hi),
    (array_agg(p.lv ORDER BY p.la DESC) FILTER (WHERE p.la IS NOT NULL))[1], max(p.la), now()
FROM (SELECT {cut("$5::timestamptz")} AS through) b,
LATERAL (
    SELECT event_count, value_count, value_sum, value_min, value_max, latest_value, latest_at
    FROM usage_rollups WHERE customer_key = $2 AND merchant_id = $1 AND event_name = $3
        AND bucket_start >= coalesce($4::timestamptz, '-infinity')
        AND bucket_start < b.through
    UNION ALL
    SELECT {EVENT_TOTALS}
    FROM usage_events WHERE customer_key = $2 AND merchant_id = $1 AND event_name = $3
        AND event_timestamp >= $6::timestamptz AND event_timestamp < $4::timestamptz
) p (n, vn, s, lo, hi, lv, la)
WHERE b.through > coalesce($4::timestamptz, '-infinity')
GROUP BY b.through
ON CONFLICT (customer_key, merchant_id, event_name, window_start) DO UPDATE SET
    through = EXCLUDED.through, snapshot = EXCLUDED.snapshot,
    event_count = EXCLUDED.event_count, value_count = EXCLUDED.value_count,
    value_sum = EXCLUDED.value_sum, value_min = EXCLUDED.value_min,
    value_max = EXCLUDED.value_max, latest_value = EXCLUDED.latest_value,
    latest_at = EXCLUDED.latest_at, updated_at = EXCLUDED.updated_at
WHERE EXCLUDED.through >= c.through
"""


async def save(
    merchant_id: str,
    event_name: str,
    keys: list[str],
    start: datetime | None,
    first: datetime | None,
):
    """Write (or move forward) the checkpoints of ``keys`` for windows starting at ``start``
    whose first whole hour is ``first`` (both None: unbounded). One READ COMMITTED
    transaction: every checkpoint is added up in a statement (a snapshot) that starts after
    the running transactions were read."""
    async with (
        pool_client().acquire_connection() as connection,
        connection.transaction(isolation="read_committed"),
    ):
        oldest = await connection.fetchval(OLDEST_START_SQL)
        for key in sorted(set(keys)):
            await connection.execute(SAVE_SQL, merchant_id, key, event_name, first, oldest, start)


async def prune(now: datetime) -> int:
    """Delete checkpoints no read has moved forward in ``KEEP_DAYS``."""
    return await delete_older_than("usage_checkpoints", "updated_at", now - timedelta(KEEP_DAYS))
