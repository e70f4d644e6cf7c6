"""Typed errors raised by services.

Each carries the exact message the interface spec gives and the HTTP status it maps to, so
``api/errors.py`` can turn any of them into ``{"error": ...}`` in one place and pages can flash
the same text. ``extra`` holds the additional fields some errors carry (``details``,
``existingSubscriptionId``).
"""

from typing import Any


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": self.message, **self.extra}


class Invalid(ServiceError):
    status = 400


class Unauthorized(ServiceError):
    status = 401


class Forbidden(ServiceError):
    status = 403


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    status = 409


class TooManyRequests(ServiceError):
    status = 429


class Unavailable(ServiceError):
    """Something the server cannot do now or is not set up to do (503); trying later may work."""

    status = 503


class BadGateway(ServiceError):
    """A payment provider refused a call or could not be reached (502); its message says
    which, in words fit for the customer."""

    status = 502


class Failure(ServiceError):
    """A storage or processing failure the spec names with its own message (500)."""

    status = 500


class InvalidFields(Invalid):
    """Tax validation failures, in the spec's array form: ``{"error": [{code, message,
    path}]}``. ``message`` (for pages) is the first issue's message."""

    def __init__(self, issues: list[dict[str, Any]]) -> None:
        super().__init__(issues[0]["message"])
        self.issues = issues

    def body(self) -> dict[str, Any]:
        return {"error": self.issues}
