"""Provider A's inbound webhooks: Stripe events verified with the ``stripe`` SDK's
``WebhookSignature`` (header ``Stripe-Signature: t=<unix>,v1=<hmac>``); the event id is the
event's ``id``.

A signature whose timestamp lies more than five minutes from now either way is refused: an old
one so a captured delivery cannot be replayed later, a future one because it could be replayed
until that future came (the SDK checks only the past, so ``_signed_recently`` checks both).
"""

import time
from collections.abc import Mapping

import stripe

from billing.payments.gateways.base import InvalidWebhook
from billing.payments.gateways.events import NotAnEvent, event_object, text

TOLERANCE_SECONDS = 300
SIGNATURE_HEADER = "stripe-signature"


def _signed_recently(signature: str) -> None:
    """ValueError unless the signed timestamp (the header's first ``t=``, the one the SDK
    verified the HMAC over) lies within ``TOLERANCE_SECONDS`` of now, before or after."""
    pairs = [item.split("=", 1) for item in signature.split(",")]
    timestamp = int(next((pair[1] for pair in pairs if pair[0] == "t" and len(pair) == 2), ""))
    if abs(time.time() - timestamp) > TOLERANCE_SECONDS:
        raise ValueError("the signature's timestamp is outside the tolerance")


def verify(secret: str, body: bytes, headers: Mapping[str, str]) -> tuple[str, dict]:
    signature = headers.get(SIGNATURE_HEADER)
    try:
        payload = body.decode("utf-8")
        stripe.WebhookSignature.verify_header(
            payload, signature, secret, tolerance=TOLERANCE_SECONDS
        )
        _signed_recently(signature)
    except (stripe.SignatureVerificationError, ValueError, TypeError):
        raise InvalidWebhook from None
    event = event_object(payload)
    event_id = text(event.get("id"))
    if event_id is None:  # an id that fits no column is not an event's either
        raise NotAnEvent
    return event_id, event
