"""Response and query models of /v1/invoices (see api/invoices.py for the shapes)."""

from pydantic import BaseModel, Field

from api.refund_json import RefundEntryOut


class InvoiceQuery(BaseModel):
    customerId: str | None = None
    status: str | None = None
    limit: str | None = None
    offset: str | None = None


class InvoicePageQuery(BaseModel):
    limit: str | None = None
    offset: str | None = None


class UpcomingLineOut(BaseModel):
    type: str
    description: str
    quantity: float | None
    unitAmountCents: int | None
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


class UpcomingQuery(BaseModel):
    subscriptionId: str | None = None


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
