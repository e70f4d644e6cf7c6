"""Renewal notices: the due-work step that tells a yearly subscription renews within 7 days.

A yearly charge is large and, a year on, unexpected; customers (and card networks' rules for
long intervals) expect a reminder before it. So an ``active`` subscription, not cancelling at
its period end, whose billing rule is yearly (``periods.billing_rule``: every year or every
few) and whose ``current_period_end`` lies at most ``NOTICE`` ahead of the pass's ``now``
(and not behind it: a period that ended is the roll-over's) gets one
``subscription.renewal_upcoming`` event, written at ``now``.

"Once" is kept by the event's key (``renewal_upcoming:<stable id>:<period end, epoch
seconds>``) alone, with no column of its own: the claim skips a subscription whose key is
already in the log (one index probe of ``log_events``' unique ``(merchant_id, key)``), and
the key makes a second event for the same period end a no-op. A new version of the
subscription keeps its stable id, so it is not told twice; the next period end is a new key.

Which prices are yearly is decided in Python by the billing rule itself; the claim's SQL only
narrows the candidates to prices whose data mention a yearly rule or interval, so monthly
subscriptions, most of those in any 7-day window, are never claimed. A candidate whose rule
proves not yearly (a monthly fee beside a yearly component) is deferred, not told.
"""

from collections import Counter
from datetime import datetime, timedelta

from tortoise import connections

from billing.catalog.models import Price
from billing.catalog.recurrence import RuleError, parse_rule
from billing.core.claims import DEFER, work_through_claims
from billing.core.models import column_names, from_row
from billing.event_log import recording
from billing.event_log.recording import Change
from billing.subscriptions import periods, statuses
from billing.subscriptions.models import Subscription

NOTICE = timedelta(days=7)
CLAIM_SIZE = 500
TOLD = "notice sent"
RENEWAL_UPCOMING = "subscription.renewal_upcoming"
KEY_PREFIX = "renewal_upcoming:"

CLAIM = """
SELECT {columns} FROM subscriptions s
JOIN prices p ON p.merchant_id = s.merchant_id AND p.id = s.effective_price_id
WHERE s.status = $1 AND s.deleted_at IS NULL AND s.end_timestamp IS NULL
  AND NOT s.cancel_at_period_end
  AND s.current_period_end > $2 AND s.current_period_end <= $3
  AND (p.pricing_data::text ILIKE '%YEARLY%' OR p.pricing_data->>'interval' = 'year')
  AND NOT EXISTS (
    SELECT 1 FROM log_events e WHERE e.merchant_id = s.merchant_id
    AND e.key = $4 || s.stable_subscription_id || ':'
                || floor(extract(epoch FROM s.current_period_end))::bigint::text)
  AND ($5::text IS NULL OR s.merchant_id = $5)
  AND ($6::timestamptz IS NULL OR (s.current_period_end, s.id) > ($6, $7::text))
ORDER BY s.current_period_end, s.id
LIMIT {limit}
FOR UPDATE OF s SKIP LOCKED
"""


def key_of(subscription: Subscription) -> str:
    """The event's once-only key: the subscription (all its versions) and the period end."""
    end = int(subscription.current_period_end.timestamp())
    return f"{KEY_PREFIX}{subscription.stable_subscription_id}:{end}"


def is_yearly(price: Price) -> bool:
    try:
        return parse_rule(periods.billing_rule(price)).get("FREQ") == "YEARLY"
    except RuleError:
        return False


async def _claim(
    now: datetime, after: Subscription | None, merchant_id: str | None
) -> list[Subscription]:
    """The next yearly renewals within ``NOTICE`` of ``now`` not told yet, locked."""
    columns = ", ".join(f"s.{column}" for column in column_names(Subscription))
    sql = CLAIM.format(columns=columns, limit=CLAIM_SIZE)
    rows = await connections.get("default").execute_query_dict(
        sql,
        [
            statuses.ACTIVE.value,
            now,
            now + NOTICE,
            KEY_PREFIX,
            merchant_id,
            after.current_period_end if after else None,
            after.id if after else None,
        ],
    )
    return [from_row(Subscription, row) for row in rows]


async def _tell(claimed: list[Subscription], now: datetime) -> dict[str, str]:
    merchants = sorted({live.merchant_id for live in claimed})  # scoped as every read is
    price_ids = sorted({live.effective_price_id for live in claimed})
    prices = {
        price.id: price for price in await Price.filter(merchant_id__in=merchants, id__in=price_ids)
    }
    yearly = [live for live in claimed if is_yearly(prices[live.effective_price_id])]
    await recording.record_many(
        [Change(live.merchant_id, RENEWAL_UPCOMING, live.id, key=key_of(live)) for live in yearly],
        at=now,
    )
    told = dict.fromkeys((live.id for live in yearly), TOLD)
    return {live.id: told.get(live.id, DEFER) for live in claimed}


async def tell_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """Tell every yearly renewal within ``NOTICE`` of ``now`` not told yet (of one merchant
    row when ``merchant_id``: a test's own pass); answers the outcomes."""
    return await work_through_claims(
        lambda after: _claim(now, after, merchant_id),
        lambda claimed: _tell(claimed, now),
        what="renewal notice",
    )
