"""GET /v1/public/events/{paymentIntentId}: a payment's status as server-sent events.

A merchant's checkout page watches the payment it started: the publishable key comes in
``X-Service-Key`` or, because a browser's ``EventSource`` cannot send headers, as ``?key=``.
The payment is looked up before anything is streamed, so an unknown id (or another
merchant's, or the other mode's) answers 404 ``{"error": ...}`` like any other route. The
stream itself is ``webapp.event_stream``'s: the status now, each change, ``: heartbeat``
every 15 seconds of quiet, and the end after ``succeeded`` or ``failed``.

Proxies must not buffer or cache the answer (``Cache-Control: no-cache``,
``X-Accel-Buffering: no``), and Quart's response timeout is off for it: a payment may stay
pending for minutes while its customer confirms it.
"""

from pydantic import BaseModel
from quart import Blueprint, Response, current_app
from quart_schema import document_response

from api.common import event_stream
from billing.payments.collection import payment_events
from webapp.auth import merchant_id, publishable_key_in_header_or_query

bp = Blueprint("payment_events", __name__, url_prefix="/public")

HUB = "tally.payment_events"


class PaymentStatusEvent(BaseModel):
    """The ``data`` of each ``event: status`` message (one JSON object a message).

    ``paymentIntentId`` is the provider's id (provider A's ``pi_...``, provider B's payment
    id), or the Tally payment id while the provider has not given one. ``status`` is
    ``pending``, ``succeeded`` or ``failed``; the stream ends after the last two.
    ``errorMessage`` is the provider's message of a failure, else null.
    """

    paymentIntentId: str
    paymentId: str
    status: str
    invoiceId: str
    amountCents: int
    currency: str
    errorMessage: str | None


@bp.get("/events/<payment_intent_id>")
@publishable_key_in_header_or_query
@document_response(PaymentStatusEvent)
@event_stream
async def stream_payment_events(payment_intent_id: str):
    """Server-sent events for one payment intent (publishable key in ``X-Service-Key`` or
    ``?key=``).

    Messages: ``event: status`` with a JSON ``data`` line (the schema below) first for the
    current status and then for each change; a comment line ``: heartbeat`` after 15 seconds
    without a message. The stream closes after ``succeeded`` or ``failed``.
    """
    payment = await payment_events.find_payment(merchant_id(), payment_intent_id)
    body = current_app.extensions[HUB].stream(payment.merchant_id, payment.id)
    response = Response(body, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    response.timeout = None
    return response
