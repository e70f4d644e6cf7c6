"""Seat changes: one row per seat added to or removed from an organization's subscription.

The row is the change's record and its idempotency claim at once: ``idempotency_key`` is
unique per merchant row (a mode is a merchant row of its own), so a repeated call finds the
first change and answers it, and two concurrent calls with one key cannot both insert. The
rows are kept (they are the organization's seat history), so keys never expire.

A removal of a seat that is paid for until the end of the current period is ``pending``
until ``effective_at`` (that period's end); the due-work pass marks it ``applied`` then
(``removals.apply_due``), unless a seat added before then takes its paid slot: it is then
``reused`` (``removals.reuse_paid_slot``) and never applied. Every other change is
``applied`` when made.
"""

from enum import StrEnum

from tortoise import fields
from tortoise.indexes import Index

from billing.core.models import TenantModel

ADD, REMOVE = "add", "remove"


class SeatChangeStatus(StrEnum):
    """``SeatChange.status`` (see above): a removal paid until the period's end is
    ``pending`` until then, then ``applied`` or ``reused``; every other change is ``applied``
    when made."""

    PENDING = "pending"
    APPLIED = "applied"
    REUSED = "reused"


class SeatChange(TenantModel):
    id_prefix = "seat"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="seat_changes")
    kind = fields.CharField(max_length=10)
    status = fields.CharField(max_length=10, default=SeatChangeStatus.APPLIED)
    organization = fields.ForeignKeyField("models.Organization", related_name="seat_changes")
    customer = fields.ForeignKeyField("models.Customer", related_name="seat_changes")
    external_user_id = fields.CharField(max_length=200)
    stable_subscription_id = fields.CharField(max_length=40)
    subscription_id = fields.CharField(max_length=40)
    idempotency_key = fields.CharField(max_length=200, null=True)
    changed_at = fields.DatetimeField()
    effective_at = fields.DatetimeField()
    invoice_id = fields.CharField(max_length=40, null=True)

    class Meta:
        table = "seat_changes"
        unique_together = (("merchant_id", "idempotency_key"),)
        indexes = (
            Index(
                fields=("merchant_id", "stable_subscription_id", "status"),
                name="seat_changes_sub_idx",
            ),
            Index(fields=("status", "effective_at"), name="seat_changes_due_idx"),
        )
