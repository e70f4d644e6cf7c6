"""A subscribed customer in one call, for tests that need a subscription to act on.

``subscribe`` builds the catalog rows straight through the models
(``tests.support.factories.catalog``) and the customer too, then creates the subscription
through the real service, so the version, features, billing details and ``created`` event
look exactly like production's.
"""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from billing.catalog.models import Price
from billing.core.ids import random_base62
from billing.customers.models import Customer
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscriptions import create_subscription
from tests.support.factories.catalog import make_plan


async def make_customer(
    merchant_id: str, *, email: str | None = None, name: str = "Ada"
) -> Customer:
    email = email or f"ada-{random_base62(8).lower()}@example.com"
    return await Customer.create(
        merchant_id=merchant_id,
        email=email,
        email_normalized=email.lower(),
        name=name,
        name_normalized=name.lower(),
    )


async def subscribe(
    merchant_id: str,
    *,
    monthly_cents: int = 2900,
    yearly: bool = False,
    features: Iterable[tuple[str, Any]] = (),
    customer: Customer | None = None,
    start: datetime | None = None,
    allow_multiple: bool = False,
) -> Subscription:
    """A new plan (one price of ``monthly_cents`` a month, or that amount a year with
    ``yearly``) and a subscription of ``customer`` (a new one by default) to it."""
    plan = await make_plan(
        merchant_id,
        name=f"Plan {random_base62(6)}",
        monthly_cents=None if yearly else monthly_cents,
        yearly_cents=monthly_cents if yearly else None,
        features=features,
    )
    price = await Price.filter(plan_id=plan.id).first()
    customer = customer or await make_customer(merchant_id)
    return await create_subscription(
        merchant_id,
        customer_id=customer.id,
        plan_id=plan.id,
        effective_price_id=price.id,
        start_timestamp=start,
        allow_multiple=allow_multiple,
    )
