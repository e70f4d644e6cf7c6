"""The offline card form of the hosted checkout page, for test mode only.

A real checkout confirms provider A's PaymentIntent in the customer's browser with the
provider's own script, so card numbers never reach Tally. Offline (a sandbox, the demo,
the tests against a fake gateway) that script cannot load, so the hosted checkout page offers a
plain card form instead and this module confirms the PaymentIntent through the provider A API:
a card PaymentMethod is created from the fields, attached to the intent's customer (which
checks the card, as saving a card does), set on the intent, and the intent confirmed (rather
than one ``confirm(payment_method=...)``, which the offline gateway lacks).

Because card numbers then pass through Tally, this path is refused for live merchant rows
(403): only test keys and test cards (``4242 4242 4242 4242`` pays, ``4000 0000 0000 0341`` and
``4000 0000 0000 0002`` are declined) ever use it.

The answer is recorded like any charge's (``payment_outcomes``: whoever learns it first, the
webhook or this call), and a success keeps the card for the subscription in the same
transaction (``checkout_cards``: once, whichever path is first). Only a pending payment is
confirmed: after a decline the page starts the checkout again (payment-init reuses the
subscription and invoice, with a new attempt and PaymentIntent), so each attempt has one
outcome and the event stream never goes back.
"""

import asyncio
import re

from tortoise.transactions import in_transaction

from billing.accounts.merchants import get_merchant
from billing.core.errors import Conflict, Forbidden, Invalid, NotFound
from billing.core.models import utcnow
from billing.payments import provider_a_config
from billing.payments.checkout import checkout_cards
from billing.payments.collection.payment_outcomes import (
    FAILED,
    PENDING,
    SUCCEEDED,
    mark_failed,
    mark_succeeded,
)
from billing.payments.gateways.base import ChargeAnswer
from billing.payments.gateways.provider_a.sandbox import confirm_payment
from billing.payments.gateways.provider_a.sdk import ProviderAError
from billing.payments.models import Payment

LIVE_REFUSED = (
    "The card form is the offline sandbox path and works only in test mode; live checkouts "
    "confirm the payment with the provider's own script"
)
PAYMENT_NOT_FOUND = "Payment not found"
PROVIDER_ID = re.compile(r"[A-Za-z0-9_-]{1,200}")
SETTLED = "This payment attempt has failed already; start the checkout again"
ALREADY_SUBSCRIBED = "You already have a subscription: this payment is refunded"
BAD_CARD = "Invalid input: card needs number (12 to 19 digits), expMonth, expYear and cvc"


def clean_card(card: object) -> dict:
    """The card fields as the provider takes them; ``Invalid`` when any is missing or odd."""
    if not isinstance(card, dict):
        raise Invalid(BAD_CARD, code="bad_card", field="card")
    number = str(card.get("number") or "").replace(" ", "")
    month, year, cvc = card.get("expMonth"), card.get("expYear"), str(card.get("cvc") or "")
    good = (
        number.isdigit()
        and 12 <= len(number) <= 19
        and isinstance(month, int)
        and 1 <= month <= 12
        and isinstance(year, int)
        and 2000 <= year <= 2100
        and cvc.isdigit()
        and 3 <= len(cvc) <= 4
    )
    if not good:
        raise Invalid(BAD_CARD, code="bad_card", field="card")
    return {"number": number, "exp_month": month, "exp_year": year, "cvc": cvc}


def is_provider_id(value: object) -> bool:
    """Whether ``value`` could be a provider's id (``pi_…``, ``seti_…``: letters, digits, ``_``
    and ``-``, at most 200 characters, the longest a payment holds). Anything else is "not
    found" without a query, so odd input (huge, NUL bytes) never reaches the database."""
    return isinstance(value, str) and PROVIDER_ID.fullmatch(value) is not None


async def find_checkout_payment(merchant_id: str, payment_intent_id: object) -> Payment:
    """The merchant row's provider A payment of this PaymentIntent (its latest attempt)."""
    if not is_provider_id(payment_intent_id):
        raise NotFound(PAYMENT_NOT_FOUND, code="payment_not_found")
    found = (
        await Payment.scoped(merchant_id)
        .filter(provider=provider_a_config.PROVIDER, provider_payment_id=payment_intent_id)
        .order_by("-attempt")
        .first()
    )
    if found is None:
        raise NotFound(PAYMENT_NOT_FOUND, code="payment_not_found")
    return found


async def confirm_card(merchant_id: str, *, payment_intent_id: object, card: object) -> dict:
    """Confirm the checkout's PaymentIntent with ``card``: ``{status, message}`` where status
    is ``succeeded``, ``failed`` (message: the provider's) or ``pending``."""
    if (await get_merchant(merchant_id)).mode != "test":
        raise Forbidden(LIVE_REFUSED, code="checkout_card_form_live")
    fields = clean_card(card)
    payment = await find_checkout_payment(merchant_id, payment_intent_id)
    if payment.status == SUCCEEDED:
        return await settled_answer(payment.id)
    secret = await provider_a_config.provider_a_secret(merchant_id)
    if secret is None:
        raise Forbidden(
            "Provider A is not configured for this merchant", code="provider_a_not_configured"
        )
    if payment.status != PENDING:
        raise Conflict(SETTLED, code="payment_attempt_failed")
    try:
        answer, intent = await asyncio.to_thread(confirm_payment, secret, payment, fields)
    except ProviderAError as unknown:
        answer, intent = ChargeAnswer("failed", payment.provider_payment_id, unknown.message), {}
    now = utcnow()
    async with in_transaction():
        if answer.status == SUCCEEDED:
            await mark_succeeded(payment.id, now, answer.provider_payment_id)
            keep = await checkout_cards.keep_for_payment(merchant_id, payment.id, intent)
            if keep is not None:
                await keep.apply()
        elif answer.status == FAILED:
            await mark_failed(payment.id, answer.message, answer.provider_payment_id, at=now)
    if answer.status == SUCCEEDED:
        return await settled_answer(payment.id)
    return {"status": answer.status, "message": answer.message}


async def settled_answer(payment_id: str) -> dict:
    """The page's answer for a succeeded checkout payment: ``succeeded``, or
    ``already_subscribed`` when it was refused and is refunded (``checkout_claims``)."""
    payment = await Payment.get(id=payment_id)
    if payment.checkout_outcome:
        return {"status": payment.checkout_outcome, "message": ALREADY_SUBSCRIBED}
    return {"status": SUCCEEDED, "message": None}
