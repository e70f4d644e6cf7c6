"""Request and response models of /v1/customers/portal (see api/portal.py for the rules)."""

from pydantic import BaseModel

from api.common import Body
from api.refund_json import RefundEntryOut


class PortalQuery(BaseModel):
    """``externalCustomerId``: required with a secret key; with a portal session optional, and
    when sent it must be the session customer's own."""

    externalCustomerId: str | None = None


class PortalCustomerBody(Body):
    externalCustomerId: str | None = None


class SetPaymentMethodBody(PortalCustomerBody):
    paymentMethodId: str | None = None


class CreateSessionBody(Body):
    externalCustomerId: str | None = None
    returnUrl: str | None = None


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
