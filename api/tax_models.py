"""Request and response models of /v1/tax, for the OpenAPI document (bodies are checked by
the services, which answer the spec's array-form errors)."""

from typing import Annotated

from pydantic import BaseModel

from api.common import Query
from api.schema_rules import currency, documented, integer, nullable
from billing.tax.tax_engine import MAX_CENTS
from billing.tax.tax_fields import MAX_TEXT
from billing.tax.tax_preview import MAX_CUSTOMER_ID
from billing.tax.tax_settings import (
    MAX_CATEGORY,
    MAX_JURISDICTION,
    MAX_RATE_DESCRIPTION,
    MAX_REGISTRATION_NUMBER,
    REGISTRATION_TYPES,
)
from billing.tax.us_states import STATES

STATE_CODES = "|".join(sorted(STATES) + sorted(code.lower() for code in STATES))

# What ``billing.tax.tax_fields`` accepts: text trimmed, without NUL; flags true or false
# (not null); rates a decimal from 0 to 1 with at most 4 places; days ISO dates.
FLAG = documented({"type": "boolean"})
RATE_SCHEMA = {
    "anyOf": [
        {"type": "string", "pattern": "^ *(0(\\.[0-9]{1,4})?|1(\\.0{1,4})?) *$"},
        {"type": "integer", "minimum": 0, "maximum": 1},
    ],
    "description": 'A decimal from 0 to 1 with at most 4 places, such as "0.0825"',
}
DAY_SCHEMA = {
    "type": "string",
    "pattern": "^ *[1-9][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8]) *$",
}


def _text(max_length: int = MAX_TEXT, *, required: bool = False):
    schema = {"type": "string", "maxLength": max_length, "pattern": "^[^\\x00]*$"}
    if required:
        # Something left once trimmed: \x1c-\x1f and \x85 are spaces to Python, not to ECMA-262.
        visible = "[^\\s\\x00\\x1c-\\x1f\\x85]"
        return documented({**schema, "pattern": f"^[^\\x00]*{visible}[^\\x00]*$"})
    return documented(schema, optional=True)


class TaxConfigIn(BaseModel):
    autoTaxCalculation: Annotated[bool | None, FLAG] = None
    defaultTaxRate: Annotated[str | None, documented(nullable(RATE_SCHEMA))] = None


class TaxConfigOut(BaseModel):
    autoTaxCalculation: bool
    defaultTaxRate: str | None


class TaxConfigRecord(TaxConfigOut):
    id: str
    merchantId: str
    createdAt: str
    updatedAt: str


class NexusIn(BaseModel):
    isActive: Annotated[bool | None, FLAG] = None
    effectiveDate: Annotated[str | None, documented(DAY_SCHEMA, optional=True)] = None
    registrationNumber: Annotated[str | None, _text(MAX_REGISTRATION_NUMBER)] = None


class NexusOut(BaseModel):
    id: str
    merchantId: str
    state: str
    isActive: bool
    effectiveDate: str | None
    registrationNumber: str | None
    createdAt: str
    updatedAt: str


class RateDefinitionIn(Query):
    """Creating one needs ``name`` and ``taxRate``; an update changes the fields sent."""

    name: Annotated[str | None, _text(required=True)] = None
    taxRate: Annotated[str | None, documented(RATE_SCHEMA)] = None
    description: Annotated[str | None, _text(MAX_RATE_DESCRIPTION)] = None
    jurisdiction: Annotated[str | None, _text(MAX_JURISDICTION)] = None
    category: Annotated[str | None, _text(MAX_CATEGORY)] = None
    isActive: Annotated[bool | None, FLAG] = None


class NewRateDefinitionIn(RateDefinitionIn):
    required_fields = ("name", "taxRate")


class RateDefinitionOut(BaseModel):
    id: str
    merchantId: str
    name: str
    description: str | None
    taxRate: str
    jurisdiction: str | None
    category: str | None
    isActive: bool
    createdAt: str
    updatedAt: str


UNTIL = DAY_SCHEMA | {"description": "Not before effectiveDate"}


class RegistrationIn(BaseModel):
    jurisdiction: Annotated[str, _text(MAX_JURISDICTION, required=True)]
    registrationNumber: Annotated[str, _text(MAX_REGISTRATION_NUMBER, required=True)]
    registrationType: Annotated[
        str, documented({"type": "string", "pattern": f"^ *({'|'.join(REGISTRATION_TYPES)}) *$"})
    ]
    effectiveDate: Annotated[str, documented(DAY_SCHEMA)]
    expirationDate: Annotated[
        str | None,
        documented(DAY_SCHEMA | {"description": "not before effectiveDate"}, optional=True),
    ] = None
    isActive: Annotated[bool | None, FLAG] = None


class RegistrationOut(BaseModel):
    id: str
    merchantId: str
    jurisdiction: str
    registrationNumber: str
    registrationType: str
    effectiveDate: str
    expirationDate: str | None
    isActive: bool
    createdAt: str
    updatedAt: str


class LineItemIn(BaseModel):
    type: str
    description: str
    subtotalCents: int
    billingPeriodStart: str
    billingPeriodEnd: str
    componentId: str | None = None
    priceId: str | None = None


class PreviewIn(BaseModel):
    """``amount`` in cents; with ``lineItems`` it must equal their sum. ``state`` (optional)
    names the US state instead of the customer's ZIP code."""

    customerId: Annotated[str, _text(MAX_CUSTOMER_ID, required=True)]
    amount: Annotated[int, integer(0, MAX_CENTS)]
    currency: Annotated[str, currency()]
    lineItems: list[LineItemIn] | None = None
    state: Annotated[
        str | None,
        documented({"type": "string", "pattern": f"^ *({STATE_CODES}) *$"}, optional=True),
    ] = None


class BreakdownOut(BaseModel):
    type: str
    rate: float
    amount: float


class PreviewOut(BaseModel):
    """Amounts in the currency's major unit (8.75 for 875 cents), as the README's Tax
    section explains."""

    taxAmount: float
    taxRate: float
    jurisdiction: str | None
    breakdown: list[BreakdownOut]
    exemptAmount: float
    taxableAmount: float


class FieldProblem(BaseModel):
    """One problem of a tax request body; ``path`` leads to the field (``["lineItems", 0,
    "subtotalCents"]``), empty when the body itself is wrong."""

    code: str
    message: str
    path: list[str | int]


class TaxFieldErrors(BaseModel):
    """Every problem of the body at once, in the spec's array form."""

    error: list[FieldProblem]


class TaxFieldOrStateErrors(BaseModel):
    """The body's problems in the array form; or, for a state code (the nexus path, a
    preview's ``state``) that is no US state or territory, the spec's plain message."""

    error: list[FieldProblem] | str
