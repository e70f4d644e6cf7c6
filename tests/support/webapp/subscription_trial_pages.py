"""Helpers for tests of webapp/subscription_trial_pages, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from billing.catalog.models import Price
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscriptions import create_subscription
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import make_customer


async def trial_subscription(merchant_id: str, *, cents: int = 4900) -> Subscription:
    plan = await make_plan(merchant_id, name="Trial plan", monthly_cents=cents, trial_days=14)
    price = await Price.get(plan_id=plan.id)
    customer = await make_customer(merchant_id, name="Tess")
    return await create_subscription(
        merchant_id, customer_id=customer.id, plan_id=plan.id, effective_price_id=price.id
    )
