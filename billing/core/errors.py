"""Typed errors raised by services.

Each carries the exact message the interface spec gives and the HTTP status it maps to, so
``api/errors.py`` can turn any of them into ``{"error": ...}`` in one place and pages can flash
the same text. ``extra`` holds the additional fields some errors carry (``details``,
``existingSubscriptionId``).

Besides the message, each error carries a ``code`` (a stable snake_case name of what went
wrong: ``amount_not_cents``, ``plan_not_found``) and, when it is about one request field, the
API's name of that ``field`` (``subtotalCents``). Both stay internal: the API answers the
spec's exact envelope, while the dashboard picks its own words by code and puts the error
next to the form input the field names, instead of reading the spec's sentence back.
``params`` holds the values the message is built from (amounts in cents, a tier's index, a
mode), also internal, so those words can say them in the dashboard's own way.
"""

from typing import Any


class ServiceError(Exception):
    status = 400
    default_code = "error"  # the code of a raise that names none: one per class

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        field: str | None = None,
        params: dict[str, Any] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.field = field
        self.params = params or {}
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": self.message, **self.extra}


class Invalid(ServiceError):
    default_code = "invalid"
    status = 400


class Unauthorized(ServiceError):
    default_code = "unauthorized"
    status = 401


class Forbidden(ServiceError):
    default_code = "forbidden"
    status = 403


class NotFound(ServiceError):
    default_code = "not_found"
    status = 404


class Conflict(ServiceError):
    default_code = "conflict"
    status = 409


class TooManyRequests(ServiceError):
    default_code = "too_many_requests"
    status = 429


class Unavailable(ServiceError):
    """Something the server cannot do now or is not set up to do (503); trying later may work."""

    default_code = "unavailable"
    status = 503


class BadGateway(ServiceError):
    """A payment provider refused a call or could not be reached (502); its message says
    which, in words fit for the customer."""

    default_code = "bad_gateway"
    status = 502


class Failure(ServiceError):
    """A storage or processing failure the spec names with its own message (500)."""

    default_code = "failure"
    status = 500


class InvalidFields(Invalid):
    """Tax validation failures, in the spec's array form: ``{"error": [{code, message,
    path}]}``. ``message`` (for pages) is the first issue's message."""

    def __init__(self, issues: list[dict[str, Any]]) -> None:
        super().__init__(issues[0]["message"], code="invalid_fields")
        self.issues = issues

    def body(self) -> dict[str, Any]:
        return {"error": self.issues}
