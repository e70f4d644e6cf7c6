"""Customers of a merchant, and organizations that group a primary customer with seat members.

``email_normalized`` and ``name_normalized`` (lower-cased) carry the case-insensitive email
uniqueness and the dashboard's prefix search; hand-written ``text_pattern_ops`` indexes on them
(migration ``customer_search``) keep prefix search fast at any size, and keyset pagination runs
on ``(merchant_id, created_at, id)``.
"""

from tortoise import fields
from tortoise.indexes import Index

from billing.core.models import TenantModel


class Organization(TenantModel):
    id_prefix = "org"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="organizations")
    name = fields.CharField(max_length=200)
    external_id = fields.CharField(max_length=200, null=True)

    class Meta:
        table = "organizations"
        indexes = (Index(fields=("merchant_id", "external_id"), name="organizations_external_idx"),)


class Customer(TenantModel):
    id_prefix = "cust"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="customers")
    email = fields.CharField(max_length=320)
    email_normalized = fields.CharField(max_length=320)
    name = fields.CharField(max_length=200, default="")
    name_normalized = fields.CharField(max_length=200, default="")
    external_customer_id = fields.CharField(max_length=200, null=True)
    billing_address_line1 = fields.CharField(max_length=300, null=True)
    billing_address_line2 = fields.CharField(max_length=300, null=True)
    billing_city = fields.CharField(max_length=200, null=True)
    billing_postal_code = fields.CharField(max_length=40, null=True)
    billing_country = fields.CharField(max_length=2, null=True)
    tax_id = fields.CharField(max_length=100, null=True)
    organization = fields.ForeignKeyField(
        "models.Organization", related_name="customers", null=True
    )
    org_role = fields.CharField(max_length=10, null=True)
    # Made by a checkout the merchant's server did not vouch for, with the email of an existing
    # customer: skipped by email and external-id lookups until its payment settles it
    # (billing/payments/checkout/checkout_claims.py): paid, it becomes a customer of its own.
    checkout_pending = fields.BooleanField(default=False)
    # Set when a mail server refused the address for good (an SMTP 5xx bounce of a customer
    # e-mail, billing/emails): the reason in the server's words, shown on the customer's page;
    # cleared when the address changes.
    email_undeliverable = fields.CharField(max_length=1000, null=True)
    email_undeliverable_at = fields.DatetimeField(null=True)

    class Meta:
        table = "customers"
        indexes = (
            Index(fields=("merchant_id", "created_at", "id"), name="customers_keyset_idx"),
            Index(fields=("merchant_id", "external_customer_id"), name="customers_external_idx"),
            Index(fields=("merchant_id", "organization_id"), name="customers_organization_idx"),
        )
