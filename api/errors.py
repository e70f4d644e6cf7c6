"""Every failure becomes ``{"error": ...}`` here, for ``/v1`` and for pages alike.

Typed service errors carry their own status and message; request-validation errors name the
field; unknown paths and wrong methods answer 404/405 JSON under ``/v1``; anything unexpected
is logged with its trace and answers a bare 500 so internals never leak.
"""

import logging

from pydantic import ValidationError
from quart import Quart, jsonify, render_template, request
from quart_schema import RequestSchemaValidationError
from werkzeug.exceptions import HTTPException

from api.common import NOT_JSON
from billing.core.errors import Failure, ServiceError
from webapp.routing import allowed_methods

log = logging.getLogger("tally.errors")

HTTP_MESSAGES = {
    400: "Bad request",
    404: "Not found",
    405: "Method not allowed",
    413: "Request body too large",
}


def is_api_request() -> bool:
    return request.path == "/v1" or request.path.startswith("/v1/")


def describe_validation_error(error: Exception) -> str:
    """One readable sentence naming the first offending field."""
    if not isinstance(error, ValidationError) or not error.errors():
        return "Request body must be a JSON object"
    first = error.errors()[0]
    location = ".".join(str(part) for part in first.get("loc", ()))
    if not location:
        return "Request body must be a JSON object"
    if first.get("type") == "missing":
        return f"Missing required field '{location}'"
    return f"Invalid value for field '{location}': {first.get('msg', 'invalid')}"


def api_error(error: Exception, failure: str) -> tuple[int, dict]:
    """Status and body of a failed /v1 call served outside Quart (``api.fast_lane``), by the
    rules of the handlers below: typed errors as they say, an invalid query as the field's
    400, anything else logged and answered with the route's own 500 message (``failure``)."""
    if isinstance(error, ValidationError):
        return 400, {"error": describe_validation_error(error)}
    if not isinstance(error, ServiceError):  # as ``api.common.fails_as`` turns it
        log.error("%s", failure, exc_info=error)
        error = Failure(failure)
    return error.status, error.body()


async def _respond(status: int, message: str, extra: dict | None = None, body=None):
    if is_api_request():
        response = jsonify(body or {"error": message, **(extra or {})})
        response.status_code = status
        return response
    html = await render_template("error.html", status=status, message=message)
    return html, status


def register_error_handlers(app: Quart) -> None:
    @app.errorhandler(ServiceError)
    async def service_error(error: ServiceError):
        answer = await _respond(error.status, error.message, body=error.body())
        retry_after = getattr(error, "retry_after", None)  # a rate limit's wait, in seconds
        if retry_after is not None and is_api_request():
            answer.headers["Retry-After"] = str(retry_after)
        return answer

    @app.errorhandler(RequestSchemaValidationError)
    async def validation_error(error: RequestSchemaValidationError):
        if request.method in {"POST", "PUT", "PATCH"} and not request.is_json:
            return await _respond(400, NOT_JSON)
        return await _respond(400, describe_validation_error(error.validation_error))

    @app.errorhandler(HTTPException)
    async def http_error(error: HTTPException):
        status = error.code or 500
        if status == 400 and is_api_request():
            return await _respond(400, "Malformed JSON body")
        response = await _respond(status, HTTP_MESSAGES.get(status) or error.name)
        if status == 405 and not isinstance(response, tuple):
            response.headers["Allow"] = ", ".join(allowed_methods())
        return response

    @app.errorhandler(Exception)
    async def unexpected_error(error: Exception):
        log.exception("unhandled error on %s %s", request.method, request.path)
        return await _respond(500, "Internal server error")
