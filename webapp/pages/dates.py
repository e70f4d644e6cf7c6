"""Dates as the dashboard writes them: ``Jan 1, 2030``, and ``Jan 1, 2030, 14:05 UTC`` where the
time of day matters (a key created, a payment attempted, a history entry).

One style on every page: before this the upcoming-invoice panel said "Feb 01, 2030" while the
subscription card beside it said "Jan 1, 2030". Templates use the ``day`` and ``day_time``
filters (registered app-wide in ``webapp.pages``); Python that builds a sentence calls the
functions. Times are shown in UTC and say so, since that is what Tally stores and bills by.
"""

from datetime import UTC, date, datetime

NONE = "—"


def _in_utc(moment: date) -> date:
    if isinstance(moment, datetime) and moment.tzinfo is not None:
        return moment.astimezone(UTC)
    return moment


def day(moment: date | None) -> str:
    """``Jan 1, 2030`` (no leading zero on the day); a dash when there is no date."""
    if moment is None:
        return NONE
    moment = _in_utc(moment)
    return f"{moment:%b} {moment.day}, {moment.year}"


def day_time(moment: datetime | None) -> str:
    """``Jan 1, 2030, 14:05 UTC``; a dash when there is no moment."""
    if moment is None:
        return NONE
    moment = _in_utc(moment)
    return f"{day(moment)}, {moment:%H:%M} UTC"


def date_range(start: date | None, end: date | None) -> str:
    """``Nov 25, 2026 – Dec 9, 2026``: the year on both ends, always, so a period that crosses
    a new year never reads as if it started in the year it ends."""
    return f"{day(start)} – {day(end)}"


def register(app) -> None:
    app.add_template_filter(day, "day")
    app.add_template_filter(day_time, "day_time")
    app.add_template_filter(date_range, "date_range")
