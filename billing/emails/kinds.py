"""Every customer e-mail Tally sends, in one place: its template name, the event that sends it,
and what it is for (the settings page lists them in this order, each with an on/off switch).

``event`` is the event log type that writes the e-mail; two e-mails have event types of their
own (``subscription.renewal_upcoming``, ``payment_method.expiring``) written by due steps that
exist for them. ``invoice_issued`` carries the invoice's PDF.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class EmailKind:
    template: str
    event: str
    title: str  # how the dashboard names it
    when: str  # when it goes, in the dashboard's words


KINDS: tuple[EmailKind, ...] = (
    EmailKind("invoice_issued", "invoice.created", "Invoice issued", "an invoice is issued"),
    EmailKind("payment_receipt", "payment.succeeded", "Payment receipt", "a payment succeeds"),
    EmailKind(
        "payment_failed",
        "invoice.payment_failed",
        "Payment failed",
        "a charge is declined, with a link to update the card",
    ),
    EmailKind(
        "trial_ending",
        "subscription.trial_will_end",
        "Trial ending",
        "3 days before a trial ends",
    ),
    EmailKind(
        "renewal_upcoming",
        "subscription.renewal_upcoming",
        "Upcoming renewal",
        "7 days before a yearly subscription renews",
    ),
    EmailKind(
        "card_expiring",
        "payment_method.expiring",
        "Card expiring",
        "in the month before the card on file expires",
    ),
    EmailKind("refund_issued", "refund.succeeded", "Refund issued", "a refund goes through"),
    EmailKind(
        "subscription_cancelled",
        "subscription.canceled",
        "Subscription cancelled",
        "a subscription ends",
    ),
)

BY_TEMPLATE: dict[str, EmailKind] = {kind.template: kind for kind in KINDS}
BY_EVENT: dict[str, EmailKind] = {kind.event: kind for kind in KINDS}
TEST = "test"  # "send me a test": the merchant's own address, no event
