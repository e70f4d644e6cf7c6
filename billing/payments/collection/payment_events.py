"""A payment's status as the public event stream tells it (``GET /v1/public/events/{id}``).

Changes travel through PostgreSQL NOTIFY on ``CHANNEL`` so that a stream served by one process
hears of a webhook handled by any other. ``payment_outcomes`` calls ``notify`` in the same
transaction that changes the status: PostgreSQL delivers the notification only on commit, so
a listener never hears of a change it cannot read yet, nor of one rolled back.

The notification carries the whole event a client is sent (and who it belongs to), so the
one listener of a process fans it out to every stream of that payment without a query per
stream. A client names the payment by its provider's id (provider A's ``pi_...``, provider
B's payment id) or by Tally's own ``pay_...`` id; either is looked up within the key's
merchant row only (which is one mode), so another merchant's payment answers as missing.
"""

import json
import re

from tortoise import connections
from tortoise.expressions import Q

from billing.core.errors import NotFound
from billing.core.ids import is_well_formed
from billing.payments.models import PROVIDERS, CheckoutOutcome, Payment, PaymentStatus

CHANNEL = "tally_payment_events"
# The words after which a stream has nothing more to tell: a payment settled, or paid but
# refused and refunded at once (``checkout_claims``).
FINAL_STATUSES = frozenset(
    {PaymentStatus.SUCCEEDED, PaymentStatus.FAILED, CheckoutOutcome.ALREADY_SUBSCRIBED}
)
NOT_FOUND = "Payment intent not found or access denied"
# What a provider's id can look like (provider_payment_id is 200 characters wide): anything
# else answers "not found" without a query, so odd path segments never reach the database.
PROVIDER_ID = re.compile(r"[A-Za-z0-9_\-]{1,200}")


def event_of(payment: Payment) -> dict:
    """The ``data`` of one ``status`` event."""
    return {
        "paymentIntentId": payment.provider_payment_id or payment.id,
        "paymentId": payment.id,
        # already_subscribed: paid but refused and refunded at once (checkout_claims)
        "status": payment.checkout_outcome or payment.status,
        "invoiceId": payment.invoice_id,
        "amountCents": payment.amount_cents,
        "currency": payment.currency,
        "errorMessage": payment.error_message,
    }


def is_final(event: dict) -> bool:
    return event["status"] in FINAL_STATUSES


async def notify(payment: Payment) -> None:
    """Tell every process's listener the payment's new status, on commit of the caller's
    transaction (at once outside one). The payload stays far below NOTIFY's 8,000 bytes: the
    longest field is the 500-character error message."""
    payload = {"merchantId": payment.merchant_id, "event": event_of(payment)}
    await connections.get("default").execute_query(
        "SELECT pg_notify($1, $2)", [CHANNEL, json.dumps(payload)]
    )


def parse_notification(payload: str) -> tuple[str, str, dict] | None:
    """(merchant id, payment id, event) of a notification; None when it is not one of ours."""
    try:
        message = json.loads(payload)
        event = message["event"]
        return message["merchantId"], event["paymentId"], event
    except (ValueError, KeyError, TypeError):
        return None


async def find_payment(merchant_id: str, payment_intent_id: str) -> Payment:
    """The merchant row's payment with this provider id (or Tally id); NotFound otherwise.

    The provider id is matched within the merchant row through the ``(merchant_id,
    provider_payment_id)`` index (the Tally id through the primary key); a retried invoice
    has one payment per attempt, each with its own provider id, and should one id ever
    repeat the newest attempt answers.
    """
    if not PROVIDER_ID.fullmatch(payment_intent_id):
        raise NotFound(NOT_FOUND, code="payment_intent_not_found")
    by_provider = Q(provider__in=PROVIDERS, provider_payment_id=payment_intent_id)
    if is_well_formed(payment_intent_id, Payment.id_prefix):  # provider B's ids look alike
        by_provider |= Q(id=payment_intent_id)
    query = Payment.scoped(merchant_id).filter(by_provider)
    payment = await query.order_by("-created_at").first()
    if payment is None:
        raise NotFound(NOT_FOUND, code="payment_intent_not_found")
    return payment


async def current_event(merchant_id: str, payment_id: str) -> dict:
    """The payment's status event as stored now (by Tally id, within the merchant row)."""
    return event_of(await find_payment(merchant_id, payment_id))
