"""/v1/customers: list, read, create, update, soft-delete, organization and subscription status.

The portal rows (``/v1/customers/portal/...``) come with the payments issue.

Design decisions where the spec is silent:
- The list answers at most ``limit`` customers (default and maximum 1000), newest first, and
  adds ``nextCursor`` (null on the last page): pass it back as ``?after=`` for the next page.
  ``?search=`` filters as the dashboard does (email or name prefix, exact external or customer
  id). Without these parameters the answer is the spec's ``{customers}`` for any account of up
  to 1000 customers.
- ``organization-customers`` of a customer in no organization answers
  ``{organization: null, customers: []}``.
- Deleting a customer with a subscription that is not cancelled is a 409 (cancel it first).
"""

from quart import Blueprint
from quart_schema import document_response, validate_querystring, validate_request

from api.common import ErrorBody, fails_as, iso, query_flag
from api.customer_models import (
    CreateCustomer,
    CustomerDeletedOut,
    CustomerEnvelope,
    CustomerListEnvelope,
    CustomerListQuery,
    OrganizationEnvelope,
    StatusEnvelope,
    StatusQuery,
    UpdateCustomer,
)
from billing.core.errors import Invalid
from billing.customers import customers, organizations
from billing.customers.customers import MAX_PAGE_SIZE
from billing.customers.models import Customer
from billing.payments.reads import customer_payments
from billing.subscriptions import customer_status
from webapp.auth import merchant_id

bp = Blueprint("customers", __name__, url_prefix="/customers")

# Request field -> service keyword, for the fields create and update share.
FIELD_NAMES = {
    "email": "email",
    "name": "name",
    "externalCustomerId": "external_customer_id",
    "billingAddressLine1": "billing_address_line1",
    "billingAddressLine2": "billing_address_line2",
    "billingCity": "billing_city",
    "billingPostalCode": "billing_postal_code",
    "billingCountry": "billing_country",
    "taxId": "tax_id",
}


def customer_json(customer: Customer) -> dict:
    return {
        "id": customer.id,
        "email": customer.email,
        "name": customer.name,
        "externalCustomerId": customer.external_customer_id,
        "billingAddressLine1": customer.billing_address_line1,
        "billingAddressLine2": customer.billing_address_line2,
        "billingCity": customer.billing_city,
        "billingPostalCode": customer.billing_postal_code,
        "billingCountry": customer.billing_country,
        "taxId": customer.tax_id,
        "merchantId": customer.merchant_id,
        "createdAt": iso(customer.created_at),
        "updatedAt": iso(customer.updated_at),
        "deletedAt": iso(customer.deleted_at),
    }


def payment_summary_json(summary: customer_payments.PaymentSummary) -> dict:
    customer = summary.customer
    return {
        "id": customer.id,
        "email": customer.email,
        "name": customer.name,
        "externalCustomerId": customer.external_customer_id,
        "customerOrganizationId": customer.organization_id,
        "orgRole": customer.org_role,
        "totalPaymentsCents": summary.total_payments_cents,
        "paymentCount": summary.payment_count,
        "currency": summary.currency,
        "createdAt": iso(customer.created_at),
        "updatedAt": iso(customer.updated_at),
    }


def _limit(value: str | None) -> int:
    """The page size: ``limit`` absent is the largest page; an empty ``limit=`` is not a
    number, as the document says, and is refused like any other."""
    if value is None:
        return MAX_PAGE_SIZE
    if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= MAX_PAGE_SIZE:
        raise Invalid(f"Query parameter 'limit' must be an integer from 1 to {MAX_PAGE_SIZE}")
    return int(value)


@bp.get("")
@validate_querystring(CustomerListQuery)
@document_response(CustomerListEnvelope)
@document_response(ErrorBody, 400)
async def list_customers(query_args: CustomerListQuery):
    """List live customers, newest first, at most ``limit`` (default 1000) per answer.

    ``includePaymentData=true`` answers the payment-aggregate variant: succeeded payments
    counted and summed net of refunds, per customer (billing/payments/reads/customer_payments.py
    says how currencies are chosen).
    """
    with_payments = query_flag(query_args.includePaymentData, "includePaymentData")
    options = {
        "search": query_args.search,
        "after": query_args.after,
        "limit": _limit(query_args.limit),
    }
    if with_payments:
        rows, cursor = await customer_payments.list_payment_summaries(merchant_id(), **options)
        return {"customers": [payment_summary_json(row) for row in rows], "nextCursor": cursor}
    rows, cursor = await customers.list_customers(merchant_id(), **options)
    return {"customers": [customer_json(row) for row in rows], "nextCursor": cursor}


@bp.get("/subscription-status")
@validate_querystring(StatusQuery)
@document_response(StatusEnvelope)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
async def subscription_status(query_args: StatusQuery):
    """Whether the customer with ``?externalCustomerId=`` has an active subscription (paused
    and unpaid ones do not count); ``subscription`` is null when not."""
    found = await customer_status.subscription_status(merchant_id(), query_args.externalCustomerId)
    customer, subscription = found
    body = {
        "hasActiveSubscription": subscription is not None,
        "customer": {"id": customer.id, "name": customer.name, "email": customer.email},
        "subscription": None,
    }
    if subscription is not None:
        body["subscription"] = {
            "id": subscription.stable_subscription_id,
            "planId": subscription.plan_id,
            "planName": subscription.plan.plan_name,
            "planDescription": subscription.plan.plan_description,
            "priceId": subscription.effective_price_id,
            "currency": subscription.effective_price.currency,
            "pricingData": subscription.effective_price.pricing_data,
            "startTimestamp": iso(subscription.start_timestamp),
        }
    return body


@bp.get("/<customer_id>")
@document_response(CustomerEnvelope)
@document_response(ErrorBody, 404)
async def get_customer(customer_id: str):
    """Read one live customer."""
    return {"customer": customer_json(await customers.get_customer(merchant_id(), customer_id))}


@bp.post("")
@validate_request(CreateCustomer)
@document_response(CustomerEnvelope, 201)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 409)
@fails_as("Failed to create customer")
async def create_customer(data: CreateCustomer):
    """Create a customer. ``email`` is required, format-checked and unique among the
    merchant's live customers regardless of case; ``billingCountry`` is a two-letter code."""
    values = {FIELD_NAMES[field]: getattr(data, field) for field in FIELD_NAMES}
    customer = await customers.create_customer(merchant_id(), **values)
    return {"customer": customer_json(customer)}, 201


@bp.post("/<customer_id>")
@validate_request(UpdateCustomer)
@document_response(CustomerEnvelope)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
@fails_as("Failed to update customer")
async def update_customer(customer_id: str, data: UpdateCustomer):
    """Change only the fields sent (``null`` clears an optional field; email cannot be
    cleared) and bump ``updatedAt``. An email another live customer has is a 409 unless
    ``dangerouslyAllowSameEmailForDifferentCustomers`` is true."""
    values = {
        FIELD_NAMES[field]: getattr(data, field)
        for field in data.model_fields_set
        if field in FIELD_NAMES
    }
    customer = await customers.update_customer(
        merchant_id(),
        customer_id,
        allow_same_email=bool(data.dangerouslyAllowSameEmailForDifferentCustomers),
        **values,
    )
    return {"customer": customer_json(customer)}


@bp.delete("/<customer_id>")
@document_response(CustomerDeletedOut)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
@fails_as("Failed to delete customer")
async def delete_customer(customer_id: str):
    """Soft-delete a customer for good: the id answers 404 afterwards and the email is free
    for a new customer."""
    await customers.delete_customer(merchant_id(), customer_id)
    return {"success": True}


@bp.get("/<customer_id>/organization-customers")
@document_response(OrganizationEnvelope)
@document_response(ErrorBody, 404)
async def organization_customers(customer_id: str):
    """The customer's organization and its customers: the primary first, then seat members."""
    organization, members = await organizations.organization_customers(merchant_id(), customer_id)
    return {
        "organization": None
        if organization is None
        else {"id": organization.id, "name": organization.name},
        "customers": [{"id": member.id, "orgRole": member.org_role} for member in members],
    }
