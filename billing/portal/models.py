"""Portal sessions: a link that lets one customer of one merchant row act in the portal.

The token itself is never stored, only its SHA-256 (``token_hash``), as with API keys: a
database read cannot be replayed as a session. The row keeps the customer, the merchant row
(so the mode), where the customer goes back to (``return_url``) and when it stops working.
"""

from tortoise import fields
from tortoise.indexes import Index

from billing.core.models import TenantModel


class PortalSession(TenantModel):
    id_prefix = "psess"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="portal_sessions")
    customer = fields.ForeignKeyField("models.Customer", related_name="portal_sessions")
    token_hash = fields.CharField(max_length=64, unique=True)
    return_url = fields.CharField(max_length=2000)
    expires_at = fields.DatetimeField()

    class Meta:
        table = "portal_sessions"
        indexes = (
            Index(fields=("merchant_id", "customer_id"), name="portal_sessions_customer_idx"),
            Index(fields=("expires_at",), name="portal_sessions_expiry_idx"),
        )
