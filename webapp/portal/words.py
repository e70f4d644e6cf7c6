"""The portal in an end customer's words: their plan's status, a card, the outcome of paying.

Presentation only; the services' messages are written for merchants and developers, so the
few a customer can meet are reworded here (``REFUSALS``), the rest go through ``plain``.
"""

from datetime import datetime

from billing.core.models import utcnow
from billing.payments.checkout.checkout_sandbox import BAD_CARD
from billing.payments.collection import retry_payment
from billing.payments.gateways.provider_b.charging import NO_COUNTRY
from billing.payments.models import PaymentMethod
from billing.portal.card_sandbox import LIVE_REFUSED
from billing.portal.setup_intents import NEEDS_SUBSCRIPTION
from billing.subscriptions import statuses, trials
from billing.subscriptions.models import Subscription
from webapp.forms.plain_words import plain
from webapp.pages.dates import day

CARD_COMING = "Card added — it will appear here in a moment."
ADD_A_CARD_FIRST = "There is no card to charge yet. Add a card below first, then pay."
REFUSALS = {
    retry_payment.NO_METHOD: ADD_A_CARD_FIRST,
    retry_payment.IN_PROGRESS: "A payment for this invoice is already on its way; "
    "reload the page in a moment to see how it ended.",
    retry_payment.REFUSALS["paid"]: "This invoice is already paid. Thank you.",
    LIVE_REFUSED: "Cards can only be typed in here in test mode; add your card with the "
    "payment provider's secure card form under Add a card.",
    NEEDS_SUBSCRIPTION: "A payment method can be added once you have an active subscription.",
    NO_COUNTRY: "The payment page needs your billing country, and none is on file yet; "
    "ask the merchant to add it, then try again.",
    BAD_CARD: "Check the card: its number, the month and year it expires (like 12 and 2034) "
    "and the 3 or 4 digit security code.",
}
INVOICE_WORDS = {"unpaid": "Unpaid", "paid": "Paid", "void": "Void"}
# What came back of a paid invoice or payment (refund_reads: succeeded refunds only).
REFUND_WORDS = {"partially_refunded": "Partly refunded", "refunded": "Refunded"}
PAYMENT_WORDS = {
    "succeeded": "Paid",
    "failed": "Failed",
    "pending": "Processing",
    "refunded": "Refunded",
    "partially_refunded": "Partly refunded",
}


OVERDUE = (statuses.PAST_DUE, statuses.UNPAID)


def in_grace(subscription: Subscription | None) -> bool:
    """Whether a payment is overdue: the subscription's renewal failed (``past_due``, its
    retries and grace running), it is in its grace period, or it is unpaid."""
    if subscription is None:
        return False
    return subscription.grace_period_ends_at is not None or subscription.status in OVERDUE


def payment_failed(subscription: Subscription | None) -> bool:
    """Whether the portal tells the customer their last payment failed (``past_due``)."""
    return subscription is not None and subscription.status == statuses.PAST_DUE


def plan_status(subscription: Subscription, now: datetime | None = None) -> str:
    """``Active``, ``Trial until Jan 1, 2030``, ``Paused``, ``Payment failed``,
    ``Payment overdue``, ``Ended``."""
    now = now or utcnow()
    if payment_failed(subscription):
        return "Payment failed"
    if in_grace(subscription):
        return "Payment overdue"
    shown = trials.display_status(subscription, now)
    if shown == trials.TRIALING:
        return f"Trial until {day(subscription.trial_end_date)}"
    return {"active": "Active", "paused": "Paused", "cancelled": "Ended"}.get(
        shown, shown.capitalize()
    )


def method_name(method: PaymentMethod) -> str:
    """``Visa •••• 4242``; a mandate or account without card details by its kind."""
    if method.card_last_four:
        brand = (method.card_brand or "Card").replace("_", " ").title()
        return f"{brand} •••• {method.card_last_four}"
    if method.bank_last_four:
        return f"{method.bank_name or 'Bank account'} •••• {method.bank_last_four}"
    kind = (method.payment_type or "payment method").replace("_", " ")
    return "Payment authorisation" if kind == "mandate" else kind.capitalize()


def expiry(method: PaymentMethod) -> str | None:
    if method.card_expiry_month and method.card_expiry_year:
        return f"{method.card_expiry_month:02d}/{method.card_expiry_year}"
    return None


def pay_outcome(result: dict) -> dict:
    """``retry_payment``'s answer for the customer: paid, processing or failed."""
    if result["success"]:
        return {"kind": "paid", "message": "Paid. Thank you."}
    if result["message"] == retry_payment.MESSAGES["pending"]:
        return {"kind": "pending", "message": "Your payment is processing. Check back shortly."}
    return {"kind": "failed", "message": f"The payment failed: {plain(result['message'])}"}


def refusal(message: str) -> str:
    return REFUSALS.get(message) or plain(message)
