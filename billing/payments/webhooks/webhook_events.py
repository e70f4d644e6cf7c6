"""Which ``Action`` each provider event type stands for.

Provider A sends Stripe events (``{id, type, created, data: {object}}``), for the five types
its endpoint is registered for:

- ``payment_intent.succeeded``: the payment with that intent id (``provider_payment_id``), or
  the one ``metadata.payment_id`` names, is marked succeeded at the event's time; a checkout's
  payment also keeps its card for the subscription (``checkout_cards``).
- ``payment_intent.payment_failed``: that payment is marked failed with
  ``last_payment_error.message``.
- ``setup_intent.succeeded``: an active card method for the Tally customer in
  ``metadata.customer_id``, with the provider's payment method and customer ids (and the
  card's details when the payment method arrives expanded; otherwise ``webhooks`` reads them
  after the commit). A trial checkout's intent also names ``metadata.subscription_id``: the
  card is linked to that subscription and its trial starts (``checkout_cards``).
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
  of such a charge names) in ``externalPspMetadata``. A trial checkout's mandate names
  ``metadata.subscription_id``: it is linked to that subscription and the trial starts.
- ``refund.succeeded`` / ``refund.failed``: the pending refund with that ``refund_id``, or the
  one ``metadata.tally_refund_id`` names (the refund call sends it), is settled through
  ``refund_outcomes`` (a failure gives the amount back to the payment and voids the adjustment
  invoice); a refund settled already is left as it is.

Every other type is recorded only.
"""

from typing import Any

from billing.payments import provider_a_config, provider_b_config
from billing.payments.checkout.checkout_cards import (
    Both,
    KeepCard,
    card_fields,
    id_of,
    keep_for_payment,
    keep_for_setup,
)
from billing.payments.webhooks.webhook_actions import (
    Action,
    AddPaymentMethod,
    MarkSucceeded,
    RecordOnly,
    dict_at,
    find_customer,
    from_iso,
    from_unix,
    plan_refund,
    settle,
    text,
)
from billing.subscriptions.models import Subscription

PROVIDER_A = provider_a_config.PROVIDER
PROVIDER_B = provider_b_config.PROVIDER
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
        settled = await settle(
            merchant_id,
            PROVIDER_A,
            succeeded=not failed,
            provider_payment_id=data.get("id"),
            payment_id=metadata.get("payment_id"),
            at=at,
            message=text(dict_at(data, "last_payment_error").get("message"), 500),
        )
        if isinstance(settled, MarkSucceeded):
            keep = await keep_for_payment(merchant_id, settled.payment_id, data)
            return settled if keep is None else Both(settled, keep)
        return settled
    if kind == "checkout.session.completed":
        if data.get("payment_status") != "paid":
            return RecordOnly("the checkout session is not paid")
        return await settle(
            merchant_id,
            PROVIDER_A,
            succeeded=True,
            provider_payment_id=id_of(data.get("payment_intent")),
            payment_id=metadata.get("payment_id"),
            at=at,
        )
    if kind == "setup_intent.succeeded":
        return await _card_method(merchant_id, data)
    if kind == "setup_intent.setup_failed":
        return RecordOnly("a failed setup adds no payment method")
    return RecordOnly(f"Tally does not act on {_printable(kind)} events")


async def _card_method(merchant_id: str, setup_intent: dict) -> Action:
    named = dict_at(setup_intent, "metadata").get("customer_id")
    customer = await find_customer(merchant_id, named)
    if customer is None:
        return RecordOnly("its metadata names no customer of this merchant")
    method = setup_intent.get("payment_method")
    method_id = text(id_of(method))
    if method_id is None:
        return RecordOnly("it carries no payment method")
    trial_of = await _checkout_subscription(merchant_id, customer.id, setup_intent)
    if trial_of is not None:
        return keep_for_setup(merchant_id, customer.id, trial_of, setup_intent) or RecordOnly(
            "it carries no payment method"
        )
    fields = {"external_psp_customer_id": text(id_of(setup_intent.get("customer")))}
    fields.update(card_fields(dict_at(method, "card")))
    return AddPaymentMethod(merchant_id, customer.id, PROVIDER_A, "card", method_id, fields)


async def _checkout_subscription(merchant_id: str, customer_id: str, intent: dict) -> str | None:
    """The stable id of the customer's subscription a trial checkout's SetupIntent names in
    ``metadata.subscription_id``, when it is theirs; None for a portal card."""
    named = text(dict_at(intent, "metadata").get("subscription_id"), 40)
    if named is None:
        return None
    found = await (
        Subscription.scoped(merchant_id)
        .filter(stable_subscription_id=named, customer_id=customer_id)
        .exists()
    )
    return named if found else None


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
    trial_of = await _checkout_subscription(merchant_id, customer.id, subscription)
    if trial_of is not None:  # a trial's checkout took this mandate (checkout_setup)
        return KeepCard(
            merchant_id,
            customer.id,
            trial_of,
            method_id,
            fields,
            starts_trial=True,
            provider=PROVIDER_B,
            payment_type="mandate",
        )
    return AddPaymentMethod(merchant_id, customer.id, PROVIDER_B, "mandate", method_id, fields)


def _printable(kind: Any) -> str:
    return text(kind, 100) or "untyped"
