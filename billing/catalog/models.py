"""What a merchant sells: features, metrics, versioned plans, prices and pricing tables.

Plans are versioned by rows: every version is its own ``plans`` row with its own ``id``; all
versions share ``stable_plan_id`` (the id of version 1) and exactly one per stable id has
``is_current``. Old versions stay readable by id, so subscriptions and invoices can keep
pointing at the version they were sold. Prices and plan-feature links belong to one version;
a new version gets copies (``cloned_from_price_id`` remembers the source).

Pricing-table entries point at the stable plan id, so a table always shows a plan's current
version without being edited when the plan changes.
"""

from tortoise import fields
from tortoise.indexes import Index

from billing.core.models import JSONValueField, TenantModel


class Metric(TenantModel):
    """How usage events of one ``event_name`` aggregate into a number."""

    id_prefix = "metric"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="metrics")
    name = fields.CharField(max_length=200)
    description = fields.TextField(default="")
    query_type = fields.CharField(max_length=20, default="simple")
    aggregation_type = fields.CharField(max_length=20)
    event_name = fields.CharField(max_length=200)
    value_type = fields.CharField(max_length=20, default="NUMERIC")
    custom_query = fields.TextField(null=True)
    property_filters = fields.JSONField(default=dict)
    # The test-mode row this live row was copied from ("Copy to live", issue 33), so a second
    # copy updates it instead of making another.
    copied_from_id = fields.CharField(max_length=40, null=True)

    class Meta:
        table = "metrics"
        indexes = (Index(fields=("merchant_id", "event_name"), name="metrics_event_idx"),)


class Feature(TenantModel):
    """Something a plan grants: a switch (boolean), a limit (number) or a value (string)."""

    id_prefix = "feat"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="features")
    slug = fields.CharField(max_length=100)
    display_name = fields.CharField(max_length=200)
    feature_type = fields.CharField(max_length=10, default="boolean")
    default_value = JSONValueField(null=True)
    metric_ids = fields.JSONField(default=list)
    # The test-mode row this live row was copied from ("Copy to live", issue 33), so a second
    # copy updates it instead of making another.
    copied_from_id = fields.CharField(max_length=40, null=True)

    class Meta:
        table = "features"
        indexes = (Index(fields=("merchant_id", "slug"), name="features_slug_idx"),)


class Plan(TenantModel):
    """One version of a plan."""

    id_prefix = "plan"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="plans")
    stable_plan_id = fields.CharField(max_length=40)
    version_number = fields.IntField(default=1)
    is_current = fields.BooleanField(default=True)
    commit_message = fields.TextField(null=True)
    plan_name = fields.CharField(max_length=200)
    plan_description = fields.TextField(default="")
    currency = fields.CharField(max_length=3)
    is_visible_in_pricing_table = fields.BooleanField(default=False)
    is_enterprise_plan = fields.BooleanField(default=False)
    button_text = fields.CharField(max_length=100, default="Get started")
    enterprise_redirect_url = fields.CharField(max_length=2000, null=True)
    is_seat_based = fields.BooleanField(default=False)
    bill_immediately = fields.BooleanField(default=False)
    min_seats = fields.IntField(null=True)
    trial_enabled = fields.BooleanField(default=False)
    trial_days = fields.IntField(null=True)
    # Off by default: a trial collects a card at checkout. On: the trial starts with no card
    # (billing/payments/checkout/payment_init.py), as before cards were kept.
    trial_without_card = fields.BooleanField(default=False)
    trial_credit_overrides = fields.JSONField(default=list)
    # The test-mode row this live row was copied from ("Copy to live", issue 33), so a second
    # copy updates it instead of making another.
    copied_from_id = fields.CharField(max_length=40, null=True)

    class Meta:
        table = "plans"
        indexes = (
            Index(
                fields=("merchant_id", "stable_plan_id", "version_number"), name="plans_stable_idx"
            ),
            Index(fields=("merchant_id", "is_current"), name="plans_current_idx"),
        )


class PlanFeature(TenantModel):
    """A feature granted by one plan version, with its value and usage allowance."""

    id_prefix = "pfeat"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="plan_features")
    plan = fields.ForeignKeyField("models.Plan", related_name="plan_features")
    feature = fields.ForeignKeyField("models.Feature", related_name="plan_features")
    feature_value = JSONValueField(null=True)
    is_usage_based = fields.BooleanField(default=False)
    usage_price_per_unit_cents = fields.IntField(null=True)
    has_credit_allowance = fields.BooleanField(default=False)
    credit_allowance_amount = fields.BigIntField(null=True)
    credit_allowance_renewal = fields.CharField(max_length=10, null=True)

    class Meta:
        table = "plan_features"
        indexes = (Index(fields=("merchant_id", "plan_id"), name="plan_features_plan_idx"),)


class Price(TenantModel):
    """A price of one plan version; ``pricing_data`` is validated by services/pricing.py."""

    id_prefix = "price"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="prices")
    plan = fields.ForeignKeyField("models.Plan", related_name="prices")
    currency = fields.CharField(max_length=3)
    pricing_data = fields.JSONField()
    is_override_price = fields.BooleanField(default=False)
    cloned_from_price_id = fields.CharField(max_length=40, null=True)
    # The test-mode row this live row was copied from ("Copy to live", issue 33), so a second
    # copy updates it instead of making another.
    copied_from_id = fields.CharField(max_length=40, null=True)

    class Meta:
        table = "prices"
        indexes = (Index(fields=("merchant_id", "plan_id"), name="prices_plan_idx"),)


class PricingTable(TenantModel):
    id_prefix = "ptbl"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="pricing_tables")
    name = fields.CharField(max_length=200)
    slug = fields.CharField(max_length=100)
    is_default = fields.BooleanField(default=False)
    is_active = fields.BooleanField(default=True)
    # The test-mode row this live row was copied from ("Copy to live", issue 33), so a second
    # copy updates it instead of making another.
    copied_from_id = fields.CharField(max_length=40, null=True)

    class Meta:
        table = "pricing_tables"
        indexes = (Index(fields=("merchant_id", "slug"), name="pricing_tables_slug_idx"),)


class PricingTablePlan(TenantModel):
    """A plan shown in a pricing table, by stable plan id (always its current version)."""

    id_prefix = "ptplan"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="pricing_table_plans")
    pricing_table = fields.ForeignKeyField("models.PricingTable", related_name="entries")
    stable_plan_id = fields.CharField(max_length=40)
    display_order = fields.IntField(null=True)

    class Meta:
        table = "pricing_table_plans"
        indexes = (
            Index(fields=("merchant_id", "pricing_table_id"), name="pricing_table_plans_table_idx"),
            Index(fields=("merchant_id", "stable_plan_id"), name="pricing_table_plans_plan_idx"),
        )
