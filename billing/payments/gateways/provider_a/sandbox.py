"""Provider A's test-mode card forms: the card fields a sandbox page posts turned into a card
PaymentMethod and a confirmed PaymentIntent or SetupIntent, as provider A's own script does in
a live browser. Card numbers never reach Tally in live mode; callers refuse live merchants.

Also the card reads those pages and the webhooks need (``read_method``).
"""

import hashlib

import stripe

from billing.payments.gateways.base import FAILED, PENDING, SUCCEEDED, ChargeAnswer
from billing.payments.gateways.provider_a import sdk
from billing.payments.models import Payment

DECLINED = "The card was declined"


class CardDeclined(Exception):
    """The gateway refused the card; ``message`` is its sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def card_method(gateway: stripe.StripeClient, card: dict, owner: str | None, key: str):
    """A card PaymentMethod made from the sandbox form's ``card`` (``clean_card``), attached
    to the gateway customer ``owner`` when there is one: attaching checks the card, as saving
    a card does. ``stripe.CardError`` when the card is refused."""
    method = gateway.v1.payment_methods.create(
        params={"type": "card", "card": card}, options={"idempotency_key": f"{key}:method"}
    )
    if owner:
        gateway.v1.payment_methods.attach(
            method.id, params={"customer": owner}, options={"idempotency_key": f"{key}:own"}
        )
    return method


def confirm_payment(secret: str, payment: Payment, card: dict) -> tuple[ChargeAnswer, dict]:
    """Confirm the checkout payment's PaymentIntent with ``card``: the provider's answer, and
    the confirmed intent (its payment method expanded) for keeping the card.
    ``sdk.ProviderAError`` when the gateway cannot be asked. Synchronous: run in a thread."""
    gateway = sdk.client(secret)
    fingerprint = hashlib.sha256(f"{payment.id}:{sorted(card.items())}".encode()).hexdigest()
    key = f"{payment.idempotency_key}:card-{fingerprint[:24]}"
    intent_id = payment.provider_payment_id or ""
    try:
        owner = gateway.v1.payment_intents.retrieve(intent_id).to_dict().get("customer")
        method = card_method(gateway, card, owner, key)
        gateway.v1.payment_intents.update(
            intent_id,
            params={"payment_method": method.id},
            options={"idempotency_key": f"{key}:set"},
        )
        intent = gateway.v1.payment_intents.confirm(intent_id, options={"idempotency_key": key})
    except stripe.CardError as error:
        return ChargeAnswer(FAILED, intent_id, error.user_message or DECLINED), {}
    except stripe.StripeError as error:
        raise sdk._explain(error, "confirm the payment") from error
    confirmed = {**intent.to_dict(), "payment_method": method.to_dict()}
    if intent.status == "succeeded":
        return ChargeAnswer(SUCCEEDED, intent.id), confirmed
    if intent.status in ("processing", "requires_capture"):
        return ChargeAnswer(PENDING, intent.id), confirmed
    problem = intent.to_dict().get("last_payment_error") or {}
    return ChargeAnswer(FAILED, intent.id, problem.get("message") or DECLINED), confirmed


def confirm_setup(
    secret: str, intent_id: str, card: dict, key: str, *, keep_succeeded: bool = False
) -> dict:
    """Confirm the SetupIntent ``intent_id`` with ``card``; the intent with its payment method
    expanded, as the ``setup_intent.succeeded`` event carries it. With ``keep_succeeded`` an
    intent confirmed already (a second click) is answered as it is. ``CardDeclined`` for a
    refused card, ``sdk.ProviderAError`` when the gateway cannot be asked. Synchronous."""
    gateway = sdk.client(secret)
    try:
        intent = gateway.v1.setup_intents.retrieve(intent_id).to_dict()
        if keep_succeeded and intent.get("status") == "succeeded":
            method = gateway.v1.payment_methods.retrieve(intent["payment_method"])
        else:
            method = card_method(gateway, card, intent.get("customer"), key)
            intent = gateway.v1.setup_intents.confirm(
                intent_id,
                params={"payment_method": method.id},
                options={"idempotency_key": f"{key}:confirm"},
            ).to_dict()
    except stripe.CardError as error:
        raise CardDeclined(error.user_message or DECLINED) from error
    except stripe.StripeError as error:
        raise sdk._explain(error, "save the card") from error
    intent["payment_method"] = method.to_dict()
    return intent


def read_method(secret: str, method_id: str) -> dict:
    """A card PaymentMethod as a dict; ``sdk.ProviderAError`` when it cannot be read."""
    return sdk._call(
        "read the card", lambda: sdk.client(secret).v1.payment_methods.retrieve(method_id)
    ).to_dict()


def test_card(secret: str, number: str, email: str) -> tuple[str, str]:
    """A new gateway customer with a test card ``number`` attached: (customer id, method id).
    For the payments sandbox command's demo customer, made as a browser would. Synchronous."""
    gateway = sdk.client(secret)
    customer = gateway.v1.customers.create(params={"email": email})
    card = {"number": number, "exp_month": 12, "exp_year": 2034, "cvc": "123"}
    method = card_method(gateway, card, customer.id, f"sandbox-card-{email}")
    return customer.id, method.id
