"""/v1/webhook-endpoints: the URLs of the key's mode that Tally sends events to.

Each route parses, calls one ``billing.webhooks.endpoints`` service and shapes the answer.
An endpoint belongs to one merchant row, so to the key's mode: a test key never sees a live
endpoint, and another merchant's id (or the other mode's) answers 404 as a made-up one does.

Design decisions where the issue is silent:
- The signing secret is answered on creation and on rotation only; every other answer (the
  list too) leaves ``secret`` out entirely rather than answering it null.
- ``DELETE`` answers 200 ``{"deleted": true, "id": ...}`` (not a bare 204), as the other
  deletes answer a body; the endpoint's id answers 404 afterwards.
- ``rotate-secret`` takes no body; the previous secret keeps signing deliveries for 24 hours
  (each delivery then carries both signatures).
"""

from quart import Blueprint
from quart_schema import document_response, validate_request

from api.common import ErrorBody, fails_as, iso
from api.webhook_endpoint_models import (
    CreateWebhookEndpoint,
    UpdateWebhookEndpoint,
    WebhookEndpointDeletedOut,
    WebhookEndpointEnvelope,
    WebhookEndpointListEnvelope,
    WebhookEndpointSecretEnvelope,
)
from billing.event_log.models import WebhookEndpoint
from billing.webhooks import endpoints
from webapp.auth import merchant_id

bp = Blueprint("webhook_endpoints", __name__, url_prefix="/webhook-endpoints")


def endpoint_json(endpoint: WebhookEndpoint, secret: str | None = None) -> dict:
    """An endpoint as the API answers it; ``secret`` only when given (creation, rotation)."""
    body = {
        "id": endpoint.id,
        "url": endpoint.url,
        "description": endpoint.description,
        "events": list(endpoint.events),
        "status": str(endpoint.status),
        "disabledReason": endpoint.disabled_reason,
        "createdAt": iso(endpoint.created_at),
        "updatedAt": iso(endpoint.updated_at),
    }
    if secret is not None:
        body["secret"] = secret
    return body


@bp.post("")
@validate_request(CreateWebhookEndpoint)
@document_response(WebhookEndpointSecretEnvelope, 201)
@document_response(ErrorBody, 400)
@fails_as("Failed to create webhook endpoint")
async def create_webhook_endpoint(data: CreateWebhookEndpoint):
    """Add an endpoint, enabled. ``url`` must be http(s) and (unless the operator allows
    private addresses) resolve to public internet addresses only; ``events`` are type names
    (see the README's list), omitted for every type. The answer carries the signing secret,
    the only time but a rotation that it is shown."""
    endpoint, secret = await endpoints.create_endpoint(
        merchant_id(), url=data.url, events=data.events, description=data.description
    )
    return {"webhookEndpoint": endpoint_json(endpoint, secret)}, 201


@bp.get("")
@document_response(WebhookEndpointListEnvelope)
async def list_webhook_endpoints():
    """Every endpoint of the key's mode, newest first, without secrets."""
    found = await endpoints.list_endpoints(merchant_id())
    return {"webhookEndpoints": [endpoint_json(endpoint) for endpoint in found]}


@bp.get("/<endpoint_id>")
@document_response(WebhookEndpointEnvelope)
@document_response(ErrorBody, 404)
async def get_webhook_endpoint(endpoint_id: str):
    """One endpoint, without its secret."""
    endpoint = await endpoints.get_endpoint(merchant_id(), endpoint_id)
    return {"webhookEndpoint": endpoint_json(endpoint)}


@bp.post("/<endpoint_id>")
@validate_request(UpdateWebhookEndpoint)
@document_response(WebhookEndpointEnvelope)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@fails_as("Failed to update webhook endpoint")
async def update_webhook_endpoint(endpoint_id: str, data: UpdateWebhookEndpoint):
    """Change only the fields sent (all are checked before anything is written). Enabling a
    disabled endpoint clears its failure streak and reason; its failed deliveries stay
    failed (resend them from the event log)."""
    changes = {field: getattr(data, field) for field in data.model_fields_set}
    endpoint = await endpoints.update_endpoint(merchant_id(), endpoint_id, **changes)
    return {"webhookEndpoint": endpoint_json(endpoint)}


@bp.delete("/<endpoint_id>")
@document_response(WebhookEndpointDeletedOut)
@document_response(ErrorBody, 404)
@fails_as("Failed to delete webhook endpoint")
async def delete_webhook_endpoint(endpoint_id: str):
    """Delete an endpoint: its pending deliveries are not attempted again, its past attempts
    stay on the events, and its id answers 404 from now on."""
    await endpoints.delete_endpoint(merchant_id(), endpoint_id)
    return {"deleted": True, "id": endpoint_id}


@bp.post("/<endpoint_id>/rotate-secret")
@document_response(WebhookEndpointSecretEnvelope)
@document_response(ErrorBody, 404)
@fails_as("Failed to rotate webhook endpoint secret")
async def rotate_webhook_endpoint_secret(endpoint_id: str):
    """A new signing secret, answered here only. For the next 24 hours each delivery is
    signed with the new and the previous secret (two signatures in ``webhook-signature``),
    so the receiver can switch at its own pace."""
    endpoint, secret = await endpoints.rotate_secret(merchant_id(), endpoint_id)
    return {"webhookEndpoint": endpoint_json(endpoint, secret)}
