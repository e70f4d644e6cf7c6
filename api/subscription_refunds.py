"""POST /v1/subscriptions/{id}/refunds: give back money a subscription's payment collected.

A thin route over ``billing.payments.refunds.refund_payment`` (which says what a refund stores, in
which order, and what the provider is asked). Shapes and rules the spec leaves open (our design):

- The body is a JSON object (required, as every documented body but one) and each of its
  fields is optional: ``{}`` refunds what is left of the latest succeeded payment.
  ``amountCents`` is a whole number of cents of at least 1 and at most what is left;
  ``reason`` a text of up to 500 characters, shown on the adjustment invoice;
  ``terminateSubscription`` true or false.
- 200 answers ``{success, refund {id, status, amountCents}, terminated,
  adjustmentInvoiceId}``; ``status`` is ``succeeded``, or ``pending`` while the provider
  has not settled it.
- 202 answers the same body with the refund ``pending`` when the provider gave no answer
  (a timeout, a lost connection, a 5xx): the money may have moved, so the refund is kept,
  with its amount counted and its idempotency key, and the due-work pass repeats the call
  with that key until the provider settles it. A new refund request is not needed (and
  could give the money back twice).
- 400 for bad input, with nothing changed; 404 ``Subscription not found or access denied``
  and ``Payment not found for refund`` for unknown ids and other merchants' alike; 409 for
  ``terminateSubscription`` on an ended subscription; 502 when the provider refused: the
  body then carries the failed refund next to ``error`` (``success`` false), the amount
  counts as not refunded and the adjustment invoice is voided.
"""

from typing import Annotated, Any

from pydantic import BaseModel
from quart import Blueprint, request
from quart_schema import document_request, document_response

from api.common import ErrorBody, decode_json, require_json_body
from api.schema_rules import documented
from billing.core.errors import Invalid
from billing.payments.refunds import refund_payment as refunds
from billing.payments.refunds.refund_payment import MAX_REASON
from webapp.auth import merchant_id

bp = Blueprint("subscription_refunds", __name__, url_prefix="/subscriptions")
NOT_AN_OBJECT = "The body must be a JSON object ({} refunds what is left of the latest payment)"


class RefundIn(BaseModel):
    paymentId: Annotated[Any, documented({"type": "string"}, optional=True)] = None
    amountCents: Annotated[Any, documented({"type": "integer", "minimum": 1}, optional=True)] = None
    reason: Annotated[
        Any, documented({"type": "string", "maxLength": MAX_REASON}, optional=True)
    ] = None
    terminateSubscription: Annotated[Any, documented({"type": "boolean"}, optional=True)] = None


class RefundOut(BaseModel):
    id: str
    status: str
    amountCents: int


class RefundAnswer(BaseModel):
    success: bool
    refund: RefundOut
    terminated: bool
    adjustmentInvoiceId: str | None


class RefundFailedBody(BaseModel):
    error: str
    success: bool
    refund: RefundOut
    terminated: bool
    adjustmentInvoiceId: str | None


async def _body() -> dict:
    raw = await request.get_data()
    require_json_body(request.content_type, raw)
    body = decode_json(raw) if raw else None
    if not isinstance(body, dict):
        raise Invalid(NOT_AN_OBJECT)
    return body


@bp.post("/<subscription_id>/refunds")
@document_request(RefundIn)
@document_response(RefundAnswer)
@document_response(RefundAnswer, 202)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
@document_response(RefundFailedBody, 502)
async def create_refund(subscription_id: str):
    """Refund a payment of the subscription (the latest when ``paymentId`` is left out), in
    full or in part, with an adjustment invoice; ``terminateSubscription`` ends it now.
    202 with the refund ``pending`` when the provider gave no answer: it is asked again
    later with the same idempotency key, never refunded twice."""
    body = await _body()
    answer = await refunds.refund(
        merchant_id(),
        subscription_id,
        payment_id=body.get("paymentId"),
        amount_cents=body.get("amountCents"),
        reason=body.get("reason"),
        terminate=body.get("terminateSubscription"),
    )
    return dict(answer), 202 if answer.awaiting_provider else 200
