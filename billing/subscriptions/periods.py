"""Period roll-over: the due-work pass's part that moves live subscriptions into their next period.

A live subscription whose ``current_period_end`` has passed gets the next period in place (no
new version, no event: nothing the customer has changes): the period of its billing rule (the
price's first fixed component's, as at creation) that contains ``now``, anchored on
``start_timestamp`` so month ends stay month ends (``billing_dates.period_at``); several missed
periods roll in one go. A rule whose series has ended (COUNT, UNTIL) leaves the period as it
is. A subscription with ``cancel_at_period_end`` is ended instead, as of its period end.
Billing details are not touched: their dates move when the billing engine issues invoices.

Each subscription is claimed with SKIP LOCKED in its own transaction (``core/claims.py``).
"""

from collections import Counter
from datetime import datetime

from billing.catalog.models import Price
from billing.catalog.price_components import billing_components
from billing.core.claims import DEFER, work_through
from billing.subscriptions import billing_dates
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscription_lifecycle import end

DEFAULT_RULE = "FREQ=MONTHLY;INTERVAL=1"


async def _billing_rule(subscription: Subscription) -> str:
    """The rule the period follows: that of the price's first fixed component, else its first
    component (as at creation, ``subscriptions.current_period``), else monthly."""
    price = await Price.get(id=subscription.effective_price_id)
    components = billing_components(price.pricing_data)
    first = [c for c in components if c.is_fixed] or components
    return first[0].recurrence_rule if first else DEFAULT_RULE


async def _roll(live: Subscription, now: datetime) -> str:
    """Roll one claimed subscription (or end it with ``cancel_at_period_end``). A rule whose
    series has ended is deferred: left as it is, and not claimed again in this pass."""
    if live.cancel_at_period_end:
        await end(live.merchant_id, live, now=live.current_period_end)
        return "ended"
    rule = await _billing_rule(live)
    start, finish = billing_dates.period_at(rule, live.start_timestamp, now)
    if finish <= live.current_period_end:
        return DEFER
    live.current_period_start, live.current_period_end = start, finish
    await live.save(update_fields=["current_period_start", "current_period_end", "updated_at"])
    return "rolled"


async def roll_due(now: datetime) -> Counter[str]:
    """Roll every live subscription whose period ended by ``now``. Answers the count of each
    outcome (``rolled``, ``ended``, ``deferred``, ``failed``)."""

    due = Subscription.filter(deleted_at=None, current_period_end__lte=now)
    return await work_through(
        due, ("current_period_end", "id"), lambda live: _roll(live, now), what="subscription period"
    )
