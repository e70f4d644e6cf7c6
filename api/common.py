"""Small helpers every /v1 module shares: timestamps, query flags and the request-model base."""

import functools
import json
import logging
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict
from quart import Quart, Request, Response, current_app
from quart.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException

from billing.core.errors import Failure, Invalid, ServiceError

log = logging.getLogger("tally.api")


def document_required(schema: dict, model: type) -> None:
    """Adds the model's ``required_fields`` to its schema's ``required`` list."""
    names = getattr(model, "required_fields", ())
    if names:
        schema["required"] = [*schema.get("required", ()), *names]


class Query(BaseModel):
    """Query strings. Fields a service refuses to go without are listed in ``required_fields``
    and kept optional in the model, so the service's own message names what is missing; the
    document says they are required (``api.docs`` reads the list)."""

    model_config = ConfigDict(json_schema_extra=document_required)
    required_fields: ClassVar[tuple[str, ...]] = ()


class Body(Query):
    """Request bodies: strict types (no silent "5" -> 5), unknown fields ignored.

    As for ``Query``, ``required_fields`` names the fields documented as required whose
    absence the service answers with the spec's message (``Email is required``)."""

    model_config = ConfigDict(strict=True, extra="ignore", json_schema_extra=document_required)


class ErrorBody(BaseModel):
    """Every non-2xx /v1 answer; a few errors add fields the spec names (``details``)."""

    error: str


def optional_body(view):
    """Marks a route that works without its JSON body (the OpenAPI document then says the
    body is optional); every other documented body is required."""
    view.tally_optional_body = True
    return view


def path_pattern(**patterns: str):
    """Documents path parameters the route refuses with a 400 unless they match (most routes
    answer 404 for any id they do not know, and need no pattern)."""

    def decorator(view):
        view.tally_path_patterns = patterns
        return view

    return decorator


def rate_limited(view):
    """Marks a route whose service refuses calls over a rate limit: the OpenAPI document then
    gives its 429 (``ErrorBody``) with the ``Retry-After`` header ``api.errors`` adds to it."""
    view.tally_rate_limited = True
    return view


def event_stream(view):
    """Marks a route that answers server-sent events: the OpenAPI document then gives its
    documented success body (the ``data`` of one message) as ``text/event-stream``."""
    view.tally_event_stream = True
    return view


def iso(moment: datetime | None) -> str | None:
    """ISO 8601 in UTC with a ``Z`` suffix, or None."""
    if moment is None:
        return None
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def json_bytes(app: Quart, body: Any) -> bytes:
    """``body`` encoded exactly as ``jsonify`` encodes it (compact, sorted keys, newline)."""
    return (app.json.dumps(body, separators=(",", ":")) + "\n").encode()


def json_response(body: Any, status: int = 200) -> Response:
    """``body`` as JSON through the app's encoder. Hot routes answer this instead of a dict:
    quart-schema converts a returned dict through a new pydantic ``TypeAdapter`` on every
    response (tens of microseconds, measured in bench/), a ``Response`` passes untouched."""
    encoded = json_bytes(current_app, body)
    return Response(encoded, status=status, content_type="application/json")


NOT_JSON = "Send a JSON body with 'Content-Type: application/json'"


def is_json_type(content_type: str | None) -> bool:
    """``application/json`` or ``application/<anything>+json`` (parameters ignored), as
    Quart's ``request.is_json`` decides."""
    mimetype = (content_type or "").split(";")[0].strip().lower()
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json")
    )


def require_json_body(content_type: str | None, body: bytes) -> None:
    """Every /v1 write agrees: a body comes as JSON and says so (``NOT_JSON`` otherwise,
    also what quart-schema's routes answer). An empty body needs no type."""
    if body and not is_json_type(content_type):
        raise Invalid(NOT_JSON)


def json_number(text: str) -> int | float:
    """A JSON number written with a fraction or an exponent. One whose value is whole (``5.0``,
    ``1e3``) is the integer it equals: JSON has one number type, and JSON Schema (so the
    OpenAPI document) counts ``5.0`` as an integer, so a field documented as one takes it."""
    value = float(text)
    if value.is_integer() and abs(value) < 2**63:
        return int(Decimal(text))
    return value


class JSONProvider(DefaultJSONProvider):
    """Quart's JSON, with request numbers read by ``json_number``."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        kwargs.setdefault("parse_float", json_number)
        return super().loads(s, **kwargs)


def decode_json(raw: bytes) -> Any:
    """A request body as JSON. Undecodable bodies (bad syntax, not UTF-8, nested too deeply)
    are all the same 400, never a 500; whether the value has the right shape is the service's
    question."""
    try:
        return json.loads(raw, parse_float=json_number)
    except ValueError:  # UnicodeDecodeError is a ValueError
        raise Invalid("The body must be a JSON object") from None
    except RecursionError:
        raise Invalid("The body must be a JSON object; it nests too deeply") from None


def query_flag(value: str | None, name: str, default: bool = False) -> bool:
    """A boolean query parameter: ``true``/``false`` (also 1/0); anything else is a 400."""
    if value is None or value == "":
        return default
    lowered = value.lower()
    if lowered in {"true", "1"}:
        return True
    if lowered in {"false", "0"}:
        return False
    raise Invalid(f"Query parameter '{name}' must be true or false")


class JSONSafeRequest(Request):
    """Quart's request, except that every undecodable JSON body is a 400, never a 500.

    Quart turns only ``ValueError`` from the JSON parser into a 400. A body that is not UTF-8
    fails earlier, while it is decoded, and a deeply nested one (``[[[[...``) raises
    ``RecursionError``; both would otherwise reach the 500 handler.
    """

    async def get_json(self, force: bool = False, silent: bool = False, cache: bool = True) -> Any:
        try:
            return await super().get_json(force=force, silent=silent, cache=cache)
        except (UnicodeDecodeError, RecursionError) as error:
            if silent:
                return None
            return self.on_json_loading_failed(error)


def fails_as(message: str):
    """Answer the spec's own 500 message (``Failed to create price``...) when a route fails
    unexpectedly; typed service errors pass through untouched. The trace goes to the log."""

    def decorator(view):
        @functools.wraps(view)
        async def wrapper(*args, **kwargs):
            try:
                return await view(*args, **kwargs)
            except (ServiceError, HTTPException):
                raise
            except Exception as error:
                log.exception("%s", message)
                raise Failure(message) from error

        return wrapper

    return decorator
