"""Helpers for tests of api/subscriptions, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from billing.catalog.models import Price
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import make_customer


async def catalog(merchant_id: str, **plan_options):
    plan = await make_plan(
        merchant_id,
        name="Pro",
        monthly_cents=2900,
        features=[("API access", True), ("Projects", 10)],
        **plan_options,
    )
    price = await Price.filter(plan_id=plan.id).first()
    customer = await make_customer(merchant_id)
    return customer, plan, price


def body(customer, plan, price, **extra) -> dict:
    return {"customerId": customer.id, "planId": plan.id, "effectivePriceId": price.id, **extra}


async def post(client, merchant, payload):
    return await client.post("/v1/subscriptions", json=payload, headers=merchant.headers)
