"""What the subscription page shows about its money: the latest payment and how much of it is
left to refund (with the refund form, its amount filled with that), and the dunning state of
a failing renewal. Reads only (``payment_reads``, and ``refund_reads`` for what was refunded
of the latest payment: succeeded refunds only, pending ones shown apart); the refund itself
is ``subscription_refunds``."""

from billing.payments.reads import payment_reads
from billing.payments.refunds import refund_math, refund_reads
from webapp.forms.money import from_cents
from webapp.forms.payments import RefundForm

END_ACTION_WORDS = {
    "cancel": "the subscription will be cancelled",
    "pause": "the subscription will be paused",
    "unpaid": "the subscription will be marked unpaid",
}


def left_of(payment) -> int:
    return refund_math.left_to_refund(payment.amount_cents, payment.refunded_cents)


async def subscription_payment_panel(
    merchant_id: str, subscription, form: RefundForm | None = None
) -> dict:
    """``refund_payment`` (None without one) with ``refund_payment_refunds`` (its refunds and
    totals), ``refund_left`` and ``refund_form`` (the one given, with its errors, else a fresh
    one holding what is left), and ``dunning``."""
    stable_id = subscription.stable_subscription_id
    payment = await payment_reads.latest_refundable(merchant_id, stable_id)
    left = left_of(payment) if payment else 0
    if form is None:
        currency = payment.currency if payment else ""
        form = RefundForm(amount=from_cents(left, currency) if left else "")
        form.currency = currency
    found = await refund_reads.payment_refunds(merchant_id, [payment.id] if payment else [])
    return {
        "refund_payment": payment,
        "refund_payment_refunds": found.get(payment.id) if payment else None,
        "refund_left": left,
        "refund_form": form,
        "dunning": await payment_reads.dunning_state(
            merchant_id, stable_id, subscription.grace_period_ends_at
        ),
        "end_action_words": END_ACTION_WORDS,
    }
