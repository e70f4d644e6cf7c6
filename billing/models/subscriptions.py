"""Subscriptions, versioned like plans: every override makes a new row.

All versions share ``stable_subscription_id`` (the id of version 1); the live version has
``deleted_at`` null, superseded versions are soft-deleted, and cancelling soft-deletes the last
one too (with ``end_timestamp`` set), so the whole history stays readable. Features, billing
details (one per billing component) and scheduled changes hang off it. ``SubscriptionEvent``
records every change with the subscription's MRR afterwards, which is what the MRR chart and
the audit trail read.
"""

from tortoise import fields
from tortoise.indexes import Index

from billing.models.base import JSONValueField, TenantModel


class Subscription(TenantModel):
    id_prefix = "sub"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="subscriptions")
    stable_subscription_id = fields.CharField(max_length=40)
    version_number = fields.IntField(default=1)
    customer = fields.ForeignKeyField("models.Customer", related_name="subscriptions")
    plan = fields.ForeignKeyField("models.Plan", related_name="subscriptions")
    effective_price = fields.ForeignKeyField("models.Price", related_name="subscriptions")
    status = fields.CharField(max_length=10, default="active")
    start_timestamp = fields.DatetimeField()
    end_timestamp = fields.DatetimeField(null=True)
    current_period_start = fields.DatetimeField()
    current_period_end = fields.DatetimeField()
    cancel_at_period_end = fields.BooleanField(default=False)
    trial_end_date = fields.DatetimeField(null=True)
    grace_period_ends_at = fields.DatetimeField(null=True)
    trigger_immediate_billing = fields.BooleanField(default=False)
    payment_method_id = fields.CharField(max_length=40, null=True)

    class Meta:
        table = "subscriptions"
        indexes = (
            Index(
                fields=("merchant_id", "stable_subscription_id"), name="subscriptions_stable_idx"
            ),
            Index(fields=("merchant_id", "customer_id"), name="subscriptions_customer_idx"),
            Index(fields=("merchant_id", "status"), name="subscriptions_status_idx"),
            Index(fields=("merchant_id", "plan_id"), name="subscriptions_plan_idx"),
        )


class SubscriptionFeature(TenantModel):
    """A feature one subscription version grants, copied from the plan or overridden."""

    id_prefix = "sfeat"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="subscription_features")
    subscription = fields.ForeignKeyField("models.Subscription", related_name="features")
    feature = fields.ForeignKeyField("models.Feature", related_name="subscription_features")
    feature_value = JSONValueField(null=True)
    source = fields.CharField(max_length=10, default="plan")

    class Meta:
        table = "subscription_features"
        indexes = (
            Index(fields=("merchant_id", "subscription_id"), name="subscription_features_sub_idx"),
            Index(fields=("merchant_id", "feature_id"), name="subscription_features_feat_idx"),
        )


class SubscriptionDetail(TenantModel):
    """The billing schedule of one price component of a subscription version."""

    id_prefix = "sdet"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="subscription_details")
    subscription = fields.ForeignKeyField("models.Subscription", related_name="details")
    component_id = fields.CharField(max_length=100)
    component = fields.JSONField()
    recurrence_rule = fields.CharField(max_length=200)
    subscription_start_date = fields.DatetimeField()
    next_billing_date = fields.DatetimeField(null=True)
    previous_billing_date = fields.DatetimeField(null=True)
    cycles_billed = fields.IntField(default=0)

    class Meta:
        table = "subscription_details"
        indexes = (
            Index(fields=("merchant_id", "subscription_id"), name="subscription_details_sub_idx"),
            Index(fields=("next_billing_date",), name="subscription_details_due_idx"),
        )


class ScheduledChange(TenantModel):
    """A change applied to a subscription when it falls due (e.g. a plan migration)."""

    id_prefix = "schg"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="scheduled_changes")
    stable_subscription_id = fields.CharField(max_length=40)
    kind = fields.CharField(max_length=30, default="plan_migration")
    new_plan_id = fields.CharField(max_length=40)
    new_price_id = fields.CharField(max_length=40, null=True)
    plan_migration_id = fields.CharField(max_length=40, null=True)
    effective_date = fields.DatetimeField()
    status = fields.CharField(max_length=20, default="pending")
    applied_at = fields.DatetimeField(null=True)
    result_subscription_id = fields.CharField(max_length=40, null=True)
    error = fields.TextField(null=True)

    class Meta:
        table = "scheduled_changes"
        indexes = (
            Index(
                fields=("merchant_id", "stable_subscription_id"), name="scheduled_changes_sub_idx"
            ),
            Index(fields=("status", "effective_date"), name="scheduled_changes_due_idx"),
        )


class SubscriptionEvent(TenantModel):
    """One change in a subscription's life, with its MRR contribution afterwards."""

    id_prefix = "sevt"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="subscription_events")
    stable_subscription_id = fields.CharField(max_length=40)
    subscription_id = fields.CharField(max_length=40)
    kind = fields.CharField(max_length=30)
    status_after = fields.CharField(max_length=10)
    mrr_cents = fields.BigIntField(default=0)
    occurred_at = fields.DatetimeField()

    class Meta:
        table = "subscription_events"
        indexes = (
            Index(fields=("merchant_id", "occurred_at"), name="subscription_events_time_idx"),
            Index(
                fields=("merchant_id", "stable_subscription_id", "occurred_at"),
                name="subscription_events_sub_idx",
            ),
        )
