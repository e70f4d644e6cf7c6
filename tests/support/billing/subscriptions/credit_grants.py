"""Helpers for tests of billing/subscriptions/credit_grants, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from billing.catalog.models import Feature, Plan, PlanFeature
from tests.support.factories.catalog import slugify

API, STORAGE, SSO = "API calls", "Storage GB", "SSO"


async def feature(merchant_id: str, name: str) -> Feature:
    return await Feature.scoped(merchant_id).get(slug=slugify(name))


async def allow(plan: Plan, name: str, amount: int, renewal: str | None = "monthly") -> None:
    """Give the plan's link to ``name`` a credit allowance."""
    feat = await feature(plan.merchant_id, name)
    await PlanFeature.filter(plan_id=plan.id, feature_id=feat.id).update(
        has_credit_allowance=True, credit_allowance_amount=amount, credit_allowance_renewal=renewal
    )
