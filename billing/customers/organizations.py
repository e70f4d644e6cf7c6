"""Organizations: one primary customer plus seat-member customers, e.g. a company account.

The membership lives on the customer row (``organization_id`` and ``org_role`` ``primary`` or
``member``), so a customer belongs to at most one organization. Organizations are created by
the seats and enrollment flows; these functions are the one place that writes them.

Design decisions where the spec is silent:
- ``organization-customers`` of a customer outside any organization answers
  ``organization: null`` and ``customers: []`` (200): "no organization" is a normal state of a
  customer, not an error.
- Deleted customers drop out of the member list; the organization itself stays.
"""

from tortoise.transactions import in_transaction

from billing.core.errors import Conflict
from billing.core.lookup import find_scoped
from billing.core.validation import clean_name
from billing.customers.customers import CUSTOMER_NOT_FOUND
from billing.customers.models import Customer, Organization

ORGANIZATION_NOT_FOUND = "Organization not found or access denied"
ALREADY_IN_ORGANIZATION = "Customer already belongs to an organization"
NOT_A_MEMBER = "Customer is not a seat member of this organization"
PRIMARY = "primary"
MEMBER = "member"


async def _join(customer: Customer, organization: Organization, role: str) -> None:
    if customer.organization_id is not None:
        raise Conflict(ALREADY_IN_ORGANIZATION, code="already_in_organization")
    customer.organization_id = organization.id
    customer.org_role = role
    await customer.save(update_fields=["organization_id", "org_role", "updated_at"])


async def create_organization(
    merchant_id: str, *, name: str, primary_customer_id: str, external_id: str | None = None
) -> Organization:
    """A new organization with ``primary_customer_id`` as its primary customer."""
    name = clean_name(name, "name")
    if external_id is not None:
        external_id = clean_name(external_id, "externalId")
    async with in_transaction():
        customer = await find_scoped(
            Customer, merchant_id, primary_customer_id, CUSTOMER_NOT_FOUND, lock=True
        )
        organization = await Organization.create(
            merchant_id=merchant_id, name=name, external_id=external_id
        )
        await _join(customer, organization, PRIMARY)
    return organization


async def add_member(merchant_id: str, organization_id: str, customer_id: str) -> Customer:
    """Add a customer as a seat member of the organization."""
    async with in_transaction():
        organization = await find_scoped(
            Organization, merchant_id, organization_id, ORGANIZATION_NOT_FOUND
        )
        customer = await find_scoped(
            Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND, lock=True
        )
        await _join(customer, organization, MEMBER)
    return customer


async def remove_member(merchant_id: str, organization_id: str, customer_id: str) -> Customer:
    """Take a seat member out of the organization (a seat removed): the customer stays, with
    no organization, so it keeps nothing the organization's subscription grants."""
    async with in_transaction():
        customer = await find_scoped(
            Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND, lock=True
        )
        if customer.organization_id != organization_id or customer.org_role != MEMBER:
            raise Conflict(NOT_A_MEMBER, code="customer_not_a_member")
        customer.organization_id = None
        customer.org_role = None
        await customer.save(update_fields=["organization_id", "org_role", "updated_at"])
    return customer


async def organization_customers(
    merchant_id: str, customer_id: str
) -> tuple[Organization | None, list[Customer]]:
    """The organization of a customer and its live customers, primary first then members
    (oldest member first); ``(None, [])`` when the customer belongs to none."""
    customer = await find_scoped(Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND)
    if customer.organization_id is None:
        return None, []
    organization = (
        await Organization.scoped(merchant_id).filter(id=customer.organization_id).first()
    )
    if organization is None:
        return None, []
    members = await Customer.scoped(merchant_id).filter(organization_id=organization.id)
    members.sort(key=lambda row: (row.org_role != PRIMARY, row.created_at, row.id))
    return organization, members
