"""Reading tax request bodies field by field, collecting every problem in the spec's array
form (``[{code, message, path}]``) so one answer lists all of them.

Codes: ``invalid_type`` (wrong JSON type), ``required`` (missing or blank), ``too_big`` (text
longer than its column), ``invalid_rate``, ``invalid_date`` and ``invalid_range`` (an
expiration before its effective date).

Rates are decimal strings from 0 to 1 with at most four decimals ("0.0875" is 8.75 %); a JSON
number is read the same way through its shortest decimal form, so 0.0875 works too. They are
answered as four-decimal strings.
"""

import re
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from billing.core.errors import InvalidFields

RATE_PATTERN = re.compile(r"^\d+(\.\d{1,4})?$")
RATE_MESSAGE = "{field} must be a decimal between 0 and 1 with at most 4 decimal places"
MISSING = object()
MAX_TEXT = 200  # a text field's length unless its caller says otherwise


def rate_text(rate: Decimal | None) -> str | None:
    return None if rate is None else f"{rate:.4f}"


class Fields:
    """One request body being read; :meth:`done` raises every issue found."""

    def __init__(self, body: Any) -> None:
        if not isinstance(body, dict):
            issue = {"code": "invalid_type", "message": "Request body must be a JSON object"}
            raise InvalidFields([{**issue, "path": []}])
        self.body = body
        self.issues: list[dict] = []

    def fail(self, field: str, code: str, message: str) -> None:
        self.issues.append({"code": code, "message": message, "path": [field]})

    def has(self, field: str) -> bool:
        return field in self.body

    def text(self, field: str, *, required: bool = False, max_length: int = MAX_TEXT):
        value = self.body.get(field, MISSING)
        if value is MISSING or value is None:
            if required:
                self.fail(field, "required", f"{field} is required")
            return None if value is None else MISSING
        if not isinstance(value, str):
            self.fail(field, "invalid_type", f"{field} must be a string")
            return MISSING
        value = value.strip()
        if "\x00" in value:
            self.fail(field, "invalid_type", f"{field} must not contain the NUL character")
        elif required and not value:
            self.fail(field, "required", f"{field} is required")
        elif len(value) > max_length:
            self.fail(field, "too_big", f"{field} must be at most {max_length} characters")
        else:
            return value or None
        return MISSING

    def flag(self, field: str):
        value = self.body.get(field, MISSING)
        if value is MISSING:
            return MISSING
        if not isinstance(value, bool):
            self.fail(field, "invalid_type", f"{field} must be true or false")
            return MISSING
        return value

    def rate(self, field: str, *, required: bool = False, nullable: bool = False):
        value = self.body.get(field, MISSING)
        message = RATE_MESSAGE.format(field=field) + (" or null" if nullable else "")
        if value is MISSING:
            if required:
                self.fail(field, "required", message)
            return MISSING
        if value is None and nullable:
            return None
        text = value.strip() if isinstance(value, str) else None
        if isinstance(value, int | float) and not isinstance(value, bool):
            text = repr(value) if isinstance(value, float) else str(value)
        if text is None or not RATE_PATTERN.match(text) or not Decimal(0) <= Decimal(text) <= 1:
            self.fail(field, "invalid_rate", message)
            return MISSING
        return Decimal(text)

    def day(self, field: str, *, required: bool = False, nullable: bool = True):
        value = self.body.get(field, MISSING)
        if value is MISSING or value is None:
            if required:
                self.fail(field, "required", f"{field} is required")
            return MISSING if value is MISSING or not nullable else None
        if isinstance(value, str):
            text = value.strip()
            try:
                if len(text) == 10:
                    return date.fromisoformat(text)
                return datetime.fromisoformat(text.replace("z", "Z")).date()
            except ValueError:
                pass
        self.fail(field, "invalid_date", f"{field} must be a date such as 2026-01-31")
        return MISSING

    def done(self) -> None:
        if self.issues:
            raise InvalidFields(self.issues)


def present(values: dict[str, Any]) -> dict[str, Any]:
    """The fields that were sent (and valid), ready for ``update_from_dict``."""
    return {name: value for name, value in values.items() if value is not MISSING}
