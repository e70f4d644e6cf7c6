"""Inbound provider webhooks: verify the signature, record the event once, act on it.

Nobody logs in to send these: the provider proves the event is its own by signing the exact
body with the webhook secret it shares with one merchant row. So the merchant id in the path
only says whose secret to try, and the signature is the whole authentication. An unknown
merchant, one without a stored secret, a malformed id, a missing or wrong signature and an
altered body all answer the same 400 (``BAD_SIGNATURE``), so the endpoint reveals neither
which merchants exist nor which have a provider configured.

Once verified, an event is processed in one transaction: ``first_sighting`` records its id,
then its action (``webhook_events``) runs. A redelivery finds the id recorded and changes
nothing; a crash before commit leaves the id unrecorded, so the provider's retry processes
it then. Events Tally does not act on are recorded and acknowledged too, so the provider
stops resending them.

Provider A (Stripe events) is verified with the ``stripe`` SDK's ``WebhookSignature`` (header
``Stripe-Signature: t=<unix>,v1=<hmac>``); the event id is the event's ``id``. Provider B is
verified the Standard Webhooks way (``provider_b_signatures.verify_webhook``); its events
carry no id of their own, so the ``webhook-id`` header (the same on every retry of one
message) is it.
Both refuse a signature whose timestamp lies more than five minutes from now either way: an
old one so a captured delivery cannot be replayed later, a future one because it could be
replayed until that future came (the ``stripe`` SDK checks only the past, so
``_signed_recently`` checks both; Standard Webhooks already does). Such a signature gets the
same 400 as any other bad one.
"""

import json
import logging
import time
from collections.abc import Mapping
from typing import Any

import stripe
from tortoise.transactions import in_transaction

from billing.core.errors import Invalid
from billing.core.ids import is_well_formed
from billing.payments import provider_a_config, provider_b_config
from billing.payments.checkout import checkout_cards
from billing.payments.gateways.provider_b import signatures as provider_b_signatures
from billing.payments.models import ProviderEvent
from billing.payments.webhooks.provider_events import first_sighting
from billing.payments.webhooks.webhook_actions import dict_at, text
from billing.payments.webhooks.webhook_events import (
    PROVIDER_A,
    PROVIDER_B,
    plan_provider_a,
    plan_provider_b,
)

log = logging.getLogger("tally.payments.webhooks")

MAX_BODY_BYTES = 256 * 1024  # Stripe's events stay well under this; anything larger is not one
TOLERANCE_SECONDS = 300
MERCHANT_PREFIX = "mer"
BAD_SIGNATURE = "Invalid webhook signature"
TOO_LARGE = f"The webhook body is larger than {MAX_BODY_BYTES // 1024} KiB"
CARD_EVENTS = ("payment_intent.succeeded", "setup_intent.succeeded")
NOT_AN_EVENT = "The webhook body must be a JSON event object with an id and a type"


def check_size(body: bytes) -> None:
    if len(body) > MAX_BODY_BYTES:
        raise Invalid(TOO_LARGE)


async def _secret(read, merchant_id: str) -> str:
    """The merchant row's signing secret; ``BAD_SIGNATURE`` when there is none to check
    with (no query at all for an id that cannot be a merchant's)."""
    if not isinstance(merchant_id, str) or not is_well_formed(merchant_id, MERCHANT_PREFIX):
        raise Invalid(BAD_SIGNATURE)
    try:
        secret = await read(merchant_id)
    except ValueError:  # sealed under an encryption key since replaced
        log.warning("webhook secret of %s cannot be unsealed", merchant_id)
        secret = None
    if not secret:
        raise Invalid(BAD_SIGNATURE)
    return secret


def _event(payload: Any) -> dict:
    if isinstance(payload, (bytes, str)):
        try:
            payload = json.loads(payload)
        except (ValueError, RecursionError):
            raise Invalid(NOT_AN_EVENT) from None
    if not isinstance(payload, dict) or not isinstance(payload.get("type"), str):
        raise Invalid(NOT_AN_EVENT)
    return payload


async def verified_provider_a_event(merchant_id: str, body: bytes, signature: str | None) -> dict:
    """The Stripe event in ``body`` once its ``Stripe-Signature`` is proven made with the
    merchant row's provider A webhook secret; 400 otherwise."""
    check_size(body)
    secret = await _secret(provider_a_config.webhook_secret, merchant_id)
    try:
        payload = body.decode("utf-8")
        stripe.WebhookSignature.verify_header(
            payload, signature, secret, tolerance=TOLERANCE_SECONDS
        )
        _signed_recently(signature)
    except (stripe.SignatureVerificationError, ValueError, TypeError):
        raise Invalid(BAD_SIGNATURE) from None
    event = _event(payload)
    if text(event.get("id")) is None:
        raise Invalid(NOT_AN_EVENT)
    return event


def _signed_recently(signature: str) -> None:
    """ValueError unless the signed timestamp (the header's first ``t=``, the one the SDK
    verified the HMAC over) lies within ``TOLERANCE_SECONDS`` of now, before or after."""
    pairs = [item.split("=", 1) for item in signature.split(",")]
    timestamp = int(next((pair[1] for pair in pairs if pair[0] == "t" and len(pair) == 2), ""))
    if abs(time.time() - timestamp) > TOLERANCE_SECONDS:
        raise ValueError("the signature's timestamp is outside the tolerance")


async def verified_provider_b_event(
    merchant_id: str, body: bytes, headers: Mapping[str, str]
) -> tuple[str, dict]:
    """``(message id, event)`` once the Standard Webhooks signature is proven made with the
    merchant row's provider B webhook secret; 400 otherwise."""
    check_size(body)
    secret = await _secret(provider_b_config.webhook_secret, merchant_id)
    wanted = ("webhook-id", "webhook-timestamp", "webhook-signature")
    signed = {name: headers.get(name) or "" for name in wanted}
    try:
        payload = provider_b_signatures.verify_webhook(secret, body, signed)
    except provider_b_signatures.InvalidSignature:
        raise Invalid(BAD_SIGNATURE) from None
    return signed["webhook-id"], _event(payload)


async def _process(merchant_id: str, provider: str, event_id: str, event: dict, plan) -> bool:
    """Record and act in one transaction; False (and nothing done) for a redelivery."""
    async with in_transaction():
        if not await first_sighting(merchant_id, provider, event_id, event["type"]):
            return False
        action = await plan(merchant_id, event)
        await action.apply()
        log.info("%s event %s for %s: %s", provider, event_id, merchant_id, action.describe())
        return True


async def receive_provider_a(merchant_id: str, body: bytes, signature: str | None) -> bool:
    """Process one provider A delivery; whether it was new (False for a redelivery). A card
    the event stored from a bare payment method id gets its details read after the commit
    (``checkout_cards.fill_details``)."""
    event = await verified_provider_a_event(merchant_id, body, signature)
    new = await _process(merchant_id, PROVIDER_A, event["id"], event, plan_provider_a)
    if new and event["type"] in CARD_EVENTS:
        method = dict_at(event, "data", "object").get("payment_method")
        await checkout_cards.fill_details(merchant_id, checkout_cards.id_of(method))
    return new


async def receive_provider_b(merchant_id: str, body: bytes, headers: Mapping[str, str]) -> bool:
    """Process one provider B delivery; whether it was new (False for a redelivery)."""
    event_id, event = await verified_provider_b_event(merchant_id, body, headers)
    return await _process(merchant_id, PROVIDER_B, event_id, event, plan_provider_b)


async def dry_run_provider_a(merchant_id: str, body: bytes, signature: str | None) -> dict:
    """Verify a provider A delivery and say what processing it would do, changing nothing
    (the event is not recorded either, so the real delivery is still processed later)."""
    event = await verified_provider_a_event(merchant_id, body, signature)
    seen = await ProviderEvent.filter(
        merchant_id=merchant_id, provider=PROVIDER_A, event_id=event["id"]
    ).exists()
    if seen:
        action = "would do nothing: this event was already processed"
    else:
        action = "would " + (await plan_provider_a(merchant_id, event)).describe()
    return {
        "verified": True,
        "eventId": event["id"],
        "eventType": event["type"],
        "alreadyProcessed": seen,
        "action": action,
    }
