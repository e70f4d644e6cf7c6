"""Subscriptions in words for the dashboard: the status a merchant reads.

Presentation only: the stored status in words, an ended one as "Cancelled"
(``billing.subscriptions.trials``), and which actions a status offers (the sets of
``billing.subscriptions.statuses``, so the buttons follow the service's rule). Dates are
``webapp.pages.dates``.
"""

from billing.subscriptions import statuses, trials

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
    bp.add_app_template_global(statuses.PAUSABLE, "PAUSABLE")
    bp.add_app_template_global(statuses.OPEN, "OPEN_STATUSES")
