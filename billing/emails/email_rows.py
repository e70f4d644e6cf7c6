"""The sending step's reads and writes: claiming due e-mails under a lease, and recording what
their attempts came to. Each is one short statement or transaction, never held across SMTP.

Claiming: one statement picks due e-mails (pending, ``next_attempt_at <= now``, no lease
running) with ``FOR NO KEY UPDATE SKIP LOCKED`` and leases them for ``LEASE`` on the
database's own clock (never the pass's: a ``run-due --now`` years ahead still leaves alone what
a live pass is sending); it commits at once. Another pass neither waits for them nor finds
them free, so two passes at once never send one e-mail twice. A process that dies mid-send
leaves them free again when the lease ends. The lease outlasts a claim's worst case (every
message of it timing out, ``sending.CONCURRENCY`` at a time).

Recording: one transaction moves each e-mail on (``Result``), keeps the rendering made at
its first attempt, marks a customer whose address a server refused for good (only while it is
still the customer's address), and tells the due loops of the earliest retry.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from tortoise import connections
from tortoise.transactions import in_transaction

from billing.core import due_signal
from billing.emails.models import Email, EmailStatus

LEASE = timedelta(minutes=5)

CLAIM = f"""
UPDATE emails m SET leased_until = now() + $3::interval
FROM (
  SELECT id FROM emails
  WHERE status = '{EmailStatus.PENDING}' AND next_attempt_at <= $1
    AND ($2::text IS NULL OR merchant_id = $2)
    AND (leased_until IS NULL OR leased_until <= now())
  ORDER BY next_attempt_at, id
  LIMIT $4
  FOR NO KEY UPDATE SKIP LOCKED
) picked
WHERE m.id = picked.id
RETURNING m.id
"""

LOCK_IN_ORDER = "SELECT id FROM emails WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE"

# Only a row still pending is moved: a row whose lease ran out and that another pass settled
# meanwhile keeps that pass's outcome.
MOVE = f"""
UPDATE emails m
SET status = u.status, attempts = m.attempts + 1, next_attempt_at = u.next_at,
    leased_until = NULL, smtp_response = u.answer, sent_at = u.sent_at, updated_at = u.at,
    subject = CASE WHEN m.subject = '' THEN u.subject ELSE m.subject END,
    html = CASE WHEN m.html = '' THEN u.html ELSE m.html END,
    text = CASE WHEN m.text = '' THEN u.text ELSE m.text END
FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::timestamptz[],
            $6::timestamptz[], $7::text[], $8::text[], $9::text[])
  AS u(id, status, next_at, answer, sent_at, at, subject, html, text)
WHERE m.id = u.id AND m.status = '{EmailStatus.PENDING}'
"""

UNDELIVERABLE = """
UPDATE customers c
SET email_undeliverable = u.reason, email_undeliverable_at = u.at
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
  AS u(merchant_id, customer_id, address, reason, at)
WHERE c.merchant_id = u.merchant_id AND c.id = u.customer_id
  AND c.email_normalized = lower(u.address)
"""


@dataclass(frozen=True)
class Result:
    """What an attempt of ``email`` came to: its new ``status``, the next attempt (pending),
    the words kept as its SMTP answer, and the rendering to keep."""

    email: Email
    status: EmailStatus
    answer: str
    at: datetime
    next_at: datetime | None = None
    sent_at: datetime | None = None
    subject: str = ""
    html: str = ""
    text: str = ""
    undeliverable: bool = False  # a server refused the recipient for good


async def claim(now: datetime, merchant_id: str | None, limit: int) -> list[Email]:
    """Lease up to ``limit`` e-mails due as of ``now``, soonest first."""
    rows = await connections.get("default").execute_query_dict(
        CLAIM, [now, merchant_id, LEASE, limit]
    )
    if not rows:
        return []
    return await Email.filter(id__in=[row["id"] for row in rows]).order_by("next_attempt_at", "id")


async def record(results: list[Result]) -> None:
    """Write ``results`` in one transaction."""
    if not results:
        return
    moves = sorted(
        (
            r.email.id,
            r.status.value,
            r.next_at,
            r.answer[:1000].replace("\x00", ""),
            r.sent_at,
            r.at,
            r.subject[:500].replace("\x00", ""),
            r.html.replace("\x00", ""),
            r.text.replace("\x00", ""),
        )
        for r in results
    )
    bounced = [
        (r.email.merchant_id, r.email.customer_id, r.email.recipient, r.answer[:1000], r.at)
        for r in results
        if r.undeliverable and r.email.customer_id
    ]
    retries = [r.next_at for r in results if r.next_at is not None]
    async with in_transaction() as connection:
        # rows locked in id order first, so two recordings of one row (a lease that ran
        # out) wait for each other instead of deadlocking
        await connection.execute_query(LOCK_IN_ORDER, [[move[0] for move in moves]])
        await connection.execute_query(MOVE, _columns(moves))
        if bounced:
            await connection.execute_query(UNDELIVERABLE, _columns(sorted(bounced)))
        if retries:
            await due_signal.due_at(min(retries))


def _columns(rows: list[tuple]) -> list[list]:
    return [list(column) for column in zip(*rows, strict=True)]
