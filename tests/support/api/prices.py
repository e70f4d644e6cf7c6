"""Helpers for tests of api/prices, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from billing.catalog.models import Plan
from billing.core.ids import new_id

PRICE_FIELDS = {
    "id",
    "planId",
    "merchantId",
    "currency",
    "pricingData",
    "isOverridePrice",
    "clonedFromPriceId",
    "createdAt",
    "updatedAt",
    "deletedAt",
}


MONTHLY = {"type": "flat_rate", "amount": 2900, "interval": "month"}


YEARLY = {"type": "recurring", "interval": "year", "intervalCount": 1, "amountCents": 29000}


INVALID = "Invalid pricing data configuration"


PRICE_MISSING = {"error": "Price not found or access denied"}


PLAN_MISSING = "Plan not found or access denied"


async def make_plan(merchant, name: str = "Pro", **fields) -> Plan:
    """A plan version written directly (the plans service is not what is under test)."""
    plan_id = new_id("plan")
    return await Plan.create(
        id=plan_id,
        merchant_id=merchant.id,
        stable_plan_id=fields.pop("stable_plan_id", plan_id),
        plan_name=name,
        currency="USD",
        **fields,
    )


async def create(client, merchant, **body):
    return await client.post("/v1/prices", json=body, headers=merchant.headers)


async def create_ok(client, merchant, **body) -> dict:
    response = await create(client, merchant, **body)
    assert response.status_code == 201, await response.get_json()
    return (await response.get_json())["price"]


async def get_json(client, path, merchant):
    response = await client.get(path, headers=merchant.headers)
    return response.status_code, await response.get_json()
