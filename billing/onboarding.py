"""The onboarding checklist: what a merchant still has to set up before billing works.

It reads across contexts (catalog for plans, tax for its settings, payments for a provider
configured in the mode), so it sits above them instead of inside accounts, which every
context may call.
"""

from billing.catalog.models import Plan
from billing.payments import providers
from billing.tax import tax_settings


async def onboarding_status(merchant_id: str) -> dict[str, bool]:
    """What the merchant still has to set up. ``hasPlans``: at least one live plan (its
    current version). ``hasPaymentProvider``: provider A or B configured for this merchant
    row (so for its mode). ``hasTax``: see ``tax_settings.is_configured``."""
    has_plans = await Plan.scoped(merchant_id).filter(is_current=True).exists()
    has_provider = await providers.has_payment_provider(merchant_id)
    has_tax = await tax_settings.is_configured(merchant_id)
    return {"hasPlans": has_plans, "hasPaymentProvider": has_provider, "hasTax": has_tax}
