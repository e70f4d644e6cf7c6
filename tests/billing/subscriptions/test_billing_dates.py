"""Next billing dates: month-end and leap-year clamping, COUNT/UNTIL, and properties."""

import calendar
from datetime import UTC, datetime, timedelta
from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from billing.catalog.recurrence import RuleError
from billing.subscriptions.billing_dates import (
    next_occurrence,
    occurrences,
    period_at,
    previous_occurrence,
)


def at(year, month, day, hour=0) -> datetime:
    return datetime(year, month, day, hour, tzinfo=UTC)


def dates(rule: str, start: datetime, n: int) -> list[str]:
    return [moment.date().isoformat() for moment in islice(occurrences(rule, start), n)]


def test_jan_31_clamps_and_keeps_the_anchor_day():
    assert dates("FREQ=MONTHLY", at(2023, 1, 31), 5) == [
        "2023-01-31",
        "2023-02-28",
        "2023-03-31",
        "2023-04-30",
        "2023-05-31",
    ]
    assert dates("FREQ=MONTHLY", at(2024, 1, 31), 3)[1] == "2024-02-29"


def test_next_after_the_start_is_the_clamped_month_end():
    assert next_occurrence("FREQ=MONTHLY", at(2023, 1, 31), at(2023, 1, 31)) == at(2023, 2, 28)
    assert next_occurrence("RRULE:FREQ=MONTHLY", at(2024, 1, 31), at(2024, 2, 1)) == at(2024, 2, 29)
    assert next_occurrence("FREQ=MONTHLY", at(2024, 1, 31), at(2024, 2, 29)) == at(2024, 3, 31)


def test_yearly_feb_29():
    assert dates("FREQ=YEARLY", at(2024, 2, 29), 5) == [
        "2024-02-29",
        "2025-02-28",
        "2026-02-28",
        "2027-02-28",
        "2028-02-29",
    ]


def test_intervals_and_month_days():
    assert dates("FREQ=MONTHLY;INTERVAL=3", at(2023, 11, 30), 3) == [
        "2023-11-30",
        "2024-02-29",
        "2024-05-30",
    ]
    assert dates("FREQ=MONTHLY;BYMONTHDAY=-1", at(2023, 1, 15), 3) == [
        "2023-01-31",
        "2023-02-28",
        "2023-03-31",
    ]
    assert dates("FREQ=MONTHLY;BYMONTHDAY=1", at(2023, 1, 15), 2) == ["2023-02-01", "2023-03-01"]
    assert dates("FREQ=MONTHLY;BYMONTHDAY=31", at(2023, 4, 1), 2) == ["2023-04-30", "2023-05-31"]
    assert dates("FREQ=YEARLY;BYMONTH=3", at(2023, 5, 31), 2) == ["2024-03-31", "2025-03-31"]
    assert dates("FREQ=WEEKLY;INTERVAL=2", at(2023, 1, 31), 2) == ["2023-01-31", "2023-02-14"]
    assert dates("FREQ=DAILY", at(2023, 2, 28), 2) == ["2023-02-28", "2023-03-01"]


def test_time_of_day_is_kept_and_naive_means_utc():
    start = datetime(2023, 1, 31, 17, 45, 12)
    assert next_occurrence("FREQ=MONTHLY", start, start) == datetime(
        2023, 2, 28, 17, 45, 12, tzinfo=UTC
    )


def test_count_and_until_end_the_series():
    start = at(2023, 1, 31)
    assert next_occurrence("FREQ=MONTHLY;COUNT=2", start, start) == at(2023, 2, 28)
    assert next_occurrence("FREQ=MONTHLY;COUNT=2", start, at(2023, 2, 28)) is None
    assert next_occurrence("FREQ=MONTHLY;UNTIL=20230331", start, at(2023, 3, 1)) == at(2023, 3, 31)
    assert next_occurrence("FREQ=MONTHLY;UNTIL=20230330T000000Z", start, at(2023, 3, 1)) is None
    assert next_occurrence("FREQ=DAILY;COUNT=3", start, at(2023, 2, 2)) is None


def test_previous_and_period():
    start = at(2023, 1, 31)
    assert previous_occurrence("FREQ=MONTHLY", start, at(2023, 3, 15)) == at(2023, 2, 28)
    assert previous_occurrence("FREQ=MONTHLY", start, at(2023, 1, 1)) is None
    assert period_at("FREQ=MONTHLY", start, at(2023, 3, 31)) == (at(2023, 3, 31), at(2023, 4, 30))
    assert period_at("FREQ=MONTHLY", start, at(2020, 1, 1)) == (start, at(2023, 2, 28))
    assert period_at("FREQ=MONTHLY;COUNT=1", start, at(2024, 1, 1)) == (start, start)


def test_invalid_rule_raises():
    with pytest.raises(RuleError):
        next_occurrence("FREQ=HOURLY", at(2023, 1, 1), at(2023, 1, 1))


def days_in(moment: datetime) -> int:
    return calendar.monthrange(moment.year, moment.month)[1]


starts = st.datetimes(
    min_value=datetime(1990, 1, 1), max_value=datetime(2150, 12, 31), timezones=st.just(UTC)
)
gaps = st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=3650))


@settings(max_examples=300, deadline=None)
@given(start=starts, interval=st.integers(1, 12))
def test_monthly_never_skips_and_clamps(start, interval):
    rule = f"FREQ=MONTHLY;INTERVAL={interval}"
    series = list(islice(occurrences(rule, start), 30))
    assert series[0] == start
    for index, moment in enumerate(series):
        months = start.month - 1 + index * interval
        assert (moment.year, moment.month) == (start.year + months // 12, months % 12 + 1)
        assert moment.day == min(start.day, days_in(moment))
        assert moment.time() == start.time()
    assert all(a < b for a, b in zip(series, series[1:], strict=False))


@settings(max_examples=200, deadline=None)
@given(start=starts)
def test_yearly_keeps_the_anniversary(start):
    for index, moment in enumerate(islice(occurrences("FREQ=YEARLY", start), 12)):
        assert (moment.year, moment.month) == (start.year + index, start.month)
        assert moment.day == min(start.day, days_in(moment))
        if (start.month, start.day) == (2, 29) and not calendar.isleap(moment.year):
            assert moment.day == 28


@settings(max_examples=300, deadline=None)
@given(
    start=starts,
    gap=gaps,
    rule=st.sampled_from(
        [
            "FREQ=MONTHLY",
            "FREQ=MONTHLY;INTERVAL=2",
            "FREQ=YEARLY",
            "FREQ=WEEKLY",
            "FREQ=DAILY;INTERVAL=3",
            "FREQ=MONTHLY;BYMONTHDAY=-1",
            "FREQ=MONTHLY;COUNT=5",
        ]
    ),
)
def test_next_is_the_first_occurrence_strictly_after(start, gap, rule):
    after = start + gap
    found = next_occurrence(rule, start, after)
    earlier = [moment for moment in islice(occurrences(rule, start), 5000) if moment <= after]
    if found is None:
        assert "COUNT" in rule
        return
    assert found > after and found.tzinfo is not None
    assert found == next(m for m in occurrences(rule, start) if m > after)
    if earlier:
        assert earlier[-1] == previous_occurrence(rule, start, after)
        assert next_occurrence(rule, start, earlier[-1]) == found  # same from any earlier point
