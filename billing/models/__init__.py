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
from billing.models.merchants import ApiKey, DunningConfig, LoginAttempt, Membership, Merchant, User

__all__ = [
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
