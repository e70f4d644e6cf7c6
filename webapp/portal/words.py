"""The portal in an end customer's words: their plan's status, a card, the outcome of paying.

Presentation only; the services' messages are written for merchants and developers, so the
few errors a customer can meet are reworded here by their code (``REFUSALS``); the rest are
in the dashboard's words (``error_words``).
"""

from datetime import datetime

from billing.core.errors import ServiceError
from billing.core.models import utcnow
from billing.payments.collection import retry_payment
from billing.payments.models import PaymentMethod, PaymentStatus
from billing.subscriptions import statuses, trials
from billing.subscriptions.models import Subscription
from billing.tax.countries import COUNTRIES
from webapp.forms import error_words
from webapp.pages.dates import day

CARD_COMING = "Card added — it will appear here in a moment."
ADD_A_CARD_FIRST = "There is no card to charge yet. Add a card below first, then pay."
REFUSALS = {  # by the error's code
    "no_payment_method": ADD_A_CARD_FIRST,
    "in_progress": "A payment for this invoice is already on its way; "
    "reload the page in a moment to see how it ended.",
    "invoice_paid": "This invoice is already paid. Thank you.",
    "portal_card_form_live": "Cards can only be typed in here in test mode; add your card "
    "with the payment provider's secure card form under Add a card.",
    "needs_subscription": "A payment method can be added once you have an active subscription.",
    "no_billing_country": "The payment page needs your billing country, and none is on file "
    "yet; ask the merchant to add it, then try again.",
    "bad_card": "Check the card: its number, the month and year it expires (like 12 and 2034) "
    "and the 3 or 4 digit security code.",
    "portal_action_off": "This is not available in this billing portal. "
    "Please contact the merchant if you need it.",
    "subscription_not_found": "This subscription was not found.",
    "subscription_ended": "This subscription has ended.",
    "portal_plan_not_offered": "This plan is not available for your subscription. "
    "Choose one of the plans listed.",
    "portal_switch_not_active": "Your subscription can switch plans only while it is active.",
    "cancel_reason_too_long": "Please keep your reason under 500 characters.",
    "cancel_reason_unstorable": "Your reason has characters we cannot keep; please retype it.",
    "changed_concurrently": "Your subscription was just changed; please try again.",
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


def country_name(code: str | None) -> str | None:
    """``Germany`` for ``DE``; an unknown code as it is."""
    return COUNTRIES.get(code, code) if code else None


def expiry(method: PaymentMethod) -> str | None:
    if method.card_expiry_month and method.card_expiry_year:
        return f"{method.card_expiry_month:02d}/{method.card_expiry_year}"
    return None


def pay_outcome(result: dict) -> dict:
    """``retry_payment``'s answer for the customer: paid, processing or failed."""
    if result["success"]:
        return {"kind": "paid", "message": "Paid. Thank you."}
    if result["message"] == retry_payment.MESSAGES[PaymentStatus.PENDING]:
        return {"kind": "pending", "message": "Your payment is processing. Check back shortly."}
    return {"kind": "failed", "message": f"The payment failed: {result['message']}"}


def refusal(error: ServiceError) -> str:
    return REFUSALS.get(error.code) or error_words.words(error)
