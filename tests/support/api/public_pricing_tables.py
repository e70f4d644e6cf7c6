"""Helpers for tests of api/public_pricing_tables, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from billing.catalog.models import Price
from billing.catalog.pricing import fixed_price_data
from tests.support.factories.catalog import make_plan

USAGE_MONTHLY = {
    "components": [
        {
            "type": "per_unit",
            "component_id": "api-calls",
            "component_name": "API calls",
            "unit_label": "call",
            "amount_cents": 1,
            "metric_id": "metric_x",
            "bill_immediately": False,
            "recurrence_rule": "FREQ=MONTHLY;INTERVAL=1",
        }
    ]
}


async def pro_with_usage(merchant_id: str):
    """Pro after an edit: its usage price made first, then the $59 monthly fixed price."""
    plan = await make_plan(merchant_id, name="Pro")
    usage = await Price.create(
        merchant_id=merchant_id, plan_id=plan.id, currency="USD", pricing_data=USAGE_MONTHLY
    )
    fixed = await Price.create(
        merchant_id=merchant_id,
        plan_id=plan.id,
        currency="USD",
        pricing_data=fixed_price_data(5900, "month"),
    )
    return plan, usage, fixed
