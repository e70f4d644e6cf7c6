"""The sender's reads and writes: claiming due deliveries under a lease, and recording what
their attempts came to. Each is one short statement or transaction, never held across HTTP.

Claiming: one statement picks due deliveries (pending, ``next_attempt_at <= now``, endpoint
enabled and not deleted, no lease running) with ``FOR NO KEY UPDATE SKIP LOCKED`` and leases them,
``leased_until`` the database's present + ``LEASE``; it commits at once. Another process
neither waits for them nor finds them free any more, and no connection is held while they are
posted. The lease runs on the database's clock, not the pass's: a ``run-due --now`` years
ahead (the test clock) still leaves alone what a live sender is posting. A process that dies
mid-send leaves them free again when the lease ends (so a receiver may, rarely, see one
twice: it drops it by ``webhook-id``). The pick takes each endpoint's deliveries in turn (the
first of every endpoint, then the second, ...) and at most ``room`` more of an endpoint than
the sender has in hand, so a receiver with a backlog cannot fill a claim and hold the others
back.

Recording: for a batch of finished attempts, one transaction inserts their ``WebhookAttempt``
rows, moves each delivery on (succeeded; due again after the next wait of ``SCHEDULE``;
failed after the last) and updates each endpoint's failure streak: any success clears
``failing_since``, a failure sets it when unset, and a failure when the streak is already
``DISABLE_AFTER`` old disables the endpoint, saying why. The earliest retry is announced to the
due loops (``due_signal.due_at``) so it goes out about on time, not at their next pass.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from tortoise import connections
from tortoise.transactions import in_transaction

from billing.core import due_signal
from billing.core.ids import new_id
from billing.event_log.models import DeliveryStatus, EndpointStatus
from billing.webhooks.posting import Outcome, body_of

LEASE = timedelta(seconds=60)
SCHEDULE = tuple(
    timedelta(seconds=s) for s in (5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600)
)
DISABLE_AFTER = timedelta(days=5)

# ``ready``: the enabled endpoints with room (``$5`` less what the pass holds of each);
# ``due``: the oldest due deliveries of each, locked with SKIP LOCKED through the partial index
# (endpoint_id, next_attempt_at) WHERE status = 'pending', so one endpoint's backlog is never
# read past to reach another's; ``picked``: the first of every endpoint, then the second, ...
CLAIM = f"""
WITH held AS (
  SELECT * FROM unnest($3::text[], $4::int[]) AS h(endpoint_id, outstanding)
), ready AS (
  SELECT e.id AS endpoint_id, $5 - coalesce(held.outstanding, 0) AS room
  FROM webhook_endpoints e LEFT JOIN held ON held.endpoint_id = e.id
  WHERE e.status = '{EndpointStatus.ENABLED}' AND e.deleted_at IS NULL
    AND ($2::text IS NULL OR e.merchant_id = $2)
    AND $5 - coalesce(held.outstanding, 0) > 0
), due AS (
  SELECT d.id, d.endpoint_id, d.next_attempt_at
  FROM ready CROSS JOIN LATERAL (
    SELECT w.id, w.endpoint_id, w.next_attempt_at FROM webhook_deliveries w
    WHERE w.endpoint_id = ready.endpoint_id AND w.status = '{DeliveryStatus.PENDING}'
      AND w.next_attempt_at <= $1 AND (w.leased_until IS NULL OR w.leased_until <= now())
    ORDER BY w.next_attempt_at, w.id
    LIMIT least(ready.room, $6)
    FOR NO KEY UPDATE SKIP LOCKED
  ) d
), picked AS (
  SELECT id FROM (
    SELECT id, next_attempt_at,
           row_number() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at, id) AS turn
    FROM due
  ) ranked
  ORDER BY turn, next_attempt_at, id
  LIMIT $6
)
UPDATE webhook_deliveries w SET leased_until = now() + $7::interval
FROM picked, log_events ev
WHERE w.id = picked.id AND ev.id = w.event_id
RETURNING w.id, w.merchant_id, w.endpoint_id, w.attempts, ev.type, ev.created_at, ev.data,
          ev.id AS event_id
"""

INSERT_ATTEMPTS = """
INSERT INTO webhook_attempts (id, merchant_id, delivery_id, event_id, endpoint_id, attempt,
  attempted_at, response_status, duration_ms, response_body, error, next_attempt_at,
  created_at, updated_at)
SELECT id, merchant_id, delivery_id, event_id, endpoint_id, attempt, at, status, duration_ms,
       answer, error, next_at, at, at
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[],
            $7::timestamptz[], $8::int[], $9::int[], $10::text[], $11::text[],
            $12::timestamptz[])
  AS a(id, merchant_id, delivery_id, event_id, endpoint_id, attempt, at, status, duration_ms,
       answer, error, next_at)
"""

# NO KEY UPDATE, not UPDATE: a transaction writing events holds KEY SHARE on the endpoints
# its deliveries point at (their foreign key), in its own order; FOR UPDATE waited on it while
# it waited on us (a deadlock, and the batch's attempts went again after their lease).
LOCK_IN_ORDER = """
SELECT 1 FROM {table} WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE
"""

MOVE_DELIVERIES = f"""
UPDATE webhook_deliveries d
SET status = u.status, attempts = u.attempt, next_attempt_at = u.next_at, leased_until = NULL,
    updated_at = u.at
FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[], $5::timestamptz[])
  AS u(id, status, attempt, next_at, at)
WHERE d.id = u.id AND d.status = '{DeliveryStatus.PENDING}'
"""

# Per endpoint of the batch: whether any attempt succeeded, whether the last did, and the
# reason to give should it be disabled now.
STREAKS = """
UPDATE webhook_endpoints e
SET failing_since = CASE WHEN u.last_ok THEN NULL
                         WHEN u.any_ok THEN u.at
                         ELSE coalesce(e.failing_since, u.at) END,
    status = CASE WHEN NOT u.any_ok AND e.failing_since <= u.at - $6::interval
                  THEN $7 ELSE e.status END,
    disabled_reason = CASE WHEN NOT u.any_ok AND e.failing_since <= u.at - $6::interval
                           THEN u.reason ELSE e.disabled_reason END,
    updated_at = u.at
FROM unnest($1::text[], $2::bool[], $3::bool[], $4::timestamptz[], $5::text[])
  AS u(id, any_ok, last_ok, at, reason)
WHERE e.id = u.id AND e.status = $8
  AND (u.any_ok AND e.failing_since IS NOT NULL
       OR NOT u.last_ok AND (e.failing_since IS NULL OR e.failing_since <= u.at - $6::interval))
"""


@dataclass
class Job:
    """A claimed delivery: what to send, where, and as of which clock (``now``)."""

    id: str
    merchant_id: str
    endpoint_id: str
    event_id: str
    attempt: int  # the number this attempt gets
    body: str
    now: datetime


async def claim(
    now: datetime,
    merchant_id: str | None,
    held: dict[str, int],
    *,
    per_endpoint: int,
    limit: int,
) -> list[Job]:
    """Lease up to ``limit`` due deliveries, at most ``per_endpoint`` minus what is ``held``
    of each endpoint, taking endpoints in turn."""
    rows = await connections.get("default").execute_query_dict(
        CLAIM,
        [
            now,
            merchant_id,
            list(held),
            list(held.values()),
            per_endpoint,
            limit,
            LEASE,
        ],
    )
    return [
        Job(
            id=row["id"],
            merchant_id=row["merchant_id"],
            endpoint_id=row["endpoint_id"],
            event_id=row["event_id"],
            attempt=row["attempts"] + 1,
            body=body_of(row["event_id"], row["type"], row["created_at"], row["data"]),
            now=now,
        )
        for row in sorted(rows, key=lambda row: row["id"])
    ]


def next_attempt(job: Job, outcome: Outcome) -> tuple[str, datetime | None]:
    """The delivery's status and next attempt after ``outcome``."""
    if outcome.ok:
        return DeliveryStatus.SUCCEEDED.value, None
    if job.attempt <= len(SCHEDULE):
        return DeliveryStatus.PENDING.value, job.now + SCHEDULE[job.attempt - 1]
    return DeliveryStatus.FAILED.value, None


def disabled_reason(at: datetime, outcome: Outcome) -> str:
    return (
        f"Disabled on {at.date().isoformat()}: every delivery failed for "
        f"{DISABLE_AFTER.days} days (last: {outcome.words()})"
    )


async def record(finished: list[tuple[Job, Outcome]]) -> list[str]:
    """Write ``finished`` attempts in one transaction; answers the delivery statuses (in the
    order given)."""
    moves = [next_attempt(job, outcome) for job, outcome in finished]
    attempts = [
        (
            new_id("wha"),
            job.merchant_id,
            job.id,
            job.event_id,
            job.endpoint_id,
            job.attempt,
            job.now,
            outcome.status,
            outcome.duration_ms,
            outcome.answer.replace("\x00", ""),
            outcome.error,
            next_at,
        )
        for (job, outcome), (_, next_at) in zip(finished, moves, strict=True)
    ]
    # Rows are locked in id order first (LOCK_IN_ORDER), so two recordings of overlapping
    # rows (a lease that ran out) wait for each other instead of deadlocking.
    deliveries = sorted(
        (job.id, status, job.attempt, next_at, job.now)
        for (job, _), (status, next_at) in zip(finished, moves, strict=True)
    )
    streaks: dict[str, list] = {}
    for job, outcome in finished:  # in the order they finished: the last one counts
        any_ok = outcome.ok or (job.endpoint_id in streaks and streaks[job.endpoint_id][1])
        streaks[job.endpoint_id] = [
            job.endpoint_id,
            any_ok,
            outcome.ok,
            job.now,
            disabled_reason(job.now, outcome),
        ]
    retries = [next_at for _, next_at in moves if next_at is not None]
    async with in_transaction() as connection:
        await connection.execute_query(INSERT_ATTEMPTS, _columns(attempts))
        await connection.execute_query(
            LOCK_IN_ORDER.format(table="webhook_deliveries"), [[row[0] for row in deliveries]]
        )
        await connection.execute_query(MOVE_DELIVERIES, _columns(deliveries))
        await connection.execute_query(
            LOCK_IN_ORDER.format(table="webhook_endpoints"), [sorted(streaks)]
        )
        await connection.execute_query(
            STREAKS,
            [
                *_columns(sorted(streaks.values())),
                DISABLE_AFTER,
                EndpointStatus.DISABLED.value,
                EndpointStatus.ENABLED.value,
            ],
        )
        if retries:
            await due_signal.due_at(min(retries))
    return [status for status, _ in moves]


def _columns(rows: list[tuple | list]) -> list[list]:
    return [list(column) for column in zip(*rows, strict=True)]
