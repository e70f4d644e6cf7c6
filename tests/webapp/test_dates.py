"""The dashboard's one date style (``webapp.pages.dates``): what every page prints for a date."""

from datetime import UTC, date, datetime, timedelta, timezone

from webapp.pages.dates import date_range, day, day_time


def test_a_day_has_no_leading_zero_and_always_its_year():
    assert day(datetime(2030, 2, 1, tzinfo=UTC)) == "Feb 1, 2030"
    assert day(date(2030, 12, 31)) == "Dec 31, 2030"
    assert day(None) == "—"


def test_a_moment_is_written_in_utc_and_says_so():
    assert day_time(datetime(2030, 1, 1, 14, 5, tzinfo=UTC)) == "Jan 1, 2030, 14:05 UTC"
    berlin_morning = datetime(2030, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=1)))
    assert day_time(berlin_morning) == "Dec 31, 2029, 23:30 UTC"
    assert day(berlin_morning) == "Dec 31, 2029"
    assert day_time(None) == "—"


def test_a_range_names_both_years():
    start, end = datetime(2029, 12, 15, tzinfo=UTC), datetime(2030, 1, 15, tzinfo=UTC)
    assert date_range(start, end) == "Dec 15, 2029 – Jan 15, 2030"
