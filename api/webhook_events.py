"""/v1/webhook-events: the event log of the key's mode, each event's delivery attempts, and
resending an event.

Each route parses, calls one ``billing.webhooks`` service (``event_reads``, ``resend``) and
shapes the answer. Another merchant's event ids (or the other mode's) answer 404 as made-up
ones do.

Design decisions where the issue is silent:
- An event answers exactly the body its deliveries carry, ``{id, type, createdAt, data:
  {object}}``: one parser serves both. No ``livemode`` or ``merchantId``: the key that reads
  it, or the endpoint that receives it, already belongs to one mode of one merchant.
- ``deliveries`` lists attempts (one row per POST made, retries and resends included),
  oldest first; a delivery not attempted yet (a resend a moment ago) has no row until its
  first attempt.
- A resend answers 202 ``{"deliveries": [{id, endpointId, status, nextAttemptAt}]}``: the new
  pending deliveries, sent within moments with the event's own id as ``webhook-id``.
"""

from quart import Blueprint
from quart_schema import document_response, validate_querystring

from api.common import ErrorBody, fails_as, iso, optional_body
from api.prices import validate_optional_request
from api.webhook_event_models import (
    ResendOut,
    ResendWebhookEvent,
    WebhookEventEnvelope,
    WebhookEventListEnvelope,
    WebhookEventListQuery,
)
from billing.core.errors import Invalid
from billing.event_log.models import Event, WebhookAttempt, WebhookDelivery
from billing.webhooks import event_reads, resend
from webapp.auth import merchant_id

bp = Blueprint("webhook_events", __name__, url_prefix="/webhook-events")


def event_json(event: Event) -> dict:
    return {
        "id": event.id,
        "type": event.type,
        "createdAt": iso(event.created_at),
        "data": {"object": event.data},
    }


def attempt_json(attempt: WebhookAttempt) -> dict:
    return {
        "id": attempt.id,
        "deliveryId": attempt.delivery_id,
        "endpointId": attempt.endpoint_id,
        "attempt": attempt.attempt,
        "responseStatus": attempt.response_status,
        "durationMs": attempt.duration_ms,
        "attemptedAt": iso(attempt.attempted_at),
        "nextAttemptAt": iso(attempt.next_attempt_at),
        "responseBody": attempt.response_body,
        "error": attempt.error,
    }


def resent_json(delivery: WebhookDelivery) -> dict:
    return {
        "id": delivery.id,
        "endpointId": delivery.endpoint_id,
        "status": str(delivery.status),
        "nextAttemptAt": iso(delivery.next_attempt_at),
    }


def _limit(value: str | None) -> int | None:
    """The query's ``limit`` as a number for the service, which checks its range; an empty
    ``limit=`` is not a number, as the document says, and is refused like any other."""
    if value is None:
        return None
    if not value.isascii() or not value.isdigit() or len(value) > 4:
        raise Invalid(event_reads.BAD_LIMIT, code="limit_invalid", field="limit")
    return int(value)


@bp.get("")
@validate_querystring(WebhookEventListQuery)
@document_response(WebhookEventListEnvelope)
@document_response(ErrorBody, 400)
async def list_webhook_events(query_args: WebhookEventListQuery):
    """Events of the key's mode, newest first: ``limit`` (1 to 100, default 20) per page,
    ``type`` to keep one type, ``startingAfter`` (an event id of yours) for the page after
    it."""
    events, has_more = await event_reads.list_events(
        merchant_id(),
        type=query_args.type,
        limit=_limit(query_args.limit),
        starting_after=query_args.startingAfter,
    )
    return {"events": [event_json(event) for event in events], "hasMore": has_more}


@bp.get("/<event_id>")
@document_response(WebhookEventEnvelope)
@document_response(ErrorBody, 404)
async def get_webhook_event(event_id: str):
    """One event and every attempt to deliver it: status, duration, the first 1 KB of the
    answer, and when the next retry is due."""
    event, attempts = await event_reads.get_event(merchant_id(), event_id)
    return {"event": event_json(event), "deliveries": [attempt_json(a) for a in attempts]}


@bp.post("/<event_id>/resend")
@optional_body
@validate_optional_request(ResendWebhookEvent)
@document_response(ResendOut, 202)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
@fails_as("Failed to resend webhook event")
async def resend_webhook_event(event_id: str, data: ResendWebhookEvent):
    """Send an event again, with its own id: to ``endpointId`` (even if it does not subscribe
    to the type), or without it to every enabled endpoint subscribing to the type. A disabled
    endpoint, or no endpoint to send to, is a 409."""
    made = await resend.resend(merchant_id(), event_id, endpoint_id=data.endpointId)
    return {"deliveries": [resent_json(delivery) for delivery in made]}, 202
