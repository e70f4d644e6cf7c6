"""Subscriptions in words for the dashboard: the status a merchant reads.

Presentation only. "Trialing" and "Cancelled" come from ``billing.subscriptions.trials``
(/v1 keeps the spec's statuses). Dates are ``webapp.pages.dates``.
"""

from billing.subscriptions import trials

STATUS_LABELS = {
    "active": "Active",
    "trialing": "Trialing",
    "past_due": "Past due",
    "incomplete": "Incomplete",
    "paused": "Paused",
    "unpaid": "Unpaid",
    "cancelled": "Cancelled",
}


def subscription_status(subscription) -> str:
    """The status key the dashboard shows (``trialing`` and ``cancelled`` included)."""
    return trials.display_status(subscription)


def status_label(status: str) -> str:
    return STATUS_LABELS.get(status, status.capitalize())


def register(bp) -> None:
    """Make the helpers available to every dashboard template (cards appear on several)."""
    bp.add_app_template_global(subscription_status, "subscription_status")
    bp.add_app_template_filter(status_label, "status_label")
