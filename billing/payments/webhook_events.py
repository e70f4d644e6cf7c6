"""Which ``Action`` each provider event type stands for.

Provider A sends Stripe events (``{id, type, created, data: {object}}``), for the five types
its endpoint is registered for:

- ``payment_intent.succeeded``: the payment with that intent id (``provider_payment_id``), or
  the one ``metadata.payment_id`` names, is marked succeeded at the event's time.
- ``payment_intent.payment_failed``: that payment is marked failed with
  ``last_payment_error.message``.
- ``setup_intent.succeeded``: an active card method for the Tally customer in
  ``metadata.customer_id``, with the provider's payment method and customer ids (and the
  card's details when the payment method arrives expanded; nothing is fetched).
- ``checkout.session.completed``: a paid session settles the payment its
  ``metadata.payment_id`` names, with the session's payment intent as the provider's id (a
  hosted checkout is the other way a customer pays an invoice); an unpaid one is recorded.
- ``setup_intent.setup_failed``: recorded only; the customer simply has no new method.

Provider B sends Standard Webhooks events (``{business_id, type, timestamp, data}``) with the
types of the ``dodopayments`` SDK:

- ``payment.succeeded`` / ``payment.failed`` / ``payment.cancelled``: the payment with that
  ``payment_id``, or the one ``metadata.payment_id`` names, succeeded / failed (with
  ``error_message``) / failed as cancelled.
- ``subscription.active`` and ``subscription.update_payment_method``: an on-demand
  subscription is provider B's mandate to charge later; its ``payment_method_id`` becomes an
  active ``mandate`` method for the Tally customer in ``metadata.customer_id``, keeping the
  subscription id (what a later charge names) and its ``product_id`` (what a partial refund
  of such a charge names) in ``externalPspMetadata``.
- ``refund.succeeded`` / ``refund.failed``: the pending refund with that ``refund_id``, or the
  one ``metadata.tally_refund_id`` names (the refund call sends it), is settled through
  ``refund_outcomes`` (a failure gives the amount back to the payment and voids the adjustment
  invoice); a refund settled already is left as it is.

Every other type is recorded only.
"""

from typing import Any

from billing.payments.webhook_actions import (
    Action,
    AddPaymentMethod,
    RecordOnly,
    dict_at,
    find_customer,
    from_iso,
    from_unix,
    plan_refund,
    settle,
    text,
)

PROVIDER_A = "provider_a"
PROVIDER_B = "provider_b"
PROVIDER_B_MANDATE_EVENTS = ("subscription.active", "subscription.update_payment_method")
CANCELLED = "The payment was cancelled"
REFUND_FAILED = "Provider B reported that the refund failed"


async def plan_provider_a(merchant_id: str, event: dict) -> Action:
    kind = event.get("type")
    data = dict_at(event, "data", "object")
    at = from_unix(event.get("created"))
    metadata = dict_at(data, "metadata")
    if kind in ("payment_intent.succeeded", "payment_intent.payment_failed"):
        failed = kind == "payment_intent.payment_failed"
        return await settle(
            merchant_id,
            PROVIDER_A,
            succeeded=not failed,
            provider_payment_id=data.get("id"),
            payment_id=metadata.get("payment_id"),
            at=at,
            message=text(dict_at(data, "last_payment_error").get("message"), 500),
        )
    if kind == "checkout.session.completed":
        if data.get("payment_status") != "paid":
            return RecordOnly("the checkout session is not paid")
        return await settle(
            merchant_id,
            PROVIDER_A,
            succeeded=True,
            provider_payment_id=_id_of(data.get("payment_intent")),
            payment_id=metadata.get("payment_id"),
            at=at,
        )
    if kind == "setup_intent.succeeded":
        return await _card_method(merchant_id, data)
    if kind == "setup_intent.setup_failed":
        return RecordOnly("a failed setup adds no payment method")
    return RecordOnly(f"Tally does not act on {_printable(kind)} events")


def _id_of(value: Any) -> Any:
    """A Stripe reference, either an id or the expanded object with its ``id``."""
    return value.get("id") if isinstance(value, dict) else value


async def _card_method(merchant_id: str, setup_intent: dict) -> Action:
    named = dict_at(setup_intent, "metadata").get("customer_id")
    customer = await find_customer(merchant_id, named)
    if customer is None:
        return RecordOnly("its metadata names no customer of this merchant")
    method = setup_intent.get("payment_method")
    method_id = text(_id_of(method))
    if method_id is None:
        return RecordOnly("it carries no payment method")
    fields = {"external_psp_customer_id": text(_id_of(setup_intent.get("customer")))}
    fields.update(_card_fields(dict_at(method, "card")))
    return AddPaymentMethod(merchant_id, customer.id, PROVIDER_A, "card", method_id, fields)


def _card_fields(card: dict) -> dict:
    """The card details that fit their columns; the others are left empty."""
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


async def plan_provider_b(merchant_id: str, event: dict) -> Action:
    kind = event.get("type")
    data = dict_at(event, "data")
    metadata = dict_at(data, "metadata")
    if kind in ("payment.succeeded", "payment.failed", "payment.cancelled"):
        message = CANCELLED if kind == "payment.cancelled" else text(data.get("error_message"), 500)
        return await settle(
            merchant_id,
            PROVIDER_B,
            succeeded=kind == "payment.succeeded",
            provider_payment_id=data.get("payment_id"),
            payment_id=metadata.get("payment_id"),
            at=from_iso(event.get("timestamp")),
            message=message,
        )
    if kind in ("refund.succeeded", "refund.failed"):
        return await plan_refund(
            merchant_id,
            PROVIDER_B,
            succeeded=kind == "refund.succeeded",
            provider_refund_id=data.get("refund_id"),
            refund_id=metadata.get("tally_refund_id"),
            at=from_iso(event.get("timestamp")),
            message=REFUND_FAILED,
        )
    if kind in PROVIDER_B_MANDATE_EVENTS:
        return await _mandate(merchant_id, data)
    return RecordOnly(f"Tally does not act on {_printable(kind)} events")


async def _mandate(merchant_id: str, subscription: dict) -> Action:
    named = dict_at(subscription, "metadata").get("customer_id")
    customer = await find_customer(merchant_id, named)
    if customer is None:
        return RecordOnly("its metadata names no customer of this merchant")
    method_id = text(subscription.get("payment_method_id"))
    if method_id is None:
        return RecordOnly("the subscription has no payment method yet")
    fields = {
        "external_psp_customer_id": text(dict_at(subscription, "customer").get("customer_id")),
        "external_psp_metadata": {
            "subscription_id": text(subscription.get("subscription_id")),
            "product_id": text(subscription.get("product_id")),  # a partial refund names it
        },
    }
    return AddPaymentMethod(merchant_id, customer.id, PROVIDER_B, "mandate", method_id, fields)


def _printable(kind: Any) -> str:
    return text(kind, 100) or "untyped"
