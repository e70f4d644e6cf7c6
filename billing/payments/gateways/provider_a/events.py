"""Provider A's events and intents in Tally's words.

Stripe events (``{id, type, created, data: {object}}``), for the five types its endpoint is
registered for:

- ``payment_intent.succeeded`` / ``payment_intent.payment_failed``: a payment settled (its
  intent id, ``metadata.payment_id``, ``last_payment_error.message``); a success carries the
  card it was paid with, which a checkout's payment keeps for renewals.
- ``checkout.session.completed``: a paid session settles the payment its
  ``metadata.payment_id`` names, with the session's payment intent as the provider's id; an
  unpaid one is recorded only.
- ``setup_intent.succeeded``: a card saved for the Tally customer in ``metadata.customer_id``
  (a trial checkout's also names ``metadata.subscription_id``).
- ``setup_intent.setup_failed``: recorded only; the customer simply has no new method.

A card arrives as a bare id or expanded; ``card_fields`` keeps only the details that fit
their columns, and a card stored from a bare id gets its details read after the commit
(``fill_method_id``).
"""

from typing import Any

from billing.payments.gateways.events import (
    EventKind,
    IntentRead,
    ParsedEvent,
    SavedMethod,
    dict_at,
    from_unix,
    ignored,
    not_acted_on,
    text,
)
from billing.payments.models import PaymentStatus

CARD_EVENTS = ("payment_intent.succeeded", "setup_intent.succeeded")
INTENT_FAILED = {"requires_payment_method", "canceled"}


def id_of(value: Any) -> Any:
    """A Stripe reference, either an id or the expanded object with its ``id``."""
    return value.get("id") if isinstance(value, dict) else value


def card_fields(card: Any) -> dict:
    """The card details that fit their columns; the others are left empty."""
    card = card if isinstance(card, dict) else {}
    found: dict[str, Any] = {}
    last4, brand, country = card.get("last4"), text(card.get("brand"), 30), card.get("country")
    month, year = card.get("exp_month"), card.get("exp_year")
    if isinstance(last4, str) and len(last4) == 4 and last4.isascii() and last4.isdigit():
        found["card_last_four"] = last4
    if brand:
        found["card_brand"] = found["card_network"] = brand
    if type(month) is int and 1 <= month <= 12:
        found["card_expiry_month"] = month
    if type(year) is int and 1000 <= year <= 9999:
        found["card_expiry_year"] = year
    if isinstance(country, str) and len(country) == 2 and country.isascii() and country.isalpha():
        found["card_issuer_country"] = country.upper()
    return found


def saved_card(intent: dict) -> SavedMethod:
    """The card a PaymentIntent or SetupIntent was confirmed with (its id may be None)."""
    method = intent.get("payment_method")
    fields = {"external_psp_customer_id": text(id_of(intent.get("customer")))}
    fields.update(card_fields(dict_at(method, "card")))
    return SavedMethod(text(id_of(method)), "card", fields)


def intent_read(intent: dict) -> IntentRead:
    """A PaymentIntent or SetupIntent read back: succeeded, failed once a confirmation failed
    or it was canceled, else pending (not confirmed yet, processing)."""
    said = intent.get("status") or ""
    problem = dict_at(intent, "last_payment_error")
    if said == "succeeded":
        status = PaymentStatus.SUCCEEDED
    elif said == "canceled" or (said in INTENT_FAILED and problem):
        status = PaymentStatus.FAILED
    else:
        status = PaymentStatus.PENDING
    metadata = dict_at(intent, "metadata")
    return IntentRead(
        status,
        said,
        customer_id=metadata.get("customer_id"),
        subscription_id=metadata.get("subscription_id"),
        method=saved_card(intent),
        provider_id=text(intent.get("id")),
        message=text(problem.get("message"), 500),
    )


def parse(event: dict) -> ParsedEvent:
    kind = event.get("type")
    data = dict_at(event, "data", "object")
    at = from_unix(event.get("created"))
    metadata = dict_at(data, "metadata")
    fill = id_of(data.get("payment_method")) if kind in CARD_EVENTS else None
    if kind in ("payment_intent.succeeded", "payment_intent.payment_failed"):
        succeeded = kind == "payment_intent.succeeded"
        return ParsedEvent(
            EventKind.PAYMENT,
            at,
            succeeded=succeeded,
            provider_id=data.get("id"),
            tally_id=metadata.get("payment_id"),
            message=text(dict_at(data, "last_payment_error").get("message"), 500),
            method=saved_card(data) if succeeded else None,
            fill_method_id=fill,
        )
    if kind == "checkout.session.completed":
        if data.get("payment_status") != "paid":
            return ignored("the checkout session is not paid")
        return ParsedEvent(
            EventKind.PAYMENT,
            at,
            succeeded=True,
            provider_id=id_of(data.get("payment_intent")),
            tally_id=metadata.get("payment_id"),
        )
    if kind == "setup_intent.succeeded":
        return ParsedEvent(
            EventKind.METHOD,
            customer_id=metadata.get("customer_id"),
            subscription_id=metadata.get("subscription_id"),
            method=saved_card(data),
            fill_method_id=fill,
        )
    if kind == "setup_intent.setup_failed":
        return ignored("a failed setup adds no payment method")
    return not_acted_on(kind)
