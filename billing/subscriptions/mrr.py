"""Monthly recurring revenue, exactly per the spec's rule 1.

- Only active subscriptions count: the live version (not soft-deleted), not ended
  (``end_timestamp`` null) and in one of ``statuses.CURRENT`` (``trialing``, ``active``,
  ``past_due``: the spec's "active" as this service stores it); incomplete, paused and unpaid
  ones do not. A subscription whose start lies in the future already counts: it is sold.
- Only fixed fees count: ``fixed`` components, plus the ``flat_rate`` and ``recurring`` forms
  (which are fixed fees), and seat components (``per_unit`` billed in advance: a fee fixed
  for the period, charged up front like a fixed one) as seats x unit price, the seats being
  what the billing run bills (``seat_counts``: the organization's members, at least the
  plan's ``minSeats``). Usage, tiered and other per-unit components are excluded.
- A monthly fee counts in full, a yearly one as a twelfth. Beyond the rule: a fee every k
  months counts 1/k (quarterly = a third), every k years 1/(12k); daily and weekly fees are
  normalised to a month as 365/12 days and 52/12 weeks.
- Rounding: the exact fractions are summed and rounded half up to whole cents once, at the
  end, so twelve yearly subscriptions of 1000 cents add up to exactly 1000, not 12 * 83.
- Amounts of all currencies are summed as they are (the spec's MRR has no currency).

``SubscriptionEvent.mrr_cents`` stores each subscription's MRR after every change (seat
changes included; ``live_mrr_cents``), so ``mrr_per_day`` can draw the history without
re-reading prices.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from fractions import Fraction

from billing.catalog.price_components import billing_components
from billing.catalog.recurrence import RuleError, parse_rule
from billing.core.models import utcnow
from billing.subscriptions import statuses
from billing.subscriptions.models import Subscription, SubscriptionEvent
from billing.subscriptions.seat_counts import is_seat_component, seats_by_subscription

PER_MONTH = {
    "MONTHLY": Fraction(1),
    "YEARLY": Fraction(1, 12),
    "WEEKLY": Fraction(52, 12),
    "DAILY": Fraction(365, 12),
}


def round_half_up(value: Fraction) -> int:
    return int((value + Fraction(1, 2)) // 1)


def has_seats(pricing_data: dict) -> bool:
    return any(is_seat_component(c.data) for c in billing_components(pricing_data))


def subscription_mrr(pricing_data: dict, seats: int = 1) -> Fraction:
    """The exact monthly value of a price's fixed fees and ``seats`` seats (a fraction of
    cents)."""
    total = Fraction(0)
    for component in billing_components(pricing_data):
        if component.is_fixed:
            quantity = 1
        elif is_seat_component(component.data):
            quantity = seats
        else:
            continue
        try:
            parts = parse_rule(component.recurrence_rule)
        except RuleError:
            continue
        interval = int(parts.get("INTERVAL", "1"))
        amount = Fraction(component.data.get("amount_cents", 0)) * quantity
        total += amount * PER_MONTH[parts["FREQ"]] / interval
    return total


def subscription_mrr_cents(pricing_data: dict, seats: int = 1) -> int:
    """One price's MRR in whole cents (rounded half up)."""
    return round_half_up(subscription_mrr(pricing_data, seats))


async def mrr_of(subscriptions: list[Subscription]) -> dict[str, Fraction]:
    """Each subscription's exact MRR by id (``effective_price`` loaded), its seats counted
    now; only subscriptions with a seat component cost a seat query."""
    seated = [s for s in subscriptions if has_seats(s.effective_price.pricing_data)]
    seats = await seats_by_subscription(seated)
    return {
        s.id: subscription_mrr(s.effective_price.pricing_data, seats.get(s.id, 1))
        for s in subscriptions
    }


async def live_mrr_cents(subscription: Subscription) -> int:
    """One subscription's MRR now in whole cents (rounded half up); 0 unless it counts."""
    if not counts_for_mrr(subscription):
        return 0
    await subscription.fetch_related("effective_price")
    return round_half_up((await mrr_of([subscription]))[subscription.id])


def counts_for_mrr(subscription: Subscription) -> bool:
    return (
        subscription.status in statuses.CURRENT
        and subscription.end_timestamp is None
        and subscription.deleted_at is None
    )


@dataclass(frozen=True)
class Mrr:
    amount_cents: int
    active_subscriptions_count: int
    calculated_at: datetime


async def merchant_mrr(merchant_id: str) -> Mrr:
    """The merchant's MRR now: one query for the active subscriptions with their prices."""
    active = await (
        Subscription.scoped(merchant_id)
        .filter(status__in=statuses.CURRENT, end_timestamp=None)
        .prefetch_related("effective_price")
    )
    total = sum((await mrr_of(active)).values(), Fraction(0))
    return Mrr(round_half_up(total), len(active), utcnow())


def _daily_totals(
    events: Iterable[tuple[str, int, datetime]], days: list[date]
) -> list[tuple[date, int]]:
    """Sweep events in time order; after each day, sum each subscription's latest MRR."""
    current: dict[str, int] = {}
    ordered = iter(events)
    pending = next(ordered, None)
    totals = []
    for day in days:
        day_end = datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(days=1)
        while pending is not None and pending[2] < day_end:
            current[pending[0]] = pending[1]
            pending = next(ordered, None)
        totals.append((day, sum(current.values())))
    return totals


async def mrr_per_day(merchant_id: str, days: int) -> list[tuple[date, int]]:
    """MRR at the end of each of the last ``days`` days (UTC, today included), oldest first,
    from the subscription event history: each subscription counts with its latest event at or
    before the end of the day.

    Today's point is not read from that history but is ``merchant_mrr``, the MRR the headline
    and ``/v1`` show: a subscription whose events carry no MRR (or one changed since its last
    event) would otherwise end the chart at $0 under a headline of $29."""
    today = utcnow().date()
    wanted = [today - timedelta(days=offset) for offset in range(max(days, 1) - 1, -1, -1)]
    end = datetime(today.year, today.month, today.day, tzinfo=UTC) + timedelta(days=1)
    events = await (
        SubscriptionEvent.scoped(merchant_id)
        .filter(occurred_at__lt=end)
        .order_by("occurred_at", "created_at", "id")
        .values_list("stable_subscription_id", "mrr_cents", "occurred_at")
    )
    totals = _daily_totals(events, wanted)
    totals[-1] = (today, (await merchant_mrr(merchant_id)).amount_cents)
    return totals
