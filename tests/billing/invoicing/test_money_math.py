"""The money math against tables written by hand (each row worked out on paper) and
properties no table can cover: a split period prorates back to the whole, graduated tiers
never charge less for more."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from billing.invoicing.cycles import Charge, usage_amount
from billing.invoicing.money_math import (
    GRADUATED,
    VOLUME,
    AmountTooLarge,
    MoneyMathError,
    in_period,
    per_unit,
    prorated,
    proration,
    round_line,
    tier_parts,
    tiered,
)

# 10¢ each up to 100; 5¢ each from 101 to 1,000 plus a $2 flat fee; 1¢ each above.
TIERS = [
    {"upTo": 100, "unitAmount": 10},
    {"upTo": 1000, "unitAmount": 5, "flatAmount": 200},
    {"upTo": None, "unitAmount": 1},
]

GRADUATED_TABLE = [
    # quantity, cents, how
    (0, 0, "nothing used, nothing charged: no flat fee either"),
    (1, 10, "one unit in the first tier"),
    (100, 1000, "exactly on the first edge: 100 x 10, still the first tier"),
    (101, 1205, "1000 + 1 x 5 + the second tier's 200 flat"),
    (1000, 5700, "1000 + 900 x 5 + 200"),
    (1001, 5701, "5700 + 1 x 1 in the last tier (no upTo)"),
    (2500, 7200, "5700 + 1500 x 1"),
    ("100.5", 1202, "1000 + 0.5 x 5 + 200 = 1202.5, half-even to 1202"),
    ("0.25", 2, "2.5 rounds half-even down to 2"),
    ("0.35", 4, "3.5 rounds half-even up to 4"),
]

VOLUME_TABLE = [
    (0, 0, "nothing used, nothing charged"),
    (100, 1000, "on the edge: the first tier prices all 100"),
    (101, 705, "the second tier prices all 101: 505 + 200 flat"),
    (1000, 5200, "1000 x 5 + 200"),
    (1001, 1001, "the last tier prices all: 1001 x 1, no flat fee"),
    ("100.5", 702, "100.5 x 5 + 200 = 702.5, half-even to 702"),
]


@pytest.mark.parametrize(("quantity", "cents", "how"), GRADUATED_TABLE)
def test_graduated_tiers_match_the_hand_table(quantity, cents, how):
    assert tiered(TIERS, quantity, GRADUATED) == cents, how


@pytest.mark.parametrize(("quantity", "cents", "how"), VOLUME_TABLE)
def test_volume_tiers_match_the_hand_table(quantity, cents, how):
    assert tiered(TIERS, quantity, VOLUME) == cents, how


def test_a_single_unbounded_tier_is_per_unit():
    assert tiered([{"upTo": None, "unitAmount": 3}], 7) == 21
    assert tiered([{"upTo": None, "unitAmount": 3, "flatAmount": 50}], 7, VOLUME) == 71


def test_tier_parts_show_which_tier_priced_which_units():
    parts = tier_parts(TIERS, 1500)
    assert [(p.quantity, p.unit_amount, p.flat_amount) for p in parts] == [
        (100, 10, 0),
        (900, 5, 200),
        (500, 1, 0),
    ]


@pytest.mark.parametrize(
    ("unit", "quantity", "cents"),
    [
        (250, 4, 1000),
        (3, "0.5", 2),  # 1.5 → 2
        (5, "0.5", 2),  # 2.5 → 2
        (7, "0.5", 4),  # 3.5 → 4
        (1, 0.1, 0),  # a float quantity is read as the 0.1 it prints as
        (10, "12.345", 123),  # 123.45 → 123
    ],
)
def test_per_unit_rounds_once_half_even(unit, quantity, cents):
    assert per_unit(unit, quantity) == cents


def test_half_even_rounding_is_symmetric():
    assert [round_line(Decimal(x)) for x in ("0.5", "1.5", "-0.5", "-1.5", "2.49")] == [
        0,
        2,
        0,
        -2,
        2,
    ]


@pytest.mark.parametrize("quantity", [-1, "-0.01", "NaN", "Infinity"])
def test_a_negative_or_endless_quantity_is_refused(quantity):
    with pytest.raises(MoneyMathError):
        tiered(TIERS, quantity)


JAN_1 = datetime(2027, 1, 1, tzinfo=UTC)
JAN_31 = datetime(2027, 1, 31, tzinfo=UTC)  # a 30-day period: 2,592,000 seconds


def test_proration_at_half_time_is_half_of_each_fee():
    change = proration(4900, 5900, JAN_1, JAN_31, JAN_1 + timedelta(days=15))
    assert (change.credit, change.charge) == (-2450, 2950)


def test_proration_counts_seconds():
    period_end = JAN_1 + timedelta(days=3)
    assert prorated(1000, JAN_1, period_end, JAN_1, JAN_1 + timedelta(days=1)) == 333
    one_second = prorated(2_592_000, JAN_1, JAN_31, JAN_1, JAN_1 + timedelta(seconds=1))
    assert one_second == 1  # a fee of one cent per second of the period


def test_proration_outside_the_period_is_nothing_and_an_empty_period_is_refused():
    later = JAN_31 + timedelta(days=1)
    assert prorated(4900, JAN_1, JAN_31, JAN_31, later) == 0
    with pytest.raises(MoneyMathError):
        prorated(4900, JAN_1, JAN_1, JAN_1, JAN_31)


@given(
    amount=st.integers(min_value=0, max_value=10**9),
    seconds=st.integers(min_value=1, max_value=366 * 86400),
    split=st.floats(min_value=0, max_value=1),
)
def test_a_period_split_anywhere_prorates_back_to_the_whole(amount, seconds, split):
    end = JAN_1 + timedelta(seconds=seconds)
    middle = JAN_1 + timedelta(seconds=int(seconds * split))
    parts = prorated(amount, JAN_1, end, JAN_1, middle) + prorated(amount, JAN_1, end, middle, end)
    assert abs(parts - amount) <= 1


@given(
    a=st.decimals(min_value=0, max_value=5000, places=2),
    b=st.decimals(min_value=0, max_value=5000, places=2),
)
def test_graduated_tiers_never_charge_less_for_more(a, b):
    low, high = sorted((a, b))
    assert tiered(TIERS, low) <= tiered(TIERS, high)
    assert sum(p.quantity for p in tier_parts(TIERS, high)) == high


# Rule 9, the ceiling (10^15 cents either way), by hand: (what is computed, cents or refused).
CEILING_TABLE = [
    (lambda: per_unit(1, 10**15), 10**15, "exactly the ceiling is billed"),
    (lambda: per_unit(1, 10**15 + 1), None, "one cent over"),
    (lambda: per_unit(25, 2**63), None, "the probe's 2^63 GB at 0.25: 2.3 x 10^20"),
    (lambda: per_unit(1_000_000, 10**9), 10**15, "10^9 units at 10,000.00: the ceiling"),
    (lambda: per_unit(1_000_000, 10**9 + 1), None, "one unit more"),
    (lambda: tiered(TIERS, 10**15), None, "5700 + (10^15 - 1000) x 1 > 10^15"),
    (lambda: tiered(TIERS, 10**15 - 4700), 10**15, "5700 + (10^15 - 5700) x 1"),
    (lambda: tiered([{"upTo": None, "unitAmount": 3}], 10**26, VOLUME), None, "volume"),
    (lambda: round_line(Decimal("1e40")), None, "past Decimal's 28 digits: refused, not raised"),
    (lambda: round_line(Decimal(-(10**15))), -(10**15), "a credit at the ceiling"),
    (lambda: round_line(Decimal(-(10**15) - 1)), None, "a credit past it"),
]


@pytest.mark.parametrize(("compute", "cents", "how"), CEILING_TABLE)
def test_amounts_past_the_ceiling_are_refused(compute, cents, how):
    if cents is None:
        with pytest.raises(AmountTooLarge, match="the most one invoice may bill"):
            compute()
    else:
        assert compute() == cents, how


def test_a_line_past_the_ceiling_is_refused_naming_it():
    with pytest.raises(AmountTooLarge) as refused:
        Charge("usage", "API calls", 10**15 + 1, JAN_1, JAN_31)
    assert refused.value.message == (
        'The invoice line "API calls" comes to more than 1,000,000,000,000,000 cents, the most '
        "one invoice may bill; correct the usage or price behind it"
    )
    assert refused.value.status == 400
    with pytest.raises(AmountTooLarge, match='"Storage" comes to more than'):
        usage_amount({"type": "per_unit", "amount_cents": 25}, Decimal(2**63), "Storage")


# Rule 7 at the whole second, by hand: a period from 09:30:15.734 to 31 days later is
# 2,678,400 whole seconds from 09:30:15; a change at 09:30:15.100 (same second) leaves all of it.
STARTED = datetime(2030, 1, 1, 9, 30, 15, 734_000, tzinfo=UTC)
WHOLE_SECOND_TABLE = [
    (STARTED.replace(microsecond=100_000), 2_678_400, "the start's second, before its micros"),
    (STARTED, 2_678_400, "the start instant"),
    (STARTED + timedelta(seconds=1, microseconds=-734_000), 2_678_399, "the next whole second"),
    (STARTED + timedelta(days=31, microseconds=-734_001), 1, "the last second"),
]


@pytest.mark.parametrize(("changed_at", "cents", "how"), WHOLE_SECOND_TABLE)
def test_prorations_count_whole_seconds(changed_at, cents, how):
    end = STARTED + timedelta(days=31)
    assert in_period(STARTED, end, changed_at), how
    assert prorated(2_678_400, STARTED, end, changed_at, end) == cents, how
    assert not in_period(STARTED, end, end.replace(microsecond=0))
    assert not in_period(STARTED, end, STARTED.replace(microsecond=0) - timedelta(seconds=1))
