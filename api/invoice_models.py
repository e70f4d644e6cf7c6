"""Response and query models of /v1/invoices (see api/invoices.py for the shapes)."""

from typing import Annotated

from pydantic import BaseModel, Field

from api.common import Query
from api.refund_json import RefundEntryOut
from api.schema_rules import integer, one_of, text
from billing.invoicing.invoices import MAX_OFFSET, MAX_PAGE_SIZE
from billing.invoicing.models import INVOICE_STATUSES


class InvoicePageQuery(Query):
    limit: Annotated[str | None, integer(1, MAX_PAGE_SIZE)] = None
    offset: Annotated[str | None, integer(0, MAX_OFFSET)] = None


class InvoiceQuery(InvoicePageQuery):
    customerId: str | None = None
    status: Annotated[str | None, one_of(*INVOICE_STATUSES)] = None


class UpcomingLineOut(BaseModel):
    type: str
    description: str
    quantity: float | None
    unitAmountCents: int | None
    unitAmountDecimal: str | None = Field(
        None,
        description='A sub-cent unit price, exact, as a decimal string of cents ("0.04" is '
        "0.0004 USD); unitAmountCents is then its rounding. Null for whole-cent prices.",
    )
    subtotalCents: int
    billingPeriodStart: str | None
    billingPeriodEnd: str | None
    componentId: str | None
    priceId: str | None


class LineItemOut(UpcomingLineOut):
    """A stored line: an upcoming one with its id."""

    id: str


class InvoiceCustomerOut(BaseModel):
    id: str
    name: str


class InvoicePaymentOut(BaseModel):
    id: str
    status: str
    paymentLink: str | None = Field(
        description="Extension: the provider B payment link to send the customer (null when none)"
    )
    amountRefundedCents: int = Field(description="Extension: succeeded refunds of this payment")
    refundStatus: str = Field(description="Extension: none, partially_refunded or refunded")
    refunds: list[RefundEntryOut]


class InvoiceOut(BaseModel):
    id: str
    customerId: str
    subscriptionId: str | None
    number: str = Field(description='"" while a checkout\'s invoice waits for its payment')
    customerInvoiceNumber: str = Field(description='"" until numbered, as number')
    status: str
    billingReason: str
    currency: str
    issueDate: str
    paidDate: str | None
    subtotalCents: int
    taxCents: int
    totalAmountCents: int
    taxNotes: list[str]
    hasPdf: bool
    pdfUrl: str | None
    paymentStatus: str
    customer: InvoiceCustomerOut
    lineItems: list[LineItemOut]
    payment: InvoicePaymentOut | None
    amountRefundedCents: int = Field(
        description="Extension: what succeeded refunds of its payments gave back (pending and "
        "failed refunds are listed in refunds but not counted)"
    )
    refundStatus: str = Field(description="Extension: none, partially_refunded or refunded")
    refunds: list[RefundEntryOut]
    creditNoteFor: str | None = Field(
        description="Extension: on a refund's credit note, the id of the invoice it is for"
    )
    creditNoteIds: list[str] = Field(description="Extension: credit notes issued for it")


class InvoicePagination(BaseModel):
    total: int
    limit: int
    offset: int


class InvoiceListEnvelope(BaseModel):
    invoices: list[InvoiceOut]
    pagination: InvoicePagination


class InvoiceEnvelope(BaseModel):
    invoice: InvoiceOut


class InvoicePdfInvoiceOut(BaseModel):
    id: str
    customerInvoiceNumber: str


class InvoicePdfEnvelope(BaseModel):
    invoice: InvoicePdfInvoiceOut
    pdfUrl: str
    expiresIn: int


class UpcomingQuery(Query):
    required_fields = ("subscriptionId",)
    subscriptionId: Annotated[str | None, text()] = None


class UpcomingInvoiceOut(BaseModel):
    subscriptionId: str
    customerId: str
    customer: InvoiceCustomerOut
    status: str
    currency: str
    issueDate: str
    subtotalCents: int
    taxCents: int
    totalAmountCents: int
    taxNotes: list[str]
    lineItems: list[UpcomingLineOut]


class UpcomingEnvelope(BaseModel):
    invoice: UpcomingInvoiceOut


class RetryPaymentOut(BaseModel):
    success: bool
    message: str
    attemptNumber: int
    paymentId: str
