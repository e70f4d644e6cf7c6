"""Helpers for tests of billing/payments/free_subscriptions, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from tests.support.billing.subscriptions.credit_grants import API, SSO, STORAGE, allow
from tests.support.billing.subscriptions.free_subscriptions import table
from tests.support.factories.catalog import make_plan
from tests.support.factories.webhooks import configure


async def free_setup(merchant_id: str, *, provider: bool = True):
    """A free plan with two credit allowances (API calls, storage) and SSO, in an active
    table, and provider A configured unless ``provider`` is false."""
    plan = await make_plan(
        merchant_id,
        name="Free",
        description="Try it",
        monthly_cents=0,
        features=[(API, 1000), (STORAGE, 10), (SSO, True)],
    )
    await allow(plan, API, 1000)
    await allow(plan, STORAGE, 10)
    await table(merchant_id, plan)
    if provider:
        await configure(merchant_id, "provider_a", None)
    return plan
