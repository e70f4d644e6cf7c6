"""Subscriptions, versioned like plans: every override makes a new row.

All versions share ``stable_subscription_id`` (the id of version 1); the live version has
``deleted_at`` null, superseded versions are soft-deleted, and cancelling soft-deletes the last
one too (with ``end_timestamp`` set), so the whole history stays readable. Features, billing
details (one per billing component) and scheduled changes hang off it. ``SubscriptionEvent``
records every change with the subscription's MRR afterwards, which is what the MRR chart and
the audit trail read.

Also here: the merchant's dunning settings, plan migrations (requests to move a plan's
subscribers to another version) and credit grants (what a subscription grants per period).
"""

from enum import StrEnum

from tortoise import fields
from tortoise.indexes import Index

from billing.core.models import JSONValueField, PrefixedIdModel, TenantModel
from billing.subscriptions.statuses import SubscriptionStatus


class ScheduledChangeStatus(StrEnum):
    """``ScheduledChange.status``: due while ``pending``, then settled once by the due pass."""

    PENDING = "pending"
    APPLIED = "applied"
    FAILED = "failed"
    CANCELLED = "cancelled"


class PlanMigrationStatus(StrEnum):
    """``PlanMigration.status``: an immediate migration is ``completed`` when made, one at the
    next billing cycle ``scheduled`` (its subscribers' scheduled changes do the moving)."""

    SCHEDULED = "scheduled"
    COMPLETED = "completed"


class CreditGrantStatus(StrEnum):
    """``CreditGrant.status``: only an ``active`` grant counts; a period's end expires it, a
    cancellation or a member's removal cancels it."""

    ACTIVE = "active"
    EXPIRED = "expired"
    CANCELLED = "cancelled"


class Subscription(TenantModel):
    id_prefix = "sub"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="subscriptions")
    stable_subscription_id = fields.CharField(max_length=40)
    version_number = fields.IntField(default=1)
    customer = fields.ForeignKeyField("models.Customer", related_name="subscriptions")
    plan = fields.ForeignKeyField("models.Plan", related_name="subscriptions")
    effective_price = fields.ForeignKeyField("models.Price", related_name="subscriptions")
    status = fields.CharField(max_length=10, default=SubscriptionStatus.ACTIVE)
    start_timestamp = fields.DatetimeField()
    end_timestamp = fields.DatetimeField(null=True)
    current_period_start = fields.DatetimeField()
    current_period_end = fields.DatetimeField()
    cancel_at_period_end = fields.BooleanField(default=False)
    # The reason a customer gave when cancelling in the portal, if any (cleared by an undo).
    cancel_reason = fields.CharField(max_length=500, null=True)
    trial_end_date = fields.DatetimeField(null=True)
    grace_period_ends_at = fields.DatetimeField(null=True)
    trigger_immediate_billing = fields.BooleanField(default=False)
    payment_method_id = fields.CharField(max_length=40, null=True)
    # The SetupIntent a trial's checkout collects the card with (provider A), so a reload of
    # the checkout answers the same one (billing/payments/checkout/checkout_setup.py).
    checkout_setup_intent_id = fields.CharField(max_length=255, null=True)
    # Why the due pass could not bill this row, in words for the merchant, since when, when it
    # last tried and how many passes failed; cleared when a pass bills it
    # (billing/subscriptions/billing_problems.py).
    billing_problem = fields.CharField(max_length=500, null=True)
    billing_problem_since = fields.DatetimeField(null=True)
    billing_problem_last_at = fields.DatetimeField(null=True)
    billing_problem_attempts = fields.IntField(default=0)
    # The trial end the ``subscription.trial_will_end`` event was written for (3 days before
    # it), so the due pass tells it once, and again only when the trial end moves.
    trial_end_told_for = fields.DatetimeField(null=True)

    class Meta:
        table = "subscriptions"
        indexes = (
            Index(
                fields=("merchant_id", "stable_subscription_id"), name="subscriptions_stable_idx"
            ),
            Index(fields=("merchant_id", "customer_id"), name="subscriptions_customer_idx"),
            Index(fields=("merchant_id", "status"), name="subscriptions_status_idx"),
            Index(fields=("merchant_id", "plan_id"), name="subscriptions_plan_idx"),
            # the trial-will-end notices claim trialing rows in trial-end order
            Index(fields=("trial_end_date", "id"), name="subscriptions_trial_end_idx"),
            # the period roll-over claims in (current_period_end, id) order
            Index(fields=("current_period_end", "id"), name="subscriptions_period_end_idx"),
            # the merchant's list of subscriptions with a billing problem
            Index(
                fields=("merchant_id", "billing_problem_since"),
                name="subscriptions_billing_problem_idx",
            ),
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
    status = fields.CharField(max_length=20, default=ScheduledChangeStatus.PENDING)
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


class DunningConfig(PrefixedIdModel):
    """What happens when a renewal payment fails: retry days, grace, and the final action."""

    id_prefix = "dun"
    merchant = fields.OneToOneField("models.Merchant", related_name="dunning_config")
    retry_schedule_days = fields.JSONField()
    grace_period_days = fields.IntField()
    end_action = fields.CharField(max_length=10)
    # Whether a past_due customer keeps their features and credits during the grace period.
    past_due_access = fields.BooleanField(default=True)

    class Meta:
        table = "dunning_configs"


class PlanMigration(TenantModel):
    """A request to move subscribers from one version of a plan to another."""

    id_prefix = "pmig"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="plan_migrations")
    stable_plan_id = fields.CharField(max_length=40)
    from_plan_id = fields.CharField(max_length=40)
    to_plan_id = fields.CharField(max_length=40)
    from_version = fields.IntField()
    to_version = fields.IntField()
    strategy = fields.CharField(max_length=30)
    price_mapping = fields.JSONField(default=dict)
    scheduled_count = fields.IntField(default=0)
    status = fields.CharField(max_length=20, default=PlanMigrationStatus.SCHEDULED)

    class Meta:
        table = "plan_migrations"
        indexes = (
            Index(fields=("merchant_id", "from_plan_id"), name="plan_migrations_from_idx"),
            Index(fields=("merchant_id", "to_plan_id"), name="plan_migrations_to_idx"),
        )


class CreditGrant(TenantModel):
    """Credits a subscription grants for one feature for one period (or without end)."""

    id_prefix = "cgrant"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="credit_grants")
    customer = fields.ForeignKeyField("models.Customer", related_name="credit_grants")
    stable_subscription_id = fields.CharField(max_length=40, null=True)
    subscription_id = fields.CharField(max_length=40, null=True)
    feature = fields.ForeignKeyField("models.Feature", related_name="credit_grants")
    metric_ids = fields.JSONField(default=list)
    allowance = fields.BigIntField()
    renewal = fields.CharField(max_length=10, default="none")
    source = fields.CharField(max_length=10, default="plan")
    status = fields.CharField(max_length=10, default=CreditGrantStatus.ACTIVE)
    period_start = fields.DatetimeField()
    period_end = fields.DatetimeField(null=True)

    class Meta:
        table = "credit_grants"
        indexes = (
            Index(
                fields=("merchant_id", "customer_id", "feature_id", "status"),
                name="credit_grants_customer_idx",
            ),
            Index(fields=("merchant_id", "stable_subscription_id"), name="credit_grants_sub_idx"),
            Index(fields=("status", "period_end"), name="credit_grants_due_idx"),
        )
