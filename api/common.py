"""Small helpers every /v1 module shares: timestamps, query flags and the request-model base."""

from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict
from quart import Request

from billing.services.errors import Invalid


class Body(BaseModel):
    """Request bodies: strict types (no silent "5" -> 5), unknown fields ignored."""

    model_config = ConfigDict(strict=True, extra="ignore")


class ErrorBody(BaseModel):
    """Every non-2xx /v1 answer; a few errors add fields the spec names (``details``)."""

    error: str


def iso(moment: datetime | None) -> str | None:
    """ISO 8601 in UTC with a ``Z`` suffix, or None."""
    if moment is None:
        return None
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


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
