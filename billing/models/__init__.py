"""All Tortoise models, one module per aggregate; Tortoise loads this package as app ``models``."""

from billing.models.merchants import ApiKey, DunningConfig, LoginAttempt, Membership, Merchant, User

__all__ = ["ApiKey", "DunningConfig", "LoginAttempt", "Membership", "Merchant", "User"]
