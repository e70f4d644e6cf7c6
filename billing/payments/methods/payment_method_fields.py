"""Checking the body of a payment-method create, field by field.

The spec gives one message for every refused create, ``Invalid input``; the ``details`` string
beside it names the field and the problem, so a merchant can fix the request without guessing.
Every length limit comes from the model, so what passes here always fits the table.

Rules where the spec is silent (the README repeats them):
- ``provider`` is ``provider_a`` or ``provider_b``, the only two providers.
- ``paymentType`` and ``status`` list their usual values and then "others", so any short
  lower-case word is accepted (``[a-z][a-z0-9_]*``, up to the column's 30 / 20 characters):
  ``card``, ``bank_account``, ``paypal``, ``sepa_debit``; ``active``, ``pending``,
  ``failed``, ``expired``, ``requires_action``. A closed list would refuse a provider's next
  method type; a free string would let ``Active`` and ``active`` both in, and charging looks
  for ``active`` exactly.
- Optional fields may be absent or null; a blank string counts as null. Text is trimmed;
  control characters (NUL would fail in PostgreSQL) are refused.
- ``cardExpiryMonth`` is an integer 1-12, ``cardExpiryYear`` a four-digit integer;
  ``cardLastFour`` / ``bankLastFour`` exactly four digits, as a string (leading zeros count);
  country codes two letters, upper-cased; ``bankCurrency`` an ISO 4217 code, upper-cased;
  ``paypalEmail`` looks like an email; ``externalPspMetadata`` a JSON object.
- Unknown fields are ignored, as on every other /v1 body.
"""

import re
from typing import Any

from billing.core.currencies import normalize_currency
from billing.core.errors import Invalid
from billing.core.validation import has_unstorable_characters
from billing.customers.customer_fields import EMAIL_RE
from billing.payments.models import PROVIDERS, PaymentMethod

INVALID_INPUT = "Invalid input"
WORD_RE = re.compile(r"[a-z][a-z0-9_]*")
COUNTRY_RE = re.compile(r"[A-Z]{2}")
FOUR_DIGITS_RE = re.compile(r"[0-9]{4}")

# The API's field name -> (model field, kind). Kinds are checked by ``_CHECKS`` below.
FIELDS: dict[str, tuple[str, str]] = {
    "provider": ("provider", "provider"),
    "paymentType": ("payment_type", "word"),
    "status": ("status", "word"),
    "verificationStatus": ("verification_status", "text"),
    "cardLastFour": ("card_last_four", "four_digits"),
    "cardBrand": ("card_brand", "text"),
    "cardExpiryMonth": ("card_expiry_month", "month"),
    "cardExpiryYear": ("card_expiry_year", "year"),
    "cardIssuerCountry": ("card_issuer_country", "country"),
    "cardNetwork": ("card_network", "text"),
    "bankLastFour": ("bank_last_four", "four_digits"),
    "bankName": ("bank_name", "text"),
    "bankAccountType": ("bank_account_type", "text"),
    "bankRoutingNumber": ("bank_routing_number", "text"),
    "bankAccountHolderName": ("bank_account_holder_name", "text"),
    "bankAccountHolderType": ("bank_account_holder_type", "text"),
    "bankCurrency": ("bank_currency", "currency"),
    "bankCountry": ("bank_country", "country"),
    "paypalEmail": ("paypal_email", "email"),
    "paypalPayerId": ("paypal_payer_id", "text"),
    "paypalMerchantId": ("paypal_merchant_id", "text"),
    "externalPspPaymentMethodId": ("external_psp_payment_method_id", "text"),
    "externalPspCustomerId": ("external_psp_customer_id", "text"),
    "externalPspAccountId": ("external_psp_account_id", "text"),
    "externalPspMetadata": ("external_psp_metadata", "object"),
}
REQUIRED = ("customerId", "provider", "paymentType", "status")


def refuse(details: str) -> Invalid:
    return Invalid(INVALID_INPUT, details=details, code="invalid_input")


def _max_length(column: str) -> int:
    return PaymentMethod._meta.fields_map[column].max_length


def _text(name: str, column: str, value: Any) -> str | None:
    if not isinstance(value, str):
        raise refuse(f"{name} must be a string")
    value = value.strip()
    if not value:
        return None
    if len(value) > _max_length(column):
        raise refuse(f"{name} must be at most {_max_length(column)} characters")
    if has_unstorable_characters(value):
        raise refuse(f"{name} must not contain control characters")
    return value


def _word(name: str, column: str, value: Any) -> str | None:
    text = _text(name, column, value)
    if text is not None and not WORD_RE.fullmatch(text):
        raise refuse(f"{name} must be a lower-case word like 'active' or 'bank_account'")
    return text


def _provider(name: str, column: str, value: Any) -> str | None:
    text = _text(name, column, value)
    if text is not None and text not in PROVIDERS:
        raise refuse(f"{name} must be one of {', '.join(PROVIDERS)}")
    return text


def _four_digits(name: str, column: str, value: Any) -> str | None:
    text = _text(name, column, value) if isinstance(value, str) else value
    if text is not None and not (isinstance(text, str) and FOUR_DIGITS_RE.fullmatch(text)):
        raise refuse(f"{name} must be exactly four digits, as a string")
    return text


def _country(name: str, column: str, value: Any) -> str | None:
    if not isinstance(value, str):
        raise refuse(f"{name} must be a string")
    code = value.strip().upper()
    if code and not COUNTRY_RE.fullmatch(code):
        raise refuse(f"{name} must be a two-letter ISO 3166 country code, like US or DE")
    return code or None


def _currency(name: str, column: str, value: Any) -> str | None:
    if not isinstance(value, str):
        raise refuse(f"{name} must be a string")
    if not value.strip():
        return None
    code = normalize_currency(value)
    if code is None:
        raise refuse(f"{name} must be an ISO 4217 currency code, like USD or EUR")
    return code


MONTHS = (1, 12)
YEARS = (1000, 9999)  # four digits


def _integer(name: str, value: Any, low: int, high: int, what: str) -> int:
    # bool is an int in Python; true is no month.
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise refuse(f"{name} must be {what}")
    return value


def _month(name: str, column: str, value: Any) -> int:
    return _integer(name, value, *MONTHS, "an integer from 1 to 12")


def _year(name: str, column: str, value: Any) -> int:
    return _integer(name, value, *YEARS, "a four-digit integer, like 2030")


def _email(name: str, column: str, value: Any) -> str | None:
    text = _text(name, column, value)
    if text is not None and not EMAIL_RE.match(text):
        raise refuse(f"{name} must be a valid email address, like name@example.com")
    return text


def _storable_json(value: Any) -> bool:
    """No NUL or lone surrogate anywhere, keys included: PostgreSQL's jsonb refuses them."""
    if isinstance(value, str):
        return "\x00" not in value and not any("\ud800" <= c <= "\udfff" for c in value)
    if isinstance(value, dict):
        return all(_storable_json(key) and _storable_json(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_storable_json(item) for item in value)
    return True


def _object(name: str, column: str, value: Any) -> dict:
    if not isinstance(value, dict):
        raise refuse(f"{name} must be a JSON object")
    if not _storable_json(value):
        raise refuse(f"{name} must not contain NUL characters or lone surrogates")
    return value


_CHECKS = {
    "text": _text,
    "word": _word,
    "provider": _provider,
    "four_digits": _four_digits,
    "country": _country,
    "currency": _currency,
    "month": _month,
    "year": _year,
    "email": _email,
    "object": _object,
}


def clean_fields(body: Any) -> dict[str, Any]:
    """The model's keyword values from a create body (``customerId`` excepted: the caller
    resolves it); the first problem found is ``Invalid("Invalid input", details=...)``."""
    if not isinstance(body, dict):
        raise refuse("The body must be a JSON object")
    for name in REQUIRED:
        if body.get(name) is None:
            raise refuse(f"{name} is required")
    values: dict[str, Any] = {}
    for name, (column, kind) in FIELDS.items():
        value = body.get(name)
        values[column] = None if value is None else _CHECKS[kind](name, column, value)
    for name in REQUIRED[1:]:
        if values[FIELDS[name][0]] is None:  # sent blank
            raise refuse(f"{name} is required")
    return values
