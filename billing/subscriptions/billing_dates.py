"""Billing dates: when a component's recurrence rule bills next.

A component bills on an RFC 5545 rule anchored at the subscription's start. Plain RFC 5545
(and dateutil's ``rrule``) *skips* months that lack the anchor day: a monthly rule from Jan 31
yields Mar 31, May 31... which would silently drop whole billing cycles. Billing must never skip
a cycle, so MONTHLY and YEARLY rules are evaluated here with *clamping*: the n-th period is the
anchor plus ``n * INTERVAL`` months, on the anchor's day or the month's last day when the month
is shorter (Jan 31 → Feb 28, or Feb 29 in a leap year → Mar 31 → Apr 30 ...). The anchor's day
is kept for later months, so a short month does not drag the rest of the series down. A yearly
anchor on Feb 29 bills Feb 28 in common years. ``BYMONTHDAY`` picks the day instead of the
anchor's (negative counts from the month's end, -1 is the last day; too large clamps the same
way) and ``BYMONTH`` the month. Occurrences keep the anchor's time of day.

DAILY and WEEKLY rules have no month-end problem and are evaluated by dateutil.

``COUNT`` limits the number of occurrences (the first at or after the anchor counts as one),
``UNTIL`` ends the series; after the end there is no next date (None). A date-only ``UNTIL``
includes that whole day (UTC).
"""

import calendar
from datetime import UTC, datetime, timedelta

from dateutil import rrule as du

from billing.catalog.recurrence import parse_rule

MAX_SCAN = 100_000  # a rule whose BYMONTH is never reached (INTERVAL=12, other month)
DU_FREQ = {"DAILY": du.DAILY, "WEEKLY": du.WEEKLY}


def _utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def _until(value: str | None) -> datetime | None:
    if value is None:
        return None
    if "T" in value:
        return datetime.strptime(value.rstrip("Z"), "%Y%m%dT%H%M%S").replace(tzinfo=UTC)
    day = datetime.strptime(value, "%Y%m%d").replace(tzinfo=UTC)
    return day + timedelta(days=1) - timedelta(microseconds=1)


def _day_in_month(year: int, month: int, wanted: int) -> int:
    """``wanted`` (1..31, or -1..-31 from the end) clamped into the month."""
    last = calendar.monthrange(year, month)[1]
    if wanted < 0:
        return max(1, last + wanted + 1)
    return min(wanted, last)


def _month_series(parts: dict[str, str], start: datetime):
    """Clamped occurrences of a MONTHLY or YEARLY rule, in order, endless (callers stop)."""
    step = int(parts.get("INTERVAL", "1")) * (12 if parts["FREQ"] == "YEARLY" else 1)
    wanted_day = int(parts.get("BYMONTHDAY", start.day))
    by_month = int(parts["BYMONTH"]) if "BYMONTH" in parts else None
    first_month = start.year * 12 + start.month - 1
    if parts["FREQ"] == "YEARLY" and by_month is not None:
        first_month = start.year * 12 + by_month - 1  # same year, the rule's month
    clock = start.time()
    for n in range(MAX_SCAN):
        index = first_month + n * step
        year, month = divmod(index, 12)
        month += 1
        if year > 9999:
            return
        if by_month is not None and month != by_month:
            continue
        day = _day_in_month(year, month, wanted_day)
        moment = datetime(year, month, day, tzinfo=UTC).replace(
            hour=clock.hour, minute=clock.minute, second=clock.second, microsecond=clock.microsecond
        )
        if moment >= start:
            yield moment


def _daily_series(parts: dict[str, str], start: datetime):
    kwargs: dict = {"dtstart": start, "interval": int(parts.get("INTERVAL", "1"))}
    if "BYMONTHDAY" in parts:
        kwargs["bymonthday"] = int(parts["BYMONTHDAY"])
    if "BYMONTH" in parts:
        kwargs["bymonth"] = int(parts["BYMONTH"])
    try:
        yield from du.rrule(DU_FREQ[parts["FREQ"]], **kwargs)
    except (OverflowError, ValueError):  # ran past year 9999
        return


def occurrences(rule: str, start: datetime):
    """Every billing date of ``rule`` anchored at ``start`` (UTC), in order, honouring COUNT
    and UNTIL. A generator: take what you need."""
    parts = parse_rule(rule)
    start = _utc(start)
    series = (
        _month_series(parts, start)
        if parts["FREQ"] in ("MONTHLY", "YEARLY")
        else _daily_series(parts, start)
    )
    count = int(parts["COUNT"]) if "COUNT" in parts else None
    until = _until(parts.get("UNTIL"))
    for index, moment in enumerate(series):
        if (count is not None and index >= count) or (until is not None and moment > until):
            return
        yield moment


def next_occurrence(rule: str, start: datetime, after: datetime) -> datetime | None:
    """The first billing date of ``rule`` anchored at ``start`` strictly after ``after``, or
    None when the series has ended (COUNT, UNTIL). Aware UTC in and out (naive means UTC)."""
    after = _utc(after)
    for moment in occurrences(rule, start):
        if moment > after:
            return moment
    return None


def previous_occurrence(rule: str, start: datetime, at: datetime) -> datetime | None:
    """The last billing date at or before ``at`` (None when the first is later)."""
    at = _utc(at)
    found = None
    for moment in occurrences(rule, start):
        if moment > at:
            break
        found = moment
    return found


def period_at(rule: str, start: datetime, at: datetime) -> tuple[datetime, datetime]:
    """The billing period containing ``at``: from the last billing date at or before it (or
    the start) to the next one. A period before the start is the first period; when the series
    has ended the period closes at its last date (start and end equal)."""
    start = _utc(start)
    at = max(_utc(at), start)
    period_start = previous_occurrence(rule, start, at) or start
    period_end = next_occurrence(rule, start, at)
    return period_start, period_end or period_start
