"""Merchants and the people and keys that act for them.

A merchant is the tenant, one row per mode (live, test) of a business. Users log in to the
dashboard and reach merchants through memberships (today every membership is an ``owner``;
the table leaves room for team roles).
API keys authenticate merchant servers: secret keys are stored only as a SHA-256 hash, while
publishable keys keep their value because the spec lets the merchant read it back.
"""

from tortoise import fields
from tortoise.indexes import Index

from billing.core.models import PrefixedIdModel

PORTAL_ACTIONS = ("cancel", "switch_plan", "update_billing", "receipts")


class Merchant(PrefixedIdModel):
    """One mode of a business: its tenant row. Every business has two, ``live`` and ``test``,
    sharing ``account_id`` (the live row's id) and the profile. Every tenant table is scoped
    by ``merchant_id``, so giving each mode its own row keeps the modes apart with the one
    scope that already exists: a test key's merchant is the test row, and nothing of the live
    row's can be reached from it (see billing/accounts/merchants.py)."""

    id_prefix = "mer"
    legal_name = fields.CharField(max_length=200)
    display_name = fields.CharField(max_length=200)
    default_currency = fields.CharField(max_length=3, default="USD")
    account_id = fields.CharField(max_length=40)
    mode = fields.CharField(max_length=4, default="live")
    # The business profile printed on invoices and receipts as the seller (issue 33): kept the
    # same on both mode rows, like the names (billing/accounts/merchants.py).
    address_line1 = fields.CharField(max_length=300, null=True)
    address_line2 = fields.CharField(max_length=300, null=True)
    city = fields.CharField(max_length=200, null=True)
    postal_code = fields.CharField(max_length=40, null=True)
    country = fields.CharField(max_length=2, null=True)
    tax_id = fields.CharField(max_length=100, null=True)
    invoice_footer = fields.TextField(default="")
    # What customers may do themselves in the hosted portal (billing/portal/): a list of
    # ``cancel``, ``switch_plan``, ``update_billing`` and ``receipts``; all four unless the
    # merchant turns some off.
    portal_allows = fields.JSONField(default=lambda: list(PORTAL_ACTIONS))

    class Meta:
        table = "merchants"
        unique_together = (("account_id", "mode"),)


class User(PrefixedIdModel):
    id_prefix = "user"
    email = fields.CharField(max_length=320, unique=True)
    password_hash = fields.CharField(max_length=255)
    # Dashboard sessions carry the version they began with; logging out bumps it, which ends
    # every session of the user at once (the signed cookie alone would live on for 7 days).
    session_version = fields.IntField(default=0)

    class Meta:
        table = "users"


class Membership(PrefixedIdModel):
    id_prefix = "mem"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="memberships")
    user = fields.ForeignKeyField("models.User", related_name="memberships")
    role = fields.CharField(max_length=20, default="owner")

    class Meta:
        table = "memberships"
        unique_together = (("merchant", "user"),)
        indexes = (Index(fields=("user_id",), name="memberships_user_idx"),)


class ApiKey(PrefixedIdModel):
    id_prefix = "key"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="api_keys")
    name = fields.CharField(max_length=200)
    key_type = fields.CharField(max_length=20)
    environment = fields.CharField(max_length=10)
    prefix = fields.CharField(max_length=20)
    key_hash = fields.CharField(max_length=64, unique=True)
    key_value = fields.CharField(max_length=80, null=True)
    revoked_at = fields.DatetimeField(null=True)

    class Meta:
        table = "api_keys"
        indexes = (
            Index(fields=("merchant_id", "key_type", "environment"), name="api_keys_merchant_idx"),
        )


class LoginAttempt(PrefixedIdModel):
    """One dashboard login try; recent failures per email and per address drive throttling."""

    id_prefix = "login"
    email = fields.CharField(max_length=320)
    ip_address = fields.CharField(max_length=64)
    succeeded = fields.BooleanField()

    class Meta:
        table = "login_attempts"
        indexes = (
            Index(fields=("email", "created_at"), name="login_attempts_email_idx"),
            Index(fields=("ip_address", "created_at"), name="login_attempts_ip_idx"),
        )


class LoginThrottle(PrefixedIdModel):
    """Consecutive failed log-ins of one (address, email) pair and when it may try again."""

    id_prefix = "lthr"
    address = fields.CharField(max_length=64)
    email = fields.CharField(max_length=320)
    failures = fields.IntField(default=0)
    retry_at = fields.DatetimeField(null=True)

    class Meta:
        table = "login_throttles"
        unique_together = (("address", "email"),)
