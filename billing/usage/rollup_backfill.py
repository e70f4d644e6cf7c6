"""The rollup back-fill (``POST /v1/trigger/events-backfill``, ``tally backfill-events``).

Our intake has one stage: an event and its rollup change are written by the same statement, so
in normal operation rollups are never behind and a back-fill inserts nothing. Events can still
reach ``usage_events`` another way (a bulk load from a previous billing system, a restore of
that table alone), and then their rollups are missing. The back-fill walks each merchant's
events in id order from a stored cursor (``usage_rollup_cursors``), at most ``batchSize`` per
merchant and call, stopping at events received less than ``cutoffSeconds`` ago; for every hour
bucket those events touch it recomputes the rollup from the events themselves and writes it
where it is missing or differs. ``scanned`` counts the events walked, ``inserted`` the rollup
rows created or corrected. Recomputing (never adding) makes it idempotent, and it holds the
intake's advisory lock exclusively while it runs, so no event can land in a bucket between its
read and its write. Every rollup it changes is recorded as a late write
(``usage_checkpoints``), so no checkpoint read before the change is used after it.

Through the API it always runs for the caller's own merchant (``merchantId`` may only name
that one); the CLI runs it for every merchant.
"""

from dataclasses import dataclass

from billing.accounts.models import Merchant
from billing.core.db_access import pool_client
from billing.core.errors import Invalid, NotFound
from billing.usage import usage_checkpoints
from billing.usage.event_writer import ROLLUP_LOCK
from billing.usage.rollup_sql import EVENT_TOTALS, hour_of

DEFAULT_BATCH, MAX_BATCH, DEFAULT_CUTOFF = 500, 5000, 60

SCAN_SQL = f"""
SELECT id, customer_key, event_name, {hour_of("event_timestamp")} AS bucket_start,
    received_at < now() - make_interval(secs => $4) AS settled
FROM usage_events WHERE merchant_id = $1 AND id > $2 ORDER BY id LIMIT $3
"""

RECOMPUTE_SQL = """
WITH buckets AS (
    SELECT DISTINCT * FROM unnest($2::text[], $3::text[], $4::timestamptz[])
        AS b(customer_key, event_name, bucket_start)
),
truth AS (
    SELECT b.customer_key, b.event_name, b.bucket_start, {totals}
    FROM buckets b JOIN usage_events e ON e.merchant_id = $1
        AND e.customer_key = b.customer_key AND e.event_name = b.event_name
        AND e.event_timestamp >= b.bucket_start
        AND e.event_timestamp < b.bucket_start + interval '1 hour'
    GROUP BY 1, 2, 3
),
written AS (
INSERT INTO usage_rollups AS r (merchant_id, customer_key, event_name, bucket_start,
    event_count, value_count, value_sum, value_min, value_max, latest_value, latest_at)
SELECT $1, * FROM truth ORDER BY 2, 3, 4
ON CONFLICT (merchant_id, customer_key, event_name, bucket_start) DO UPDATE SET
    event_count = EXCLUDED.event_count, value_count = EXCLUDED.value_count,
    value_sum = EXCLUDED.value_sum, value_min = EXCLUDED.value_min,
    value_max = EXCLUDED.value_max, latest_value = EXCLUDED.latest_value,
    latest_at = EXCLUDED.latest_at
WHERE (r.event_count, r.value_count, r.value_sum, r.value_min, r.value_max, r.latest_value,
    r.latest_at) IS DISTINCT FROM (EXCLUDED.event_count, EXCLUDED.value_count,
    EXCLUDED.value_sum, EXCLUDED.value_min, EXCLUDED.value_max, EXCLUDED.latest_value,
    EXCLUDED.latest_at)
RETURNING r.merchant_id, r.customer_key, r.event_name
),
marked AS ({mark})
SELECT 1 FROM written
""".format(totals=EVENT_TOTALS, mark=usage_checkpoints.MARK.format(source="written"))


@dataclass(frozen=True)
class BackfillResult:
    scanned: int = 0
    inserted: int = 0

    def __add__(self, other: "BackfillResult") -> "BackfillResult":
        return BackfillResult(self.scanned + other.scanned, self.inserted + other.inserted)


def _whole_number(params: dict, name: str, default: int, low: int, high: int) -> int:
    value = params.get(name)
    if value is None or value == "":
        return default
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Invalid(
            f"{name} must be a whole number from {low} to {high}",
            code="whole_number_range",
            field=name,
        )
    return value


async def backfill_request(merchant_id: str, params: dict) -> BackfillResult:
    """The API form: parameters checked, always the caller's own merchant."""
    batch_size = _whole_number(params, "batchSize", DEFAULT_BATCH, 1, MAX_BATCH)
    cutoff = _whole_number(params, "cutoffSeconds", DEFAULT_CUTOFF, 0, 10 * 365 * 86400)
    asked = params.get("merchantId")
    if asked not in (None, "", merchant_id):
        raise NotFound("Merchant not found or access denied", code="merchant_not_found")
    return await backfill_merchant(merchant_id, batch_size=batch_size, cutoff_seconds=cutoff)


async def backfill_merchant(
    merchant_id: str, *, batch_size: int = DEFAULT_BATCH, cutoff_seconds: int = DEFAULT_CUTOFF
) -> BackfillResult:
    """One batch of one merchant's events, in one transaction."""
    async with pool_client().acquire_connection() as connection, connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1::bigint)", ROLLUP_LOCK)
        await connection.execute(
            "INSERT INTO usage_rollup_cursors (merchant_id, last_event_id, updated_at)"
            " VALUES ($1, 0, now()) ON CONFLICT (merchant_id) DO NOTHING",
            merchant_id,
        )
        cursor = await connection.fetchval(
            "SELECT last_event_id FROM usage_rollup_cursors WHERE merchant_id = $1 FOR UPDATE",
            merchant_id,
        )
        rows = await connection.fetch(
            SCAN_SQL, merchant_id, cursor, batch_size, float(cutoff_seconds)
        )
        settled = []
        for row in rows:
            if not row["settled"]:
                break
            settled.append(row)
        if not settled:
            return BackfillResult()
        written = await connection.fetch(
            RECOMPUTE_SQL,
            merchant_id,
            [row["customer_key"] for row in settled],
            [row["event_name"] for row in settled],
            [row["bucket_start"] for row in settled],
        )
        await connection.execute(
            "UPDATE usage_rollup_cursors SET last_event_id = $2, updated_at = now()"
            " WHERE merchant_id = $1",
            merchant_id,
            settled[-1]["id"],
        )
    return BackfillResult(scanned=len(settled), inserted=len(written))


async def backfill_all(
    *, batch_size: int = DEFAULT_BATCH, cutoff_seconds: int = DEFAULT_CUTOFF
) -> BackfillResult:
    """One batch for every merchant (the CLI's admin form)."""
    total = BackfillResult()
    for merchant_id in await Merchant.all().values_list("id", flat=True):
        total += await backfill_merchant(
            merchant_id, batch_size=batch_size, cutoff_seconds=cutoff_seconds
        )
    return total
