"""Request and response models of /v1/tax, for the OpenAPI document (bodies are checked by
the services, which answer the spec's array-form errors)."""

from pydantic import BaseModel


class TaxConfigIn(BaseModel):
    autoTaxCalculation: bool | None = None
    defaultTaxRate: str | None = None


class TaxConfigOut(BaseModel):
    autoTaxCalculation: bool
    defaultTaxRate: str | None


class TaxConfigRecord(TaxConfigOut):
    id: str
    merchantId: str
    createdAt: str
    updatedAt: str


class NexusIn(BaseModel):
    isActive: bool | None = None
    effectiveDate: str | None = None
    registrationNumber: str | None = None


class NexusOut(BaseModel):
    id: str
    merchantId: str
    state: str
    isActive: bool
    effectiveDate: str | None
    registrationNumber: str | None
    createdAt: str
    updatedAt: str


class RateDefinitionIn(BaseModel):
    name: str | None = None
    taxRate: str | None = None
    description: str | None = None
    jurisdiction: str | None = None
    category: str | None = None
    isActive: bool | None = None


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


class RegistrationIn(BaseModel):
    jurisdiction: str
    registrationNumber: str
    registrationType: str
    effectiveDate: str
    expirationDate: str | None = None
    isActive: bool | None = None


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

    customerId: str
    amount: int
    currency: str
    lineItems: list[LineItemIn] | None = None
    state: str | None = None


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
