"""Request and response models of /v1/customers/portal (see api/portal.py for the rules)."""

from typing import Annotated

from pydantic import BaseModel, Field

from api.common import Body, Query
from api.refund_json import RefundEntryOut
from api.schema_rules import documented, http_url, text
from billing.customers.customer_fields import max_length
from billing.portal.sessions import MAX_RETURN_URL

# Which customer: required with a secret key; with a portal session optional, and when sent
# it must be the session customer's own (a rule of the credentials, so the document cannot
# make it required).
CUSTOMER = Field(
    None,
    description="Required with a secret key; with a portal session optional (the session's "
    "own customer)",
)


class PortalQuery(Query):
    externalCustomerId: Annotated[str | None, text(max_length("external_customer_id"))] = CUSTOMER


class PortalCustomerBody(Body):
    externalCustomerId: Annotated[
        str | None, text(max_length("external_customer_id"), optional=True)
    ] = CUSTOMER


class SetPaymentMethodBody(PortalCustomerBody):
    required_fields = ("paymentMethodId",)
    paymentMethodId: Annotated[str | None, documented({"type": "string", "minLength": 1})] = None


class CreateSessionBody(Body):
    required_fields = ("externalCustomerId", "returnUrl")
    externalCustomerId: Annotated[str | None, text(max_length("external_customer_id"))] = None
    returnUrl: Annotated[str | None, http_url(MAX_RETURN_URL, optional=False)] = None


class PortalCustomerOut(BaseModel):
    id: str
    name: str
    email: str


class PortalSubscriptionOut(BaseModel):
    id: str
    stableSubscriptionId: str
    status: str
    planId: str
    gracePeriodEndsAt: str | None
    paymentMethodId: str | None


class PortalPaymentMethodOut(BaseModel):
    id: str
    provider: str | None
    paymentType: str | None
    status: str | None
    cardBrand: str | None
    cardLastFour: str | None
    cardExpiryMonth: int | None
    cardExpiryYear: int | None
    linkedToSubscription: bool


class PortalInvoiceOut(BaseModel):
    id: str
    number: str
    status: str
    totalAmountCents: int
    currency: str
    issueDate: str | None
    paidDate: str | None
    pdfUrl: str
    paymentStatus: str
    amountRefundedCents: int
    refundStatus: str
    refunds: list[RefundEntryOut]
    creditNoteFor: str | None
    creditNoteIds: list[str]


class PortalPaymentOut(BaseModel):
    id: str
    amountCents: int
    currency: str
    status: str
    createdAt: str | None
    errorMessage: str | None
    invoiceId: str
    amountRefundedCents: int
    refundStatus: str
    refunds: list[RefundEntryOut]


class PortalOut(BaseModel):
    customer: PortalCustomerOut
    subscription: PortalSubscriptionOut | None
    paymentMethods: list[PortalPaymentMethodOut]
    invoices: list[PortalInvoiceOut]
    payments: list[PortalPaymentOut]


class PortalEnvelope(BaseModel):
    portal: PortalOut


class ProviderAIntentOut(BaseModel):
    clientSecret: str
    intentId: str
    publishableKey: str | None


class ProviderBLinkOut(BaseModel):
    paymentLink: str


class SetupIntentOut(BaseModel):
    """``provider_a`` or ``provider_b`` is present, as ``provider`` says."""

    provider: str
    provider_a: ProviderAIntentOut | None = None
    provider_b: ProviderBLinkOut | None = None


class SuccessOut(BaseModel):
    success: bool


class PortalSessionOut(BaseModel):
    url: str
    expiresAt: str
