"""/v1/public/webhook*: where providers deliver payment events for one merchant row.

These routes take no API key (``no_auth``): a provider cannot hold one. Each is authenticated
by the provider's signature over the exact body, checked with the webhook secret stored for
the merchant row in the path (``billing/payments/webhooks/receiving.py``). The body is therefore
read raw, never parsed before the signature is checked.

Answers: 200 ``{received: true}`` for an event processed or already processed (a redelivery
changes nothing); 400 ``{"error": ...}`` for a missing or bad signature, an unknown merchant,
a body that is too large or not a JSON event. The test endpoint answers what a delivery
would do and changes nothing.
"""

from pydantic import BaseModel
from quart import Blueprint, request
from quart_schema import document_response
from werkzeug.exceptions import RequestEntityTooLarge

from api.common import ErrorBody
from billing.core.errors import Invalid
from billing.payments import provider_a_config, provider_b_config
from billing.payments.webhooks import receiving as webhooks
from webapp.auth import no_auth

bp = Blueprint("webhooks", __name__, url_prefix="/public")


class WebhookReceived(BaseModel):
    received: bool


class WebhookDryRun(BaseModel):
    """``action`` says what a real delivery of this event would do right now."""

    verified: bool
    eventId: str
    eventType: str
    alreadyProcessed: bool
    action: str


async def _body() -> bytes:
    """The raw body, refused before it is read when it says it is too large."""
    if (request.content_length or 0) > webhooks.MAX_BODY_BYTES:
        raise Invalid(webhooks.TOO_LARGE)
    try:
        body = await request.get_data(as_text=False)
    except RequestEntityTooLarge:
        raise Invalid(webhooks.TOO_LARGE) from None
    webhooks.check_size(body)
    return body


@bp.post("/webhook/<merchant_id>")
@no_auth
@document_response(WebhookReceived)
@document_response(ErrorBody, 400)
async def provider_a_webhook(merchant_id: str):
    """Receive a provider A (Stripe) event for this merchant row.

    No API key: authenticated by the ``Stripe-Signature`` header, made with the webhook
    secret stored for this merchant row. Each event id is processed once.
    """
    body = await _body()
    await webhooks.receive(merchant_id, provider_a_config.PROVIDER, body, request.headers)
    return {"received": True}


@bp.post("/webhook-test/<merchant_id>")
@no_auth
@document_response(WebhookDryRun)
@document_response(ErrorBody, 400)
async def provider_a_webhook_test(merchant_id: str):
    """Check a provider A event as the webhook would, and answer what it would do.

    No API key: authenticated by the ``Stripe-Signature`` header like the real webhook.
    Nothing changes, and the event is not recorded, so its real delivery still counts.
    """
    body = await _body()
    return await webhooks.dry_run(merchant_id, provider_a_config.PROVIDER, body, request.headers)


@bp.post("/webhook-provider-b/<merchant_id>")
@no_auth
@document_response(WebhookReceived)
@document_response(ErrorBody, 400)
async def provider_b_webhook(merchant_id: str):
    """Receive a provider B event for this merchant row.

    No API key: authenticated by the Standard Webhooks headers (``webhook-id``,
    ``webhook-timestamp``, ``webhook-signature``), made with the webhook secret stored for
    this merchant row. Each ``webhook-id`` is processed once.
    """
    body = await _body()
    await webhooks.receive(merchant_id, provider_b_config.PROVIDER, body, request.headers)
    return {"received": True}
