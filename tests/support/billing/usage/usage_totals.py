"""Helpers for tests of billing/usage/usage_totals, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

import uuid
from decimal import Decimal

from billing.catalog.models import Metric
from billing.usage import events
from tests.support.factories.subscriptions import make_customer

NAME = "api.call"


def _number(value) -> Decimal | None:
    return None if value is None else Decimal(str(value))


def simple_rows(chosen):
    return [(e["at"], _number(e["value"]), e["string"]) for e in chosen]


def matches(actual, expected, aggregation) -> bool:
    if expected is None or actual is None:
        return actual is None and expected is None
    if aggregation == "AVG":
        return abs(Decimal(actual) - expected) <= Decimal("1e-9") * max(1, abs(expected))
    return Decimal(actual) == Decimal(expected)


def event_body(customer, event, name=NAME) -> dict:
    who = (
        {"extCustomerId": customer.external_customer_id}
        if event["by_external_id"]
        else {"customerId": customer.id}
    )
    return {
        **who,
        "idempotencyKey": uuid.uuid4().hex,
        "eventName": name,
        "eventValue": event["value"],
        "eventString": event["string"],
        "properties": event["properties"],
        "eventTimestamp": event["at"].isoformat(),
    }


async def new_customer(merchant_id: str):
    customer = await make_customer(merchant_id)
    customer.external_customer_id = f"ext-{customer.id}"
    await customer.save()
    return customer


async def store(merchant_id, customer, stored, batches=1, name=NAME):
    bodies = [event_body(customer, event, name) for event in stored]
    size = max(1, -(-len(bodies) // batches))
    for first in range(0, len(bodies), size):
        await events.ingest_batch(merchant_id, {"events": bodies[first : first + size]})


def metric(aggregation, query_type="simple", **fields) -> Metric:
    """An unsaved metric: the totals need only its fields."""
    return Metric(
        event_name=NAME,
        aggregation_type=aggregation,
        query_type=query_type,
        property_filters=fields.pop("property_filters", {}),
        **fields,
    )


def one(value, when, by_external_id=False, **properties) -> dict:
    return {
        "at": when,
        "value": value,
        "string": None,
        "properties": properties,
        "by_external_id": by_external_id,
    }
