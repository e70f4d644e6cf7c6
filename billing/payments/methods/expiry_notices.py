"""Card expiry notices: the due-work step that tells a card on file expires next month.

A card that expires stops paying the renewal after it, and the customer finds out from a
failed payment. So every ``active`` card of a live customer whose expiry month is the month
after the pass's ``now`` (``now`` in March 2027: cards expiring at the end of April 2027) gets
one ``payment_method.expiring`` event, written at ``now``, carrying the payment method as the
API answers it. A card is told from the first pass of the month before it expires.

"Once" is per card and expiry, kept by the event's key alone
(``payment_method_expiring:<id>:<YYYY-MM>``): the claim skips a card whose key is in the log
already (one probe of ``log_events``' unique ``(merchant_id, key)``), and the key makes a
second event a no-op. A card given a new expiry date is told again for that one. Cards are
claimed ``CLAIM_SIZE`` at a time with SKIP LOCKED (``core/claims.py``), in id order.
"""

from collections import Counter
from datetime import datetime

from tortoise import connections

from billing.core.claims import work_through_claims
from billing.core.models import column_names, from_row
from billing.event_log import recording
from billing.event_log.recording import Change
from billing.payments.models import PaymentMethod, PaymentMethodStatus

CLAIM_SIZE = 500
TOLD = "notice sent"
EXPIRING = "payment_method.expiring"
KEY_PREFIX = "payment_method_expiring:"

# The status is written into the statement, not passed: the partial index
# ``payment_methods_expiry_idx`` (status 'active', not deleted) serves the claim only when the
# planner can see the WHERE clause implies the index's, which a parameter never shows it
# once a prepared statement's plan turns generic.
CLAIM = f"""
SELECT {{columns}} FROM payment_methods m
JOIN customers c ON c.id = m.customer_id AND c.deleted_at IS NULL
WHERE m.status = '{PaymentMethodStatus.ACTIVE.value}' AND m.deleted_at IS NULL
  AND m.card_expiry_year = $1 AND m.card_expiry_month = $2
  AND NOT EXISTS (
    SELECT 1 FROM log_events e WHERE e.merchant_id = m.merchant_id AND e.key = $3 || m.id || $4)
  AND ($5::text IS NULL OR m.merchant_id = $5)
  AND ($6::text IS NULL OR m.id > $6)
ORDER BY m.id
LIMIT {{limit}}
FOR UPDATE OF m SKIP LOCKED
"""


def next_month(now: datetime) -> tuple[int, int]:
    """(year, month) of the month after ``now``'s."""
    return (now.year + 1, 1) if now.month == 12 else (now.year, now.month + 1)


def key_of(method: PaymentMethod) -> str:
    """The event's once-only key: the card and the expiry it was told for."""
    return f"{KEY_PREFIX}{method.id}:{method.card_expiry_year:04d}-{method.card_expiry_month:02d}"


async def _claim(
    now: datetime, after: PaymentMethod | None, merchant_id: str | None
) -> list[PaymentMethod]:
    year, month = next_month(now)
    columns = ", ".join(f"m.{column}" for column in column_names(PaymentMethod))
    sql = CLAIM.format(columns=columns, limit=CLAIM_SIZE)
    rows = await connections.get("default").execute_query_dict(
        sql,
        [
            year,
            month,
            KEY_PREFIX,
            f":{year:04d}-{month:02d}",
            merchant_id,
            after.id if after else None,
        ],
    )
    return [from_row(PaymentMethod, row) for row in rows]


async def _tell(claimed: list[PaymentMethod], now: datetime) -> dict[str, str]:
    await recording.record_many(
        [Change(m.merchant_id, EXPIRING, m.id, key=key_of(m)) for m in claimed], at=now
    )
    return dict.fromkeys((m.id for m in claimed), TOLD)


async def tell_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """Tell every active card expiring next month (as of ``now``) not told for that expiry
    (of one merchant row when ``merchant_id``); answers the outcomes."""
    return await work_through_claims(
        lambda after: _claim(now, after, merchant_id),
        lambda claimed: _tell(claimed, now),
        what="card expiry notice",
    )
