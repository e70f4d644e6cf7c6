"""Period roll-over: the due-work pass's part that moves live subscriptions into their next period.

A live subscription whose ``current_period_end`` has passed gets the next period in place (no
new version, no history row: nothing the customer has changes): the period of its billing rule
(the price's first fixed component's, as at creation) that contains ``now``, anchored on
``start_timestamp`` so month ends stay month ends (``billing_dates.period_at``); several missed
periods roll in one go. A rule whose series has ended (COUNT, UNTIL) leaves the period as it
is. A subscription with ``cancel_at_period_end`` is ended instead, as of its period end.
Billing details are not touched: their dates move when the billing engine issues invoices.
The merchant's server is told (``subscription.updated`` for a new period,
``subscription.canceled`` for an end) with one ``record_many`` per claim, at the pass's
``now``: the moment Tally made the change, whatever period end it was due at (a checkout's
``incomplete`` subscription is not told, ``subscription_events``).

Subscriptions are claimed ``CLAIM_SIZE`` at a time with SKIP LOCKED (``core/claims.py``): the
claim's prices are read with one query and its new periods written with one
``UPDATE ... FROM unnest``, so a pass that rolls a hundred thousand subscriptions at a month's
end takes seconds.
"""

from collections import Counter
from datetime import datetime

from tortoise import connections
from tortoise.expressions import Q

from billing.catalog.models import Price
from billing.catalog.price_components import billing_components
from billing.core.claims import DEFER, work_through_claims
from billing.core.db_access import as_columns
from billing.event_log import recording
from billing.subscriptions import billing_dates, subscription_events
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscription_lifecycle import end

DEFAULT_RULE = "FREQ=MONTHLY;INTERVAL=1"


CLAIM_SIZE = 500

ROLL = """
UPDATE subscriptions AS s
SET current_period_start = u.start, current_period_end = u.finish, updated_at = now()
FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS u(id, start, finish)
WHERE s.id = u.id
"""


def billing_rule(price: Price) -> str:
    """The rule the period follows: that of the price's first fixed component, else its first
    component (as at creation, ``subscriptions.current_period``), else monthly."""
    components = billing_components(price.pricing_data)
    first = [c for c in components if c.is_fixed] or components
    return first[0].recurrence_rule if first else DEFAULT_RULE


async def _roll(claimed: list[Subscription], now: datetime) -> dict[str, str]:
    """Roll the claimed subscriptions (or end those with ``cancel_at_period_end``). A rule
    whose series has ended is deferred: left as it is, and not claimed again in this pass."""
    price_ids = list({live.effective_price_id for live in claimed})
    prices = {price.id: price for price in await Price.filter(id__in=price_ids)}
    outcomes, rolled, told = {}, [], []
    for live in claimed:
        if live.cancel_at_period_end:
            await end(live.merchant_id, live, now=live.current_period_end, tell=False)
            outcomes[live.id] = "ended"
            told.append(subscription_events.change_for(live, "cancelled"))
            continue
        rule = billing_rule(prices[live.effective_price_id])
        start, finish = billing_dates.period_at(rule, live.start_timestamp, now)
        if finish <= live.current_period_end:
            outcomes[live.id] = DEFER
            continue
        rolled.append((live.id, start, finish))
        outcomes[live.id] = "rolled"
        told.append(subscription_events.change_for(live, "period_rolled"))
    if rolled:
        await connections.get("default").execute_query(ROLL, as_columns(rolled, 3))
    await recording.record_many([change for change in told if change is not None], at=now)
    return outcomes


async def _claim(
    now: datetime, after: Subscription | None, merchant_id: str | None
) -> list[Subscription]:
    """The next ``CLAIM_SIZE`` live subscriptions whose period ended by ``now``, in period-end
    order after ``after``, locked (SKIP LOCKED); of one merchant row when ``merchant_id``."""
    due = Subscription.filter(deleted_at=None, current_period_end__lte=now)
    if merchant_id is not None:
        due = due.filter(merchant_id=merchant_id)
    if after is not None:
        end = after.current_period_end
        due = due.filter(Q(current_period_end__gt=end) | Q(current_period_end=end, id__gt=after.id))
    query = due.order_by("current_period_end", "id").limit(CLAIM_SIZE)
    return await query.select_for_update(skip_locked=True)


async def roll_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """Roll every live subscription whose period ended by ``now`` (of one merchant row when
    ``merchant_id``: a test's own pass). Answers the count of each outcome (``rolled``,
    ``ended``, ``deferred``, ``failed``)."""
    return await work_through_claims(
        lambda after: _claim(now, after, merchant_id),
        lambda claimed: _roll(claimed, now),
        what="subscription period",
    )
