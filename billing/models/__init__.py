"""All Tortoise models, one module per aggregate; Tortoise loads this package as app ``models``."""

from billing.models.catalog import (
    Feature,
    Metric,
    Plan,
    PlanFeature,
    PlanMigration,
    Price,
    PricingTable,
    PricingTablePlan,
)
from billing.models.customers import Customer, Organization
from billing.models.merchants import ApiKey, DunningConfig, LoginAttempt, Membership, Merchant, User
from billing.models.subscriptions import (
    ScheduledChange,
    Subscription,
    SubscriptionDetail,
    SubscriptionEvent,
    SubscriptionFeature,
)
from billing.models.tax import TaxConfig, TaxNexus, TaxRateDefinition, TaxRegistration
from billing.models.usage import (
    CreditGrant,
    UsageCheckpoint,
    UsageEvent,
    UsageIdempotencyKey,
    UsageLateWrite,
    UsageRollup,
    UsageRollupCursor,
)

__all__ = [
    "TaxConfig",
    "TaxNexus",
    "TaxRateDefinition",
    "TaxRegistration",
    "UsageCheckpoint",
    "UsageLateWrite",
    "UsageRollup",
    "UsageRollupCursor",
    "UsageIdempotencyKey",
    "UsageEvent",
    "CreditGrant",
    "SubscriptionFeature",
    "SubscriptionEvent",
    "SubscriptionDetail",
    "Subscription",
    "ScheduledChange",
    "Organization",
    "Customer",
    "ApiKey",
    "DunningConfig",
    "Feature",
    "LoginAttempt",
    "Membership",
    "Merchant",
    "Metric",
    "Plan",
    "PlanFeature",
    "PlanMigration",
    "Price",
    "PricingTable",
    "PricingTablePlan",
    "User",
]
