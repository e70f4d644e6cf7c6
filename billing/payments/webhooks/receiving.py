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

Each provider's gateway verifies and parses its deliveries (``Gateway.verify_webhook``:
provider A's ``Stripe-Signature``, provider B's Standard Webhooks headers, each with its event
id; ``Gateway.parse_webhook``: what the event means, in Tally's words); every gateway refuses a
signature dated more than five minutes from now either way, with the same 400 as any other bad
one. The merchant row's secret is the gateway's to read (``Gateway.webhook_secret``).
"""

import logging
from collections.abc import Mapping

from tortoise.transactions import in_transaction

from billing.core.errors import Invalid
from billing.core.ids import is_well_formed
from billing.payments.checkout import checkout_cards
from billing.payments.gateways import gateway_for
from billing.payments.gateways.base import InvalidWebhook
from billing.payments.gateways.events import NotAnEvent
from billing.payments.models import ProviderEvent
from billing.payments.webhooks.provider_events import first_sighting
from billing.payments.webhooks.webhook_events import plan_parsed

log = logging.getLogger("tally.payments.webhooks")

MAX_BODY_BYTES = 256 * 1024  # Stripe's events stay well under this; anything larger is not one
MERCHANT_PREFIX = "mer"
BAD_SIGNATURE = "Invalid webhook signature"
TOO_LARGE = f"The webhook body is larger than {MAX_BODY_BYTES // 1024} KiB"
NOT_AN_EVENT = "The webhook body must be a JSON event object with an id and a type"


def check_size(body: bytes) -> None:
    if len(body) > MAX_BODY_BYTES:
        raise Invalid(TOO_LARGE, code="webhook_too_large")


async def _secret(provider: str, merchant_id: str) -> str:
    """The merchant row's signing secret; ``BAD_SIGNATURE`` when there is none to check
    with (no query at all for an id that cannot be a merchant's)."""
    if not isinstance(merchant_id, str) or not is_well_formed(merchant_id, MERCHANT_PREFIX):
        raise Invalid(BAD_SIGNATURE, code="bad_signature")
    try:
        secret = await gateway_for(provider).webhook_secret(merchant_id)
    except ValueError:  # sealed under an encryption key since replaced
        log.warning("webhook secret of %s cannot be unsealed", merchant_id)
        secret = None
    if not secret:
        raise Invalid(BAD_SIGNATURE, code="bad_signature")
    return secret


async def verified_event(
    merchant_id: str, provider: str, body: bytes, headers: Mapping[str, str]
) -> tuple[str, dict]:
    """``(event id, event)`` once ``provider``'s signature is proven made with the merchant
    row's webhook secret for it; 400 otherwise."""
    check_size(body)
    secret = await _secret(provider, merchant_id)
    try:
        return gateway_for(provider).verify_webhook(secret, body, headers)
    except InvalidWebhook:
        raise Invalid(BAD_SIGNATURE, code="bad_signature") from None
    except NotAnEvent:
        raise Invalid(NOT_AN_EVENT, code="not_an_event") from None


async def receive(merchant_id: str, provider: str, body: bytes, headers: Mapping[str, str]) -> bool:
    """Process one delivery of ``provider``; whether it was new (False for a redelivery),
    recorded and acted on in one transaction. A card the event stored from a bare payment
    method id gets its details read after the commit (``checkout_cards.fill_details``)."""
    event_id, event = await verified_event(merchant_id, provider, body, headers)
    parsed = gateway_for(provider).parse_webhook(event)
    async with in_transaction():
        if not await first_sighting(merchant_id, provider, event_id, event["type"]):
            return False
        action = await plan_parsed(merchant_id, provider, parsed)
        await action.apply()
        log.info("%s event %s for %s: %s", provider, event_id, merchant_id, action.describe())
    if parsed.fill_method_id is not None:
        await checkout_cards.fill_details(merchant_id, provider, parsed.fill_method_id)
    return True


async def dry_run(merchant_id: str, provider: str, body: bytes, headers: Mapping[str, str]) -> dict:
    """Verify a delivery and say what processing it would do, changing nothing (the event is
    not recorded either, so the real delivery is still processed later)."""
    event_id, event = await verified_event(merchant_id, provider, body, headers)
    seen = await ProviderEvent.filter(
        merchant_id=merchant_id, provider=provider, event_id=event_id
    ).exists()
    if seen:
        action = "would do nothing: this event was already processed"
    else:
        parsed = gateway_for(provider).parse_webhook(event)
        action = "would " + (await plan_parsed(merchant_id, provider, parsed)).describe()
    return {
        "verified": True,
        "eventId": event_id,
        "eventType": event["type"],
        "alreadyProcessed": seen,
        "action": action,
    }
