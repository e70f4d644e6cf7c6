"""Cancelling in the portal: at the end of the period the customer paid for, with an optional
reason, and undone ("Keep my subscription") before that end.

Both are the dashboard's own calls (``subscription_lifecycle.cancel_at_period_end`` and
``keep``), so the ``cancel_scheduled`` / ``cancel_unscheduled`` events, and the webhooks and
e-mails that consume them, are exactly the ones a merchant's cancel makes. What this module
adds is the portal's part: the merchant offers cancelling (``portal_choices``), the
subscription is the session customer's own (another customer's id answers exactly as an
unknown one), and the reason is text worth keeping.

Cancelling stops the fees, not the usage already used: a price with a usage component bills
the usage up to the end once, then nothing more (``billing_batch``). ``final_usage`` is that
last invoice so far (``upcoming.final_usage``, the same figures as the upcoming invoice), so
the customer is told before and after cancelling what is still to come.
"""

from billing.core.errors import Invalid, NotFound
from billing.core.validation import has_unstorable_characters
from billing.invoicing import upcoming
from billing.portal import portal_choices
from billing.subscriptions import subscription_lifecycle, subscriptions
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscription_versions import NOT_FOUND

MAX_REASON = 500
REASON_TOO_LONG = "cancelReason must be at most 500 characters"
REASON_UNSTORABLE = "cancelReason must not contain control characters"


async def own_subscription(merchant_id: str, customer_id: str, subscription_id: object):
    """The live version of the customer's subscription ``sub_...``; an ended one, an unknown
    one and another customer's all answer the same 404."""
    found = await subscriptions.get_live(merchant_id, subscription_id)
    if found.customer_id != customer_id:
        raise NotFound(NOT_FOUND, code="subscription_not_found")
    return found


async def to_cancel(merchant_id: str, customer_id: str, subscription_id: object):
    """The subscription the confirmation step is about, when the merchant offers cancelling."""
    await portal_choices.require(merchant_id, "cancel")
    return await own_subscription(merchant_id, customer_id, subscription_id)


def clean_reason(reason: object) -> str | None:
    """The reason on one line, trimmed; blank is none."""
    if reason is None:
        return None
    if not isinstance(reason, str):
        raise Invalid(REASON_UNSTORABLE, code="cancel_reason_unstorable", field="cancelReason")
    text = " ".join(reason.split())
    if len(text) > MAX_REASON:
        raise Invalid(REASON_TOO_LONG, code="cancel_reason_too_long", field="cancelReason")
    if has_unstorable_characters(text):
        raise Invalid(REASON_UNSTORABLE, code="cancel_reason_unstorable", field="cancelReason")
    return text or None


async def cancel_at_period_end(
    merchant_id: str, customer_id: str, subscription_id: object, *, reason: object = None
) -> Subscription:
    """Set the customer's subscription to end when its current period ends (409 when it
    already is), keeping ``reason``."""
    await portal_choices.require(merchant_id, "cancel")
    cleaned = clean_reason(reason)
    live = await own_subscription(merchant_id, customer_id, subscription_id)
    return await subscription_lifecycle.cancel_at_period_end(
        merchant_id, live.stable_subscription_id, reason=cleaned
    )


async def keep(merchant_id: str, customer_id: str, subscription_id: object) -> Subscription:
    """Undo the cancel before the period ends (409 when none is set); the reason goes."""
    await portal_choices.require(merchant_id, "cancel")
    live = await own_subscription(merchant_id, customer_id, subscription_id)
    return await subscription_lifecycle.keep(merchant_id, live.stable_subscription_id)


async def final_usage(merchant_id: str, live: Subscription) -> upcoming.Upcoming | None:
    """What cancelling at the period end still bills once at that end (the usage so far, it
    grows until then); None when the subscription's price bills no usage."""
    return await upcoming.final_usage(merchant_id, live)
