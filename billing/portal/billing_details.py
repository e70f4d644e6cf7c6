"""The customer's billing address and tax id, changed by the customer in the portal.

One call to ``customers.update_customer`` (the function /v1 and the dashboard use), limited to
the address and tax id fields, so its limits and messages are the same everywhere. Tax is
worked out from the customer's address when an invoice is issued (``invoicing.issuing``), so
the new address counts from the next invoice on; issued invoices keep the address they were
issued to.
"""

from billing.customers import customers
from billing.customers.models import Customer
from billing.portal import portal_choices

FIELDS = (
    "billing_address_line1",
    "billing_address_line2",
    "billing_city",
    "billing_postal_code",
    "billing_country",
    "tax_id",
)


async def update_billing_details(merchant_id: str, customer_id: str, **fields: object) -> Customer:
    """Save the given address and tax id fields (blank clears one); other fields are not the
    customer's to change here."""
    await portal_choices.require(merchant_id, "update_billing")
    unknown = set(fields) - set(FIELDS)
    if unknown:
        raise TypeError(f"not billing details: {sorted(unknown)}")
    return await customers.update_customer(merchant_id, customer_id, **fields)
