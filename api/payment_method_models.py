"""Request, query and response models of /v1/payment-methods (see api/payment_methods.py).

The create body is documented here but read raw: billing/payments/methods/payment_method_fields.py
checks it, so every refused body answers the spec's one message, ``Invalid input``, with
``details`` naming the field, instead of quart-schema's generic validation messages.
"""

from typing import Annotated, Any

from pydantic import BaseModel, WithJsonSchema

from api.common import ErrorBody, Query
from api.customer_models import EMAIL_SCHEMA
from api.schema_rules import (
    CURRENCY_CODES,
    documented,
    integer,
    record_id,
    text_schema,
)
from billing.payments.methods.payment_method_fields import FIELDS, MONTHS, WORD_RE, YEARS
from billing.payments.models import PROVIDERS, PaymentMethod

WORD = {"type": "string", "pattern": f"^ *{WORD_RE.pattern} *$"}


def _column_length(column: str) -> int:
    """The longest text ``payment_method_fields`` accepts for ``column`` (the column's)."""
    return PaymentMethod._meta.fields_map[column].max_length


def _field(kind: str, column: str) -> WithJsonSchema:
    """What ``billing.payments.methods.payment_method_fields`` accepts for a field of ``kind``
    (text is trimmed; blank means not given)."""
    if kind in ("month", "year"):
        return integer(*(MONTHS if kind == "month" else YEARS), optional=True)
    if kind == "object":
        return documented({"type": "object"}, optional=True)
    schemas = {
        "text": text_schema(_column_length(column), blank=True),
        "four_digits": {"type": "string", "pattern": "^ *[0-9]{4} *$"},
        "country": {"type": "string", "pattern": "^ *([A-Za-z]{2})? *$"},
        "currency": {"type": "string", "enum": CURRENCY_CODES + [""]},
        "email": EMAIL_SCHEMA,
    }
    return documented(schemas[kind], optional=True)


def _typed(name: str) -> Any:
    column, kind = FIELDS[name]
    python_type = int if kind in ("month", "year") else dict if kind == "object" else str
    return Annotated[python_type | None, _field(kind, column)]


class CreatePaymentMethod(BaseModel):
    """``customerId`` (a ``cust_`` id), ``provider`` (``provider_a`` or ``provider_b``),
    ``paymentType`` and ``status`` (lower-case words such as ``card`` and ``active``) are
    required; every other field is optional and nullable."""

    customerId: Annotated[str, record_id("cust")]
    provider: Annotated[str, documented({"type": "string", "enum": list(PROVIDERS)})]
    paymentType: Annotated[str, documented({**WORD, "maxLength": _column_length("payment_type")})]
    status: Annotated[str, documented({**WORD, "maxLength": _column_length("status")})]
    verificationStatus: _typed("verificationStatus") = None
    cardLastFour: _typed("cardLastFour") = None
    cardBrand: _typed("cardBrand") = None
    cardExpiryMonth: _typed("cardExpiryMonth") = None
    cardExpiryYear: _typed("cardExpiryYear") = None
    cardIssuerCountry: _typed("cardIssuerCountry") = None
    cardNetwork: _typed("cardNetwork") = None
    bankLastFour: _typed("bankLastFour") = None
    bankName: _typed("bankName") = None
    bankAccountType: _typed("bankAccountType") = None
    bankRoutingNumber: _typed("bankRoutingNumber") = None
    bankAccountHolderName: _typed("bankAccountHolderName") = None
    bankAccountHolderType: _typed("bankAccountHolderType") = None
    bankCurrency: _typed("bankCurrency") = None
    bankCountry: _typed("bankCountry") = None
    paypalEmail: _typed("paypalEmail") = None
    paypalPayerId: _typed("paypalPayerId") = None
    paypalMerchantId: _typed("paypalMerchantId") = None
    externalPspPaymentMethodId: _typed("externalPspPaymentMethodId") = None
    externalPspCustomerId: _typed("externalPspCustomerId") = None
    externalPspAccountId: _typed("externalPspAccountId") = None
    externalPspMetadata: _typed("externalPspMetadata") = None


class PaymentMethodOut(BaseModel):
    """The spec's Payment method record."""

    id: str
    merchantId: str
    customerId: str
    provider: str | None
    paymentType: str | None
    status: str | None
    verificationStatus: str | None
    cardLastFour: str | None
    cardBrand: str | None
    cardExpiryMonth: int | None
    cardExpiryYear: int | None
    cardIssuerCountry: str | None
    cardNetwork: str | None
    bankLastFour: str | None
    bankName: str | None
    bankAccountType: str | None
    bankRoutingNumber: str | None
    bankAccountHolderName: str | None
    bankAccountHolderType: str | None
    bankCurrency: str | None
    bankCountry: str | None
    paypalEmail: str | None
    paypalPayerId: str | None
    paypalMerchantId: str | None
    externalPspPaymentMethodId: str | None
    externalPspCustomerId: str | None
    externalPspAccountId: str | None
    externalPspMetadata: dict[str, Any] | None
    createdAt: str
    deletedAt: str | None


class PaymentMethodListEnvelope(BaseModel):
    """A customer's live payment methods, newest first."""

    paymentMethods: list[PaymentMethodOut]


class PaymentMethodQuery(Query):
    required_fields = ("customerId",)
    customerId: Annotated[str | None, documented({"type": "string", "minLength": 1})] = None


class InvalidPaymentMethod(ErrorBody):
    """``Invalid input``; ``details`` names the field and the problem."""

    details: str | None = None
