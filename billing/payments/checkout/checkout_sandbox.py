"""The offline card form of the hosted checkout page, for test mode only.

A real checkout at a gateway that takes cards in Tally's page (``Gateway.confirms_in_browser``:
provider A) confirms the payment in the customer's browser with the provider's own script, so
card numbers never reach Tally. Offline (a sandbox, the demo, the tests against a fake gateway)
that script cannot load, so the hosted checkout page offers a plain card form instead and this
module confirms the payment through the gateway (``Gateway.confirm_test_payment``), as the
script would.

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

import re

from tortoise.transactions import in_transaction

from billing.accounts.merchants import get_merchant
from billing.core.errors import Conflict, Forbidden, Invalid, NotFound
from billing.core.models import utcnow
from billing.payments.checkout import checkout_cards
from billing.payments.collection.payment_outcomes import (
    FAILED,
    PENDING,
    SUCCEEDED,
    mark_failed,
    mark_succeeded,
)
from billing.payments.gateways import can, gateway_for, providers_that
from billing.payments.gateways.base import Gateway, GatewayRefused
from billing.payments.models import Payment
from billing.payments.providers import configured_providers

LIVE_REFUSED = (
    "The card form is the offline sandbox path and works only in test mode; live checkouts "
    "confirm the payment with the provider's own script"
)
PAYMENT_NOT_FOUND = "Payment not found"
PROVIDER_ID = re.compile(r"[A-Za-z0-9_-]{1,200}")
SETTLED = "This payment attempt has failed already; start the checkout again"
ALREADY_SUBSCRIBED = "You already have a subscription: this payment is refunded"
BAD_CARD = "Invalid input: card needs number (12 to 19 digits), expMonth, expYear and cvc"
NOT_CONFIGURED = "Provider A is not configured for this merchant"


def browser_providers() -> list[str]:
    """The providers whose checkouts a page confirms with a card (``confirms_in_browser``)."""
    return providers_that("confirms_in_browser")


async def card_gateway(merchant_id: str) -> Gateway:
    """The gateway of the merchant row's first configured provider that takes cards in a
    page; ``Forbidden`` without one (the test card forms need it)."""
    for name in await configured_providers(merchant_id):
        if can(name, "confirms_in_browser"):
            return gateway_for(name)
    raise Forbidden(NOT_CONFIGURED, code="provider_a_not_configured")


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
    """The merchant row's payment of this provider payment id (its latest attempt), at a
    provider whose checkouts a page confirms."""
    if not is_provider_id(payment_intent_id):
        raise NotFound(PAYMENT_NOT_FOUND, code="payment_not_found")
    found = (
        await Payment.scoped(merchant_id)
        .filter(provider__in=browser_providers(), provider_payment_id=payment_intent_id)
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
    gateway = gateway_for(payment.provider)
    if not await gateway.is_configured(merchant_id):
        raise Forbidden(NOT_CONFIGURED, code="provider_a_not_configured")
    if payment.status != PENDING:
        raise Conflict(SETTLED, code="payment_attempt_failed")
    try:
        answer, method = await gateway.confirm_test_payment(payment, fields)
    except GatewayRefused as refused:  # removed since: nothing was confirmed
        raise Forbidden(NOT_CONFIGURED, code="provider_a_not_configured") from refused
    now = utcnow()
    async with in_transaction():
        if answer.status == SUCCEEDED:
            await mark_succeeded(payment.id, now, answer.provider_payment_id)
            keep = await checkout_cards.keep_for_payment(merchant_id, payment.id, method)
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
