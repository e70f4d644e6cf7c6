"""Request and response models of /v1/customers (see api/customers.py for the shapes' rationale).

Request bodies are strict (no silent 5 -> "5"); the service checks each field, so its messages
(``Email is required``, the lengths, the country code) come from one place. Query parameters
are taken as text and read by the routes, which answer a clear 400 for anything odd.
"""

from typing import Annotated

from pydantic import BaseModel, Field

from api.common import Body, Query
from api.schema_rules import CONTROL, FLAG, documented, integer, pattern, text
from billing.customers.customer_fields import max_length
from billing.customers.customers import MAX_PAGE_SIZE

# What ``billing.customers.customer_fields`` accepts, in the document (lengths are the
# columns'; blank optional fields clear the value).
EMAIL_SCHEMA = {
    "type": "string",
    "maxLength": max_length("email"),
    "pattern": rf"^[^@\s{CONTROL}]+@[^@\s{CONTROL}]+\.[^@\s.{CONTROL}][^@\s{CONTROL}]*$",
}
EMAIL = documented(EMAIL_SCHEMA)


def _optional(column: str):
    """An optional text field, as long as its column."""
    return text(max_length(column), blank=True, optional=True)


class BillingFields(Body):
    billingAddressLine1: Annotated[str | None, _optional("billing_address_line1")] = None
    billingAddressLine2: Annotated[str | None, _optional("billing_address_line2")] = None
    billingCity: Annotated[str | None, _optional("billing_city")] = None
    billingPostalCode: Annotated[str | None, _optional("billing_postal_code")] = None
    billingCountry: Annotated[str | None, pattern("^ *([A-Za-z]{2})? *$", optional=True)] = None
    taxId: Annotated[str | None, _optional("tax_id")] = None


class CustomerFields(BillingFields):
    name: Annotated[str | None, _optional("name")] = None
    externalCustomerId: Annotated[str | None, _optional("external_customer_id")] = None


class CreateCustomer(CustomerFields):
    """``email`` is required (checked by the service, for the spec's "Email is required")."""

    required_fields = ("email",)
    email: Annotated[str | None, EMAIL] = None


class UpdateCustomer(CustomerFields):
    """Any subset of the create fields; only those sent change, ``null`` clears one (but
    not the email)."""

    email: Annotated[str | None, EMAIL] = None
    dangerouslyAllowSameEmailForDifferentCustomers: bool | None = None


class CustomerListQuery(Query):
    includePaymentData: Annotated[str | None, FLAG] = None
    search: str | None = None
    after: str | None = Field(None, description="The nextCursor of a previous page")
    limit: Annotated[str | None, integer(1, MAX_PAGE_SIZE)] = None


class StatusQuery(Query):
    required_fields = ("externalCustomerId",)
    externalCustomerId: Annotated[str | None, text(max_length("external_customer_id"))] = None


class CustomerOut(BaseModel):
    id: str
    email: str
    name: str
    externalCustomerId: str | None
    billingAddressLine1: str | None
    billingAddressLine2: str | None
    billingCity: str | None
    billingPostalCode: str | None
    billingCountry: str | None
    taxId: str | None
    merchantId: str
    createdAt: str
    updatedAt: str
    deletedAt: str | None


class CustomerPaymentOut(BaseModel):
    id: str
    email: str
    name: str
    externalCustomerId: str | None
    customerOrganizationId: str | None
    orgRole: str | None
    totalPaymentsCents: int
    paymentCount: int
    currency: str
    createdAt: str
    updatedAt: str


class CustomerEnvelope(BaseModel):
    """One customer."""

    customer: CustomerOut


class CustomerListEnvelope(BaseModel):
    """Customers newest first (or, with ``includePaymentData=true``, their payment-aggregate
    variant); ``nextCursor`` is the ``after`` value of the next page, null on the last."""

    customers: list[CustomerOut] | list[CustomerPaymentOut]
    nextCursor: str | None


class CustomerDeletedOut(BaseModel):
    """The customer is soft-deleted for good."""

    success: bool


class OrgCustomerOut(BaseModel):
    id: str
    orgRole: str | None


class OrganizationOut(BaseModel):
    id: str
    name: str


class OrganizationEnvelope(BaseModel):
    """The customer's organization, primary customer first, then seat members; null and an
    empty list when the customer belongs to no organization."""

    organization: OrganizationOut | None
    customers: list[OrgCustomerOut]


class StatusCustomerOut(BaseModel):
    id: str
    name: str
    email: str


class StatusSubscriptionOut(BaseModel):
    id: str
    planId: str
    planName: str
    planDescription: str
    priceId: str
    currency: str
    pricingData: dict
    startTimestamp: str


class StatusEnvelope(BaseModel):
    """Whether the customer has an active subscription, and which one (``id`` is its stable
    subscription id)."""

    hasActiveSubscription: bool
    customer: StatusCustomerOut
    subscription: StatusSubscriptionOut | None
