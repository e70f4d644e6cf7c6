"""Reading a payment's or a refund's state back from its provider, for reconciliation.

A pending payment or refund is one whose outcome Tally has not learnt: provider A answered
``processing``, a provider B link is not paid yet, or the webhook that settles it never
arrived. ``reconcile`` asks the provider for it with these reads (outside any transaction)
and settles it through the same paths as a webhook.

Each read answers a ``Seen``: ``succeeded``, ``failed`` (with the provider's message) or
``pending``, and when the provider made the object (which the re-check schedule counts
from); or None when the provider could not be asked (unreachable, the key refused, the
object unknown to it): the row stays pending and is asked again at its next check.
"""

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime

import stripe
from dodopayments import DodoPaymentsError

from billing.payments import provider_a_config, provider_b_config
from billing.payments.gateways.provider_a import sdk as provider_a
from billing.payments.gateways.provider_b import sdk as provider_b
from billing.payments.models import Payment, Refund

log = logging.getLogger("tally.payments.checks")

SUCCEEDED, FAILED, PENDING = "succeeded", "failed", "pending"
# Provider A PaymentIntent statuses that end an attempt without money: ``canceled``, and
# ``requires_payment_method`` once a confirmation failed (``last_payment_error`` set). An
# intent that was never confirmed also reads ``requires_payment_method``: that is a checkout
# whose customer has not paid yet (billing/payments/checkout/payment_init.py), so it stays pending,
# and the
# abandoned-checkout step ends it after a day. ``processing``, ``requires_capture`` and the
# rest are pending.
INTENT_FAILED = {"requires_payment_method", "canceled"}
# Provider B payment statuses (the SDK's ``IntentStatus``) that end it without money.
B_FAILED = {"failed", "cancelled"}
REFUND_STATUSES = {
    "succeeded": SUCCEEDED,
    "failed": FAILED,
    "canceled": FAILED,
    "cancelled": FAILED,
}
CANCELLED = "The payment was cancelled"


@dataclass(frozen=True)
class Seen:
    status: str  # succeeded | failed | pending
    created_at: datetime | None = None
    message: str | None = None


def _from_unix(value: object) -> datetime | None:
    return datetime.fromtimestamp(value, UTC) if isinstance(value, int) else None


def _intent(secret: str, intent_id: str) -> Seen:
    intent = provider_a.client(secret).v1.payment_intents.retrieve(intent_id).to_dict()
    created, status = _from_unix(intent.get("created")), intent.get("status")
    if status == "succeeded":
        return Seen(SUCCEEDED, created)
    problem = intent.get("last_payment_error") or {}
    if status == "canceled" or (status in INTENT_FAILED and problem):
        message = problem.get("message") or f"The payment was not completed ({status})"
        return Seen(FAILED, created, message)
    return Seen(PENDING, created)


def _stripe_refund(secret: str, refund_id: str) -> Seen:
    found = provider_a.client(secret).v1.refunds.retrieve(refund_id).to_dict()
    status = REFUND_STATUSES.get(found.get("status") or "", PENDING)
    return Seen(status, _from_unix(found.get("created")), found.get("failure_reason"))


async def _at_a(merchant_id: str, read, object_id: str) -> Seen | None:
    secret = await provider_a_config.provider_a_secret(merchant_id)
    if secret is None:
        return None
    try:
        return await asyncio.to_thread(read, secret, object_id)
    except (stripe.StripeError, ValueError) as error:
        log.warning("provider A could not be asked about %s: %s", object_id, error)
        return None


async def _b_client(merchant_id: str):
    key = await provider_b_config.secret_and_environment(merchant_id)
    return provider_b.client(*key) if key else None


async def payment_at_provider(payment: Payment) -> Seen | None:
    """What the provider says of the pending ``payment`` (it holds the provider's id)."""
    if not payment.provider_payment_id:
        return None
    if payment.provider == "provider_a":
        return await _at_a(payment.merchant_id, _intent, payment.provider_payment_id)
    dodo = await _b_client(payment.merchant_id)
    if payment.provider != "provider_b" or dodo is None:
        return None
    try:
        async with dodo:
            found = await dodo.payments.retrieve(payment.provider_payment_id)
    except DodoPaymentsError as error:
        log.warning("provider B could not be asked about payment %s: %s", payment.id, error)
        return None
    if found.status == "succeeded":
        return Seen(SUCCEEDED, found.created_at)
    if found.status in B_FAILED:
        message = found.error_message or (CANCELLED if found.status == "cancelled" else None)
        return Seen(FAILED, found.created_at, message)
    return Seen(PENDING, found.created_at)


async def refund_at_provider(payment: Payment, refund: Refund) -> Seen | None:
    """What the provider says of the pending ``refund`` of ``payment``."""
    if not refund.provider_refund_id:
        return None
    if payment.provider == "provider_a":
        return await _at_a(payment.merchant_id, _stripe_refund, refund.provider_refund_id)
    dodo = await _b_client(payment.merchant_id)
    if payment.provider != "provider_b" or dodo is None:
        return None
    try:
        async with dodo:
            found = await dodo.refunds.retrieve(refund.provider_refund_id)
    except DodoPaymentsError as error:
        log.warning("provider B could not be asked about refund %s: %s", refund.id, error)
        return None
    return Seen(REFUND_STATUSES.get(found.status, PENDING), found.created_at)
