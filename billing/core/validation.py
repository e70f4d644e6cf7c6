"""Text checks shared by every service that stores a name typed by a person.

PostgreSQL refuses NUL characters and the UTF-8 encoder refuses lone surrogates (both arrive
easily through JSON escapes such as ``\\u0000`` or ``\\ud800``), so such input must be turned
into a 400 here instead of surfacing as a storage failure. Other control characters (tabs,
newlines) have no place in a one-line name either.
"""

import unicodedata

from billing.core.errors import Invalid

REFUSED_CATEGORIES = {"Cc", "Cs"}  # control characters, lone surrogates
MAX_NAME = 200  # a name's length unless its service says otherwise


def has_unstorable_characters(value: str) -> bool:
    return any(unicodedata.category(char) in REFUSED_CATEGORIES for char in value)


def clean_name(value: str | None, field: str, *, max_length: int = MAX_NAME) -> str:
    """``value`` stripped; blank, too long or containing control characters is a 400."""
    value = (value or "").strip()
    if not value:
        raise Invalid(f"{field} is required", code="required", field=field)
    if len(value) > max_length:
        raise Invalid(
            f"{field} must be at most {max_length} characters", code="too_long", field=field
        )
    if has_unstorable_characters(value):
        raise Invalid(
            f"{field} must not contain control characters", code="control_characters", field=field
        )
    return value
