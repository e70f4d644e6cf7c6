"""Provider B's inbound webhooks: Standard Webhooks signatures (``webhook-id``,
``webhook-timestamp``, ``webhook-signature``, HMAC-SHA256 with the endpoint's ``whsec_``
secret), through the standardwebhooks package the provider's own SDK documents. Whatever is
wrong with a delivery, the answer is one ``InvalidSignature``, so a caller learns nothing
about which check failed."""

from collections.abc import Mapping

from standardwebhooks import Webhook
from standardwebhooks.webhooks import EmptyWebhookSecretError, WebhookVerificationError

from billing.core.errors import Unauthorized
from billing.payments.gateways.base import InvalidWebhook
from billing.payments.gateways.events import event_object

SIGNED_HEADERS = ("webhook-id", "webhook-timestamp", "webhook-signature")

BAD_SIGNATURE = "Invalid provider B webhook signature"


class InvalidSignature(Unauthorized):
    """A webhook whose signature is missing, malformed or not made with the secret."""


def verify_webhook(secret: str, body: bytes | str, headers: dict[str, str]) -> dict:
    """The event a webhook carries, once its Standard Webhooks signature (``webhook-id``,
    ``webhook-timestamp``, ``webhook-signature``) is proven made with ``secret`` and dated
    within five minutes of now, either way; ``InvalidSignature`` otherwise, whatever is wrong
    (missing headers, a malformed signature, another secret, an altered body, a body that is
    not JSON)."""
    try:
        event = Webhook(secret).verify(body, dict(headers))
    except (WebhookVerificationError, EmptyWebhookSecretError, ValueError, TypeError) as error:
        raise InvalidSignature(BAD_SIGNATURE) from error
    if not isinstance(event, dict):
        raise InvalidSignature(BAD_SIGNATURE)
    return event


def is_signing_secret(value: str) -> bool:
    """Whether ``value`` can be a Standard Webhooks signing secret (``whsec_`` and base64)."""
    if not value.startswith("whsec_"):
        return False
    try:
        Webhook(value)
    except (EmptyWebhookSecretError, ValueError, TypeError):
        return False
    return True


def verify(secret: str, body: bytes, headers: Mapping[str, str]) -> tuple[str, dict]:
    """``(message id, event)``: provider B's events carry no id of their own, so the
    ``webhook-id`` header (the same on every retry of one message) is it."""
    signed = {name: headers.get(name) or "" for name in SIGNED_HEADERS}
    try:
        payload = verify_webhook(secret, body, signed)
    except InvalidSignature:
        raise InvalidWebhook from None
    return signed["webhook-id"], event_object(payload)
