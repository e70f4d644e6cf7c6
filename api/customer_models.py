"""Request and response models of /v1/customers (see api/customers.py for the shapes' rationale).

Request bodies are strict (no silent 5 -> "5"); the service checks each field, so its messages
(``Email is required``, the lengths, the country code) come from one place. Query parameters
are taken as text and read by the routes, which answer a clear 400 for anything odd.
"""

from pydantic import BaseModel

from api.common import Body


class CustomerFields(Body):
    email: str | None = None
    name: str | None = None
    externalCustomerId: str | None = None
    billingAddressLine1: str | None = None
    billingAddressLine2: str | None = None
    billingCity: str | None = None
    billingPostalCode: str | None = None
    billingCountry: str | None = None
    taxId: str | None = None


class CreateCustomer(CustomerFields):
    """``email`` is required (checked by the service, for the spec's "Email is required")."""


class UpdateCustomer(CustomerFields):
    """Any subset of the create fields; only those sent change, ``null`` clears one."""

    dangerouslyAllowSameEmailForDifferentCustomers: bool | None = None


class CustomerListQuery(BaseModel):
    includePaymentData: str | None = None
    search: str | None = None
    after: str | None = None
    limit: str | None = None


class StatusQuery(BaseModel):
    externalCustomerId: str | None = None


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
