"""/v1/events (ingest): one event, a batch, and the rollup back-fill trigger.

Statuses follow the spec's event rows: 202 once stored (duplicates too), 400 naming the field
(in a batch, its index: ``events[3].eventName is required``; an ``eventValue`` outside
-10^12..10^12 is one of these, ``billing/usage/event_inputs.py`` says why), 401 without a
secret key, 500 when storage fails (retry with the same idempotencyKey: it is safe).
"""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field
from quart import Blueprint, request
from quart_schema import document_request, document_response

from api.common import (
    ErrorBody,
    decode_json,
    fails_as,
    json_response,
    optional_body,
    require_json_body,
)
from api.schema_rules import OPTIONAL_DATETIME, JSONObjectWithoutNul, documented
from billing.core.errors import Invalid
from billing.usage import events, rollup_backfill
from billing.usage.event_inputs import (
    MAX_BATCH,
    MAX_PROPERTIES_DEPTH,
    MAX_VALUE,
    TEXT_LIMITS,
)
from webapp.auth import merchant_id

bp = Blueprint("events", __name__)

STORE_FAILED = "Failed to store events; retry with the same idempotencyKey"
ACCEPTED = {"message": "Event accepted"}


def _event_text(name: str, *, empty: bool = False, optional: bool = True):
    """A text field as ``billing.usage.event_inputs`` checks it."""
    schema = {"type": "string", "maxLength": TEXT_LIMITS[name], "pattern": "^[^\\x00]*$"}
    return documented(schema if empty else {**schema, "minLength": 1}, optional=optional)


def _names_a_customer(schema: dict, model: type) -> None:
    schema["anyOf"] = [
        {"required": [name], "properties": {name: {"type": "string"}}}
        for name in ("customerId", "extCustomerId")
    ]


class UsageEventIn(BaseModel):
    """One usage event. ``eventName`` and one of ``customerId`` / ``extCustomerId`` are
    required; ``eventTimestamp`` defaults to now and ``idempotencyKey`` to a new UUID."""

    model_config = ConfigDict(json_schema_extra=_names_a_customer)
    idempotencyKey: Annotated[str | None, _event_text("idempotencyKey")] = None
    eventName: Annotated[str, _event_text("eventName", optional=False)]
    customerId: Annotated[str | None, _event_text("customerId")] = None
    extCustomerId: Annotated[str | None, _event_text("extCustomerId")] = None
    eventValue: Annotated[
        float | None,
        documented(
            {
                "type": "number",
                "minimum": -int(MAX_VALUE),
                "maximum": int(MAX_VALUE),
                "description": "From -10^12 to 10^12; outside that the event is refused (400)",
            },
            optional=True,
        ),
    ] = None
    eventString: Annotated[str | None, _event_text("eventString", empty=True)] = None
    properties: JSONObjectWithoutNul | None = Field(
        None, description=f"At most {MAX_PROPERTIES_DEPTH} levels deep"
    )
    eventTimestamp: Annotated[str | None, OPTIONAL_DATETIME] = None


class EventBatchIn(BaseModel):
    """1 to 1000 events; one invalid event fails the batch and stores nothing."""

    events: Annotated[list[UsageEventIn], Field(min_length=1, max_length=MAX_BATCH)]


class AcceptedOut(BaseModel):
    message: str


class BatchOut(BaseModel):
    """``message`` states the counts; ``newEvents`` and ``duplicates`` give them as numbers."""

    message: str
    newEvents: int
    duplicates: int


def _whole(low: int, high: int):
    """A whole number in range; empty or null takes the default."""
    number = {"type": "integer", "minimum": low, "maximum": high}
    return documented({"anyOf": [number, {"type": "null"}, {"type": "string", "enum": [""]}]})


class BackfillIn(BaseModel):
    """``batchSize`` 1-5000 (default 500), ``cutoffSeconds`` >= 0 (default 60),
    ``merchantId`` (optional; only the caller's own)."""

    batchSize: Annotated[int | None, _whole(1, 5000)] = None
    cutoffSeconds: Annotated[int | None, _whole(0, 10 * 365 * 86400)] = None
    merchantId: str | None = None


class BackfillOut(BaseModel):
    """Events checked, and rollup rows created or corrected."""

    scanned: int
    inserted: int


async def _json_body():
    raw = await request.get_data()
    require_json_body(request.content_type, raw)
    return decode_json(raw)


async def accept_event(merchant: str, raw_body: bytes, content_type: str | None) -> dict:
    """The work of ``POST /v1/events``, shared with the fast lane (``api.fast_lane``), which
    serves this route in production without Quart's per-request cost."""
    require_json_body(content_type, raw_body)
    await events.ingest_event(merchant, decode_json(raw_body))
    return ACCEPTED


@bp.post("/events")
@document_request(UsageEventIn)
@document_response(AcceptedOut, 202)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 401)
@document_response(ErrorBody, 500)
@fails_as(STORE_FAILED)
async def ingest_event():
    """Store one usage event; answers 202 only once it is durable. A duplicate idempotency key
    (within 24 hours) answers 202 too and changes nothing."""
    body = await request.get_data()
    return json_response(await accept_event(merchant_id(), body, request.content_type), 202)


@bp.post("/events/batch")
@document_request(EventBatchIn)
@document_response(BatchOut, 202)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 401)
@document_response(ErrorBody, 500)
@fails_as(STORE_FAILED)
async def ingest_batch():
    """Store up to 1000 events in one request; duplicates are skipped and counted."""
    result = await events.ingest_batch(merchant_id(), await _json_body())
    body = {"message": result.message, "newEvents": result.new, "duplicates": result.duplicates}
    return json_response(body, 202)


@bp.post("/trigger/events-backfill")
@optional_body
@document_request(BackfillIn)
@document_response(BackfillOut)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
async def events_backfill():
    """Bring the hourly usage rollups in line with the stored events (see
    ``billing.usage.rollup_backfill``). Parameters come from the JSON body or the query
    string. Idempotent: a second run inserts nothing. A ``merchantId`` other than the
    caller's answers 404, as an unknown one does."""
    params = dict(request.args)
    if await request.get_data():
        body = await _json_body()
        if not isinstance(body, dict):
            raise Invalid("The body must be a JSON object")
        params.update(body)
    result = await rollup_backfill.backfill_request(merchant_id(), params)
    return {"scanned": result.scanned, "inserted": result.inserted}
