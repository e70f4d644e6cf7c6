"""Writing events, in the caller's transaction, and fanning them out to webhook endpoints.

``record`` is called by a service inside the transaction of its change; ``record_many`` by a
due step for a whole claim (one render per merchant row and kind, one insert of the events,
one of their deliveries). Each event gets a ``WebhookDelivery`` for every enabled endpoint of
its merchant row that wants its type, due at the event's clock; a ``pg_notify`` on
``CHANNEL`` (delivered by PostgreSQL only when the transaction commits) wakes the senders, so
the first attempt goes out within moments and nothing is sent for a change rolled back.

Other contexts consume the log in the same transaction through ``add_consumer`` (customer
e-mails write their outbox rows so): the log is below them and cannot import them, so each
registers a function at start-up, and ``record_many`` hands it the events it kept.

``at`` is the change's clock: a due pass's ``now`` (the test clock) or, by default, the
present. ``key``, when given, makes the event once-only for its merchant row: a second event
with the same key is not written (``ON CONFLICT DO NOTHING``), nor its deliveries.
"""

import json
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime

from tortoise import connections

from billing.core.ids import new_id
from billing.core.models import utcnow
from billing.event_log import event_types, objects
from billing.event_log.models import DeliveryStatus, EndpointStatus

CHANNEL = "tally_webhooks"

# A consumer gets the kept events as ``(event_id, merchant_id, type, object_id, data)`` (the
# object as rendered, not parsed back from its JSON) and their clock, inside the change's
# transaction: what it writes commits (or rolls back) with the change.
Consumer = Callable[[list[tuple[str, str, str, str, dict]], datetime], Awaitable[None]]

_consumers: list[Consumer] = []


def add_consumer(consumer: Consumer) -> None:
    """Have ``consumer`` told of every event written from now on (once, however often the
    start-up that registers it runs)."""
    if consumer not in _consumers:
        _consumers.append(consumer)


INSERT_EVENTS = """
INSERT INTO log_events (id, merchant_id, type, object_id, data, key, created_at, updated_at)
SELECT id, merchant_id, type, object_id, data::jsonb, key, at, at
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
            $7::timestamptz[]) AS e(id, merchant_id, type, object_id, data, key, at)
ON CONFLICT (merchant_id, key) DO NOTHING
RETURNING id
"""

ENDPOINTS = """
SELECT id, merchant_id, events FROM webhook_endpoints
WHERE merchant_id = ANY($1::text[]) AND status = $2 AND deleted_at IS NULL
"""

INSERT_DELIVERIES = """
INSERT INTO webhook_deliveries (id, merchant_id, event_id, endpoint_id, status, attempts,
                                next_attempt_at, resend, created_at, updated_at)
SELECT id, merchant_id, event_id, endpoint_id, $5::text, 0, at, false, at, at
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $6::timestamptz[])
     AS d(id, merchant_id, event_id, endpoint_id, at)
"""


@dataclass(frozen=True)
class Change:
    """One event to write: ``type`` of ``object_id`` of merchant row ``merchant_id``."""

    merchant_id: str
    type: str
    object_id: str
    key: str | None = None


async def record(
    merchant_id: str,
    type: str,
    object_id: str,
    *,
    at: datetime | None = None,
    key: str | None = None,
) -> None:
    """Write one event of ``type`` about ``object_id`` in the caller's transaction."""
    await record_many([Change(merchant_id, type, object_id, key)], at=at)


async def record_many(changes: list[Change], *, at: datetime | None = None) -> None:
    """Write an event for each of ``changes``, all at ``at`` (default: the present)."""
    if not changes:
        return
    at = at or utcnow()
    data = await _objects(changes)
    texts = {found: json.dumps(obj, default=str) for found, obj in data.items()}
    rows = [
        (
            new_id("evt"),
            c.merchant_id,
            c.type,
            c.object_id,
            texts[c.merchant_id, c.object_id],
            c.key,
        )
        for c in changes
    ]
    connection = connections.get("default")
    columns = [list(column) for column in zip(*rows, strict=True)]
    written = await connection.execute_query_dict(INSERT_EVENTS, [*columns, [at] * len(rows)])
    kept = {row["id"] for row in written}
    events = [row for row in rows if row[0] in kept]
    await _fan_out(events, at)
    if events:
        for consumer in _consumers:
            await consumer([(*row[:4], data[row[1], row[3]]) for row in events], at)


async def _objects(changes: list[Change]) -> dict[tuple[str, str], dict]:
    """Each change's object, rendered once per merchant row and kind."""
    wanted: dict[tuple[str, str], set[str]] = defaultdict(set)
    for change in changes:
        if change.type not in event_types.TYPES:
            raise ValueError(f"unknown event type {change.type!r}")
        wanted[change.merchant_id, event_types.TYPES[change.type].kind].add(change.object_id)
    found: dict[tuple[str, str], dict] = {}
    for (merchant_id, kind), ids in wanted.items():
        rendered = await objects.render(kind, merchant_id, sorted(ids))
        for object_id in ids:
            if object_id not in rendered:
                raise LookupError(f"{kind} {object_id} of {merchant_id} could not be rendered")
            found[merchant_id, object_id] = rendered[object_id]
    return found


async def _fan_out(rows: list[tuple], at: datetime) -> None:
    """A pending delivery of each event to each enabled endpoint that wants its type."""
    if not rows:
        return
    connection = connections.get("default")
    merchants = sorted({row[1] for row in rows})
    _, endpoints = await connection.execute_query(
        ENDPOINTS, [merchants, EndpointStatus.ENABLED.value]
    )
    by_merchant: dict[str, list[tuple[str, list[str]]]] = defaultdict(list)
    for endpoint in endpoints:
        wanted = endpoint["events"]
        wanted = json.loads(wanted) if isinstance(wanted, str) else wanted
        by_merchant[endpoint["merchant_id"]].append((endpoint["id"], wanted))
    deliveries = [
        (new_id("whd"), merchant_id, event_id, endpoint_id)
        for event_id, merchant_id, type_, *_ in rows
        for endpoint_id, wanted in by_merchant.get(merchant_id, [])
        if event_types.wants(wanted, type_)
    ]
    if not deliveries:
        return
    columns = [list(column) for column in zip(*deliveries, strict=True)]
    await connection.execute_query(
        INSERT_DELIVERIES,
        [*columns, DeliveryStatus.PENDING.value, [at] * len(deliveries)],
    )
    await wake_senders(at)


async def wake_senders(at: datetime) -> None:
    """Tell the webhook senders that deliveries fall due at ``at``, on commit of the caller's
    transaction (every writer of deliveries calls it: the fan-out, a resend, a test event)."""
    await connections.get("default").execute_query(
        "SELECT pg_notify($1, $2)", [CHANNEL, at.isoformat()]
    )
