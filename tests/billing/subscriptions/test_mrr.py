"""MRR per rule 1, one subscription's MRR per price form, and MRR per day from events."""

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from billing.subscriptions import mrr, trials
from billing.subscriptions.models import Subscription, SubscriptionEvent
from billing.subscriptions.subscriptions import record_event
from tests.support.factories.subscriptions import subscribe


@pytest.mark.parametrize(
    ("pricing_data", "expected"),
    [
        ({"type": "flat_rate", "amount": 2900, "interval": "month"}, Fraction(2900)),
        ({"type": "flat_rate", "amount": 1200, "interval": "year"}, Fraction(100)),
        ({"type": "flat_rate", "amount": 1200, "interval": "week"}, Fraction(1200 * 52, 12)),
        (
            {"type": "recurring", "interval": "month", "intervalCount": 3, "amountCents": 900},
            Fraction(300),
        ),
        (
            {"type": "recurring", "interval": "year", "intervalCount": 2, "amountCents": 2400},
            Fraction(100),
        ),
        ({"type": "usage_based", "unitAmount": 5, "billingScheme": "per_unit"}, Fraction(0)),
        ({"type": "tiered", "tiers": [{"upTo": None, "unitAmount": 7}]}, Fraction(0)),
        (
            {
                "components": [
                    {"type": "fixed", "amount_cents": 1000, "recurrence_rule": "FREQ=MONTHLY"},
                    {"type": "fixed", "amount_cents": 1000, "recurrence_rule": "FREQ=YEARLY"},
                    {
                        "type": "per_unit",
                        "component_id": "seats",
                        "component_name": "Seats",
                        "unit_label": "seat",
                        "amount_cents": 500,
                        "metric_id": None,
                        "bill_immediately": False,
                    },
                ]
            },
            Fraction(1000) + Fraction(1000, 12),
        ),
    ],
)
def test_subscription_mrr_by_price_form(pricing_data, expected):
    assert mrr.subscription_mrr(pricing_data) == expected
    assert mrr.subscription_mrr_cents(pricing_data) == mrr.round_half_up(expected)


def test_round_half_up():
    assert [mrr.round_half_up(Fraction(n, 2)) for n in (1, 3, 5)] == [1, 2, 3]
    assert mrr.round_half_up(Fraction(1000, 12)) == 83


async def test_rule_one_mix(merchant, make_merchant):
    await subscribe(merchant.id, monthly_cents=2900)
    for _ in range(12):  # 12 yearly subscriptions of 1000: exactly 1000 a month together
        await subscribe(merchant.id, monthly_cents=1000, yearly=True)
    paused = await subscribe(merchant.id, monthly_cents=5000)
    unpaid = await subscribe(merchant.id, monthly_cents=7000)
    ended = await subscribe(merchant.id, monthly_cents=9000)
    cancelled = await subscribe(merchant.id, monthly_cents=11000)
    await Subscription.filter(id=paused.id).update(status="paused")
    await Subscription.filter(id=unpaid.id).update(status="unpaid")
    await Subscription.filter(id=ended.id).update(end_timestamp=datetime.now(UTC))
    await cancelled.soft_delete()
    other = await make_merchant()
    await subscribe(other.id, monthly_cents=100_000)
    found = await mrr.merchant_mrr(merchant.id)
    assert (found.amount_cents, found.active_subscriptions_count) == (2900 + 1000, 13)


async def test_record_event_stores_mrr_only_while_active(merchant):
    sub = await subscribe(merchant.id, monthly_cents=1200, yearly=True)
    sub.status = "paused"
    paused = await record_event(merchant.id, sub, "paused")
    sub.status = "active"
    resumed = await record_event(merchant.id, sub, "resumed")
    assert (paused.mrr_cents, paused.status_after) == (0, "paused")
    assert (resumed.mrr_cents, resumed.status_after) == (100, "active")


async def _event(merchant_id: str, stable_id: str, cents: int, when: datetime) -> None:
    await SubscriptionEvent.create(
        merchant_id=merchant_id,
        stable_subscription_id=stable_id,
        subscription_id=stable_id,
        kind="test",
        status_after="active" if cents else "paused",
        mrr_cents=cents,
        occurred_at=when,
    )


async def test_mrr_per_day_from_events(merchant):
    today = datetime.now(UTC).replace(hour=12, minute=0, second=0, microsecond=0)
    day = timedelta(days=1)
    await _event(merchant.id, "sub_a", 1000, today - 10 * day)  # before the window
    await _event(merchant.id, "sub_b", 500, today - 3 * day)
    await _event(merchant.id, "sub_a", 0, today - 2 * day)  # paused
    await _event(merchant.id, "sub_a", 2000, today - 2 * day + timedelta(hours=1))  # upgraded
    await _event(merchant.id, "sub_b", 0, today - day)
    await _event(merchant.id, "sub_c", 700, today + timedelta(days=3))  # future: ignored
    series = await mrr.mrr_per_day(merchant.id, 5)
    assert [date for date, _ in series] == [(today - n * day).date() for n in range(4, -1, -1)]
    assert [cents for _, cents in series][:-1] == [1000, 1500, 2500, 2000]
    # Today is the subscriptions' own MRR, as the headline reads it (none exist here).
    assert series[-1][1] == (await mrr.merchant_mrr(merchant.id)).amount_cents == 0


async def test_mrr_per_day_counts_created_subscriptions_today(merchant, make_merchant):
    await subscribe(merchant.id, monthly_cents=2900)
    other = await make_merchant()
    await subscribe(other.id, monthly_cents=100)
    assert (await mrr.mrr_per_day(merchant.id, 2))[-1][1] == 2900
    assert [cents for _, cents in await mrr.mrr_per_day(merchant.id, 1)] == [2900]


async def test_mrr_per_day_ends_at_the_headline_even_when_events_say_otherwise(merchant):
    """An event history that lost a subscription's MRR (here an event of 0 after it) must not
    end the chart at $0 under a headline of $29: today's point is the headline's figure."""
    sub = await subscribe(merchant.id, monthly_cents=2900)
    await _event(merchant.id, sub.stable_subscription_id, 0, datetime.now(UTC))
    split = await trials.mrr_split(merchant.id)
    series = await mrr.mrr_per_day(merchant.id, 30)
    assert series[-1][1] == split.total_cents == 2900
    assert len(series) == 30
