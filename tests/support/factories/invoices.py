"""Subscriptions at any price, metrics and usage events, for tests of the billing engine.

Plans and prices are built through the models (``tests.support.factories.catalog``), the
metric, the events and the subscription through the real services, so billing details and
usage look exactly as production makes them.
"""

from datetime import datetime
from typing import Any

from billing.catalog.metrics import create_metric
from billing.catalog.models import Metric, Price
from billing.customers.models import Customer
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscriptions import create_subscription
from billing.usage import events
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import make_customer

FLAT_49 = {"type": "flat_rate", "amount": 4900, "interval": "month"}


def fee_and_storage(metric_id: str, *, fee_cents: int = 1000, gb_cents: int = 25) -> dict:
    """A monthly fixed fee plus storage billed per GB of the metric, as components."""
    return {
        "components": [
            {"type": "fixed", "amount_cents": fee_cents, "recurrence_rule": "FREQ=MONTHLY"},
            {
                "type": "per_unit",
                "component_id": "storage",
                "component_name": "Storage",
                "unit_label": "GB",
                "amount_cents": gb_cents,
                "metric_id": metric_id,
            },
        ]
    }


def fee_and_calls(metric_id: str) -> dict:
    """$29 a month plus 0.001 USD per call (a tenth of a cent), billed in arrears."""
    return {
        "components": [
            {"type": "fixed", "amount_cents": 2900, "recurrence_rule": "FREQ=MONTHLY"},
            {
                "type": "per_unit",
                "component_id": "calls",
                "component_name": "API calls",
                "unit_amount_decimal": "0.1",
                "metric_id": metric_id,
            },
        ]
    }


async def priced_subscription(
    merchant_id: str,
    pricing_data: dict,
    *,
    start: datetime,
    trial_days: int | None = None,
    customer: Customer | None = None,
    trigger: bool = False,
) -> Subscription:
    """A plan with one price of ``pricing_data`` and a subscription to it from ``start``."""
    plan = await make_plan(merchant_id, name="Engine plan", trial_days=trial_days)
    price = await Price.create(
        merchant_id=merchant_id, plan_id=plan.id, currency="USD", pricing_data=pricing_data
    )
    customer = customer or await make_customer(merchant_id)
    return await create_subscription(
        merchant_id,
        customer_id=customer.id,
        plan_id=plan.id,
        effective_price_id=price.id,
        start_timestamp=start,
        trigger_immediate_billing=trigger,
    )


async def sum_metric(merchant_id: str, event_name: str = "gb-stored") -> Metric:
    return await create_metric(
        merchant_id, name=f"Metric {event_name}", event_name=event_name, aggregation_type="SUM"
    )


async def use(merchant_id: str, customer_id: str, metric: Metric, value: Any, at: datetime):
    """One usage event of ``value`` at ``at``."""
    await events.ingest_event(
        merchant_id,
        {
            "eventName": metric.event_name,
            "customerId": customer_id,
            "eventValue": value,
            "eventTimestamp": at.isoformat(),
        },
    )
