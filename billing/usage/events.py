"""Usage event intake: validate, then store through the group-commit writer.

Both entry points answer only after the events are durable (``event_writer``): a 202 always
means stored. Duplicates (same merchant and idempotency key within 24 hours) are accepted and
change nothing; the batch answer says how many events were new and how many were duplicates.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from billing.core.db_access import delete_older_than
from billing.core.models import utcnow
from billing.usage import event_writer
from billing.usage.event_inputs import parse_batch, parse_event


@dataclass(frozen=True)
class BatchResult:
    new: int
    duplicates: int

    @property
    def message(self) -> str:
        noun = "event" if self.new == 1 else "events"
        skipped = "duplicate" if self.duplicates == 1 else "duplicates"
        return f"Processed {self.new} new {noun}; skipped {self.duplicates} {skipped}"


async def ingest_event(merchant_id: str, body) -> bool:
    """Store one event; True when it was new, False for a duplicate key."""
    row = parse_event(merchant_id, body)
    (is_new,) = await event_writer.store([row])
    return is_new


async def ingest_batch(merchant_id: str, body) -> BatchResult:
    """Store ``{"events": [...]}`` (1 to 1000 events); one invalid event stores nothing."""
    rows = parse_batch(merchant_id, body)
    flags = await event_writer.store(rows)
    new = sum(flags)
    return BatchResult(new=new, duplicates=len(flags) - new)


async def prune_idempotency_keys(now: datetime | None = None, batch: int = 10_000) -> int:
    """Delete idempotency keys older than the 24-hour window (the due-work pass calls this).

    Correctness does not depend on it (the intake renews a key older than 24 hours instead of
    calling it a duplicate); it keeps the key table at one day of traffic. Deletes in batches
    so no single statement holds locks for long.
    """
    cutoff = (now or utcnow()) - timedelta(hours=24)
    return await delete_older_than("usage_idempotency_keys", "created_at", cutoff, batch)
