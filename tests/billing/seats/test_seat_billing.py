"""The price of a seat added mid-period, against a table worked out by hand.

The rule (billing/seats/seat_billing.py): unit price x seconds from the change to the period's
end / seconds in the period, rounded half-even once per line. Outside a paid period nothing is
charged, and a removal stops counting at the end of the paid period.
"""

from datetime import UTC, datetime, timedelta

import pytest

from billing.catalog.pricing import seat_price_data
from billing.seats.seat_billing import removal_takes_effect, seat_amount
from billing.subscriptions.models import SubscriptionDetail

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
FEB_1 = datetime(2030, 2, 1, tzinfo=UTC)
MAR_1 = datetime(2030, 3, 1, tzinfo=UTC)
YEAR_2030, YEAR_2031 = JAN_1, datetime(2031, 1, 1, tzinfo=UTC)


def paid(unit_cents: int, start: datetime | None, end: datetime | None) -> SubscriptionDetail:
    [component] = seat_price_data(unit_cents, "month", bill_immediately=True)["components"]
    return SubscriptionDetail(
        component_id="seats",
        component=component,
        recurrence_rule=component["recurrence_rule"],
        subscription_start_date=start or JAN_1,
        previous_billing_date=start,
        next_billing_date=end,
    )


# (unit cents, paid period, added at, cents), each worked out by hand:
HAND_TABLE = [
    # January has 31 days = 2,678,400 s.
    (1000, (JAN_1, FEB_1), JAN_1, 1000),  # the whole period
    (1000, (JAN_1, FEB_1), datetime(2030, 1, 16, tzinfo=UTC), 516),  # 16/31 = 516.129
    (1000, (JAN_1, FEB_1), datetime(2030, 1, 31, 12, tzinfo=UTC), 16),  # 0.5/31 = 16.129
    (999, (JAN_1, FEB_1), datetime(2030, 1, 11, 6, tzinfo=UTC), 669),  # 999 x 20.75/31 = 668.685
    # February 2030 has 28 days = 2,419,200 s; 1500 x 4,032 s / 2,419,200 s = 2.5 exactly.
    (1500, (FEB_1, MAR_1), MAR_1 - timedelta(seconds=4032), 2),  # half-even: 2.5 -> 2
    (1500, (FEB_1, MAR_1), MAR_1 - timedelta(seconds=12096), 8),  # half-even: 7.5 -> 8
    (1500, (FEB_1, MAR_1), MAR_1 - timedelta(seconds=1), 0),  # 0.00062: no charge
    (1500, (FEB_1, MAR_1), datetime(2030, 2, 15, tzinfo=UTC), 750),  # 14/28
    # A year: 365 days; July 2 to January 1 is 183 days: 12000 x 183/365 = 6016.438.
    (12000, (YEAR_2030, YEAR_2031), datetime(2030, 7, 2, tzinfo=UTC), 6016),
]


@pytest.mark.parametrize(("unit", "period", "at", "cents"), HAND_TABLE)
def test_a_seat_added_pays_the_rest_of_the_period_to_the_second(unit, period, at, cents):
    assert seat_amount(paid(unit, *period), at) == cents


@pytest.mark.parametrize(
    ("period", "at"),
    [
        ((None, None), JAN_1),  # never billed yet: the billing run counts the seat
        ((JAN_1, FEB_1), FEB_1),  # the period ended: billing is behind, it counts the seat
        ((JAN_1, FEB_1), JAN_1 - timedelta(seconds=1)),  # before the paid period
    ],
)
def test_outside_a_paid_period_a_seat_costs_nothing_now(period, at):
    assert seat_amount(paid(1000, *period), at) == 0


def test_a_seat_added_in_the_first_second_of_the_period_pays_all_of_it():
    """A seat's time is recorded to the second, a period's start to the microsecond: a seat
    added in the same second as a subscription started mid-second lies inside its period."""
    started = datetime(2030, 1, 1, 9, 30, 15, 734_000, tzinfo=UTC)
    detail = paid(1000, started, started + timedelta(days=31))
    assert seat_amount(detail, started.replace(microsecond=0)) == 1000
    assert seat_amount(detail, started.replace(microsecond=0) - timedelta(seconds=1)) == 0


def test_a_removal_stops_counting_at_the_end_of_the_paid_period():
    detail = paid(1000, JAN_1, FEB_1)
    assert removal_takes_effect([detail], datetime(2030, 1, 20, tzinfo=UTC)) == FEB_1
    assert removal_takes_effect([detail], FEB_1) is None  # nothing paid for then: at once
    assert removal_takes_effect([paid(1000, None, None)], JAN_1) is None
