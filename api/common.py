"""Small helpers every /v1 module shares: timestamps, query flags and the request-model base."""

from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict

from billing.services.errors import Invalid


class Body(BaseModel):
    """Request bodies: strict types (no silent "5" -> 5), unknown fields ignored."""

    model_config = ConfigDict(strict=True, extra="ignore")


class ErrorBody(BaseModel):
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
