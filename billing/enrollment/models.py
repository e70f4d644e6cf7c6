"""Enrollment rules: "users whose email is at this domain join this plan".

A rule points at the plan's *stable* id, so it survives new versions of the plan: enrolling
always uses the current version. ``matcher_value`` is stored normalised (lower case, ASCII
"xn--" form for international domains, see ``domains``), so matching is a plain equality.
"""

from tortoise import fields
from tortoise.indexes import Index

from billing.core.models import TenantModel


class EnrollmentRule(TenantModel):
    id_prefix = "enrl"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="enrollment_rules")
    stable_plan_id = fields.CharField(max_length=40)
    matcher_type = fields.CharField(max_length=20, default="domain")
    matcher_value = fields.CharField(max_length=253)

    class Meta:
        table = "enrollment_rules"
        indexes = (
            Index(fields=("merchant_id", "stable_plan_id"), name="enrollment_rules_plan_idx"),
            Index(fields=("merchant_id", "matcher_value"), name="enrollment_rules_value_idx"),
        )
