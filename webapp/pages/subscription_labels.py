"""Subscriptions in words for the dashboard: the status a merchant reads, and date ranges.

Presentation only. "Trialing" and "Cancelled" come from ``billing.subscriptions.trials``
(/v1 keeps the spec's statuses). A range always names the year of both ends ("Nov 25, 2026 –
Dec 9, 2026"): a trial or a yearly period that crosses a new year would otherwise read as if
it started in the year it ends.
"""

from datetime import datetime

from billing.subscriptions import trials

STATUS_LABELS = {
    "active": "Active",
    "trialing": "Trialing",
    "paused": "Paused",
    "unpaid": "Unpaid",
    "cancelled": "Cancelled",
}


def subscription_status(subscription) -> str:
    """The status key the dashboard shows (``trialing`` and ``cancelled`` included)."""
    return trials.display_status(subscription)


def status_label(status: str) -> str:
    return STATUS_LABELS.get(status, status.capitalize())


def day(moment: datetime | None) -> str:
    """``Nov 25, 2026`` (no leading zero on the day)."""
    if moment is None:
        return "—"
    return f"{moment:%b} {moment.day}, {moment.year}"


def date_range(start: datetime | None, end: datetime | None) -> str:
    """``Nov 25, 2026 – Dec 9, 2026``: the year on both dates, always."""
    return f"{day(start)} – {day(end)}"


def register(bp) -> None:
    """Make the helpers available to every dashboard template (cards appear on several)."""
    bp.add_app_template_global(subscription_status, "subscription_status")
    bp.add_app_template_filter(status_label, "status_label")
    bp.add_app_template_filter(day, "day")
    bp.add_app_template_filter(date_range, "date_range")
