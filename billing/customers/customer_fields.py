"""Checking and normalising the fields of a customer, shared by create and update.

Every limit comes from the model (``max_length``), so the API, the dashboard forms and the
database agree on what fits. Text is trimmed; control characters and lone surrogates are a 400
(PostgreSQL would refuse NUL anyway). Optional fields given as blank or ``None`` are cleared
(stored as NULL); ``name`` is never NULL in the table, so a cleared name is the empty string.
"""

import re

from billing.core.errors import Invalid
from billing.core.validation import has_unstorable_characters
from billing.customers.models import Customer

EMAIL_REQUIRED = "Email is required"
INVALID_EMAIL = "email must be a valid email address, like name@example.com"
INVALID_COUNTRY = "billingCountry must be a two-letter ISO 3166 country code, like US or DE"
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s.][^@\s]*$")

# Service keyword -> the API's field name, used in error messages so a merchant sees the
# name they sent.
OPTIONAL_FIELDS = {
    "name": "name",
    "external_customer_id": "externalCustomerId",
    "billing_address_line1": "billingAddressLine1",
    "billing_address_line2": "billingAddressLine2",
    "billing_city": "billingCity",
    "billing_postal_code": "billingPostalCode",
    "billing_country": "billingCountry",
    "tax_id": "taxId",
}
UPDATABLE_FIELDS = {"email", *OPTIONAL_FIELDS}


def max_length(field: str) -> int:
    """The longest value of ``field`` (a column of ``Customer``) this module accepts."""
    return Customer._meta.fields_map[field].max_length


def _text(value: object, label: str, max_length: int) -> str:
    if not isinstance(value, str):
        raise Invalid(f"{label} must be a string", code="not_a_string", field=label)
    value = value.strip()
    if len(value) > max_length:
        raise Invalid(
            f"{label} must be at most {max_length} characters", code="too_long", field=label
        )
    if has_unstorable_characters(value):
        raise Invalid(
            f"{label} must not contain control characters", code="control_characters", field=label
        )
    return value


def clean_email(value: object) -> str:
    """The email as given (trimmed); missing or blank is the spec's "Email is required"."""
    if value is None or (isinstance(value, str) and not value.strip()):
        raise Invalid(EMAIL_REQUIRED, code="email_required", field="email")
    email = _text(value, "email", max_length("email"))
    if not EMAIL_RE.match(email):
        raise Invalid(INVALID_EMAIL, code="invalid_email", field="email")
    return email


def normalize_email(email: str) -> str:
    """Lower-cased for comparison; cut to the column's size (a few letters grow when
    lower-cased, e.g. "İ")."""
    return email.strip().lower()[: max_length("email_normalized")]


def clean_country(value: str) -> str:
    code = value.upper()
    if not re.fullmatch(r"[A-Z]{2}", code):
        raise Invalid(INVALID_COUNTRY, code="invalid_country", field="billingCountry")
    return code


def clean_optional(field: str, value: object) -> str | None:
    """One optional field: ``None`` or blank clears it; otherwise trimmed and checked."""
    if value is None:
        return "" if field == "name" else None
    if field == "billing_country":  # its own message says what fits, not "at most 2"
        text = _text(value, OPTIONAL_FIELDS[field], 100)
        return clean_country(text) if text else None
    text = _text(value, OPTIONAL_FIELDS[field], max_length(field))
    if not text:
        return "" if field == "name" else None
    return text


def clean_fields(fields: dict[str, object]) -> dict[str, object]:
    """Checked values for the given fields only, with the derived ``*_normalized`` columns."""
    unknown = set(fields) - UPDATABLE_FIELDS
    if unknown:
        raise TypeError(f"unknown customer fields: {sorted(unknown)}")
    cleaned: dict[str, object] = {}
    if "email" in fields:
        cleaned["email"] = clean_email(fields["email"])
        cleaned["email_normalized"] = normalize_email(cleaned["email"])
    for field in OPTIONAL_FIELDS:
        if field in fields:
            cleaned[field] = clean_optional(field, fields[field])
    if "name" in cleaned:
        cleaned["name_normalized"] = cleaned["name"].lower()[: max_length("name_normalized")]
    return cleaned
