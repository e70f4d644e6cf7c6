"""A year of monthly billing through ``tally run-due --now``, month by month, against a table
of amounts worked out by hand: a flat fee, per-unit usage and graduated tiers.

Runs against a database of its own (a year ahead of the clock would bill every other test's
subscriptions too): set up through the real API of a ``tally serve``, billed by the real
command, read back through the API.
"""

import asyncio
import json
import uuid

import asyncpg
import httpx
import pytest

from tests.conftest import (
    serve_on_free_port,
    stop_process,
)
from tests.support import databases
from tests.support.billing_year import first_price_id, tally

PASSES = [f"2030-{month:02d}-01T00:00:00Z" for month in range(1, 13)]
TIERS = [
    {"upTo": 100, "unitAmount": 10},
    {"upTo": 1000, "unitAmount": 5, "flatAmount": 200},
    {"upTo": None, "unitAmount": 1},
]
# Usage of the month before each pass (December 2029 .. November 2030).
STORAGE_GB = [10, 20.5, 0, 7, 100, 3.3, 40, 1, 55, 12, 0.5, 9]
API_CALLS = [50, 100, 101, 0, 1000, 1500, 250, 99.5, 10, 1001, 300, 2]
# By hand: 49.00 a month in advance; GB x 25 cents rounded half-even; graduated tiers
# (100 x 10, then 5 each plus a 2.00 flat fee, then 1 each), rounded half-even.
FLAT_TOTALS = [4900] * 12
STORAGE_TOTALS = [250, 512, 0, 175, 2500, 82, 1000, 25, 1375, 300, 12, 225]
API_TOTALS = [500, 1000, 1205, 0, 5700, 6200, 1950, 995, 100, 5701, 2200, 20]


@pytest.fixture
async def year_database():
    base = databases.server_url()
    name = f"tally_year_{uuid.uuid4().hex[:8]}"
    await databases.admin(base, f'CREATE DATABASE "{name}"')
    yield databases.with_database(base, name)
    await databases.admin(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def subscribe(api: httpx.Client, plan_id: str, price_id: str, start: str) -> tuple[str, str]:
    """A new customer subscribed from ``start``: (subscription id, customer id)."""
    customer = api.post("/v1/customers", json={"email": f"{uuid.uuid4().hex}@example.com"})
    customer_id = customer.json()["customer"]["id"]
    body = {
        "customerId": customer_id,
        "planId": plan_id,
        "effectivePriceId": price_id,
        "startTimestamp": start,
    }
    created = api.post("/v1/subscriptions", json=body)
    assert created.status_code == 201, created.text
    return created.json()["subscription"]["id"], customer_id


def usage_subscription(api, metric_id: str, pricing_data: dict) -> tuple[str, str]:
    plan = api.post("/v1/plans", json={"planName": f"Usage {uuid.uuid4().hex[:6]}"})
    plan_id = plan.json()["plans"][0]["id"]
    price = api.post(
        "/v1/prices", json={"planId": plan_id, "currency": "USD", "pricingData": pricing_data}
    )
    assert price.status_code == 201, price.text
    return subscribe(api, plan_id, price.json()["price"]["id"], "2029-12-01T00:00:00Z")


USAGE_MONTHS = [(2029, 12)] + [(2030, month) for month in range(1, 12)]


def send_usage(api, customer_id: str, event_name: str, quantities: list) -> None:
    """One event on the 10th of each month with that month's quantity (none for 0)."""
    events = [
        {
            "eventName": event_name,
            "customerId": customer_id,
            "eventValue": quantity,
            "eventTimestamp": f"{year}-{month:02d}-10T12:00:00Z",
        }
        for (year, month), quantity in zip(USAGE_MONTHS, quantities, strict=True)
        if quantity
    ]
    response = api.post("/v1/events/batch", json={"events": events})
    assert response.status_code in (200, 202), response.text


async def totals_of(url: str, subscription_id: str) -> list[int]:
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch(
            "SELECT total_cents FROM invoices WHERE stable_subscription_id = $1"
            " ORDER BY issue_date",
            subscription_id,
        )
    finally:
        await connection.close()
    return [row["total_cents"] for row in rows]


def set_up(base_url: str, secret_key: str) -> dict[str, str]:
    """The three subscriptions and their usage, through the API: name -> subscription id."""
    headers = {"Authorization": f"Bearer {secret_key}"}
    with httpx.Client(base_url=base_url, headers=headers, timeout=30) as api:
        flat = api.post("/v1/plans", json={"planName": "Flat", "monthlyPrice": 4900})
        flat_plan = flat.json()["plans"][0]
        flat_price = api.get(f"/v1/prices?planId={flat_plan['id']}").json()
        flat_sub, _ = subscribe(
            api, flat_plan["id"], first_price_id(flat_price), "2030-01-01T00:00:00Z"
        )
        metrics = {}
        for event_name in ("gb-stored", "api-call"):
            metric = api.post(
                "/v1/metrics",
                json={"name": event_name, "eventName": event_name, "aggregationType": "SUM"},
            )
            assert metric.status_code == 201, metric.text
            metrics[event_name] = metric.json()["id"]
        storage_sub, storage_customer = usage_subscription(
            api,
            metrics["gb-stored"],
            {"type": "usage_based", "unitAmount": 25, "metricId": metrics["gb-stored"]},
        )
        api_sub, api_customer = usage_subscription(
            api,
            metrics["api-call"],
            {"type": "tiered", "tiers": TIERS, "metricId": metrics["api-call"]},
        )
        send_usage(api, storage_customer, "gb-stored", STORAGE_GB)
        send_usage(api, api_customer, "api-call", API_CALLS)
    return {"flat": flat_sub, "storage": storage_sub, "api": api_sub}


def set_up_and_bill_a_year(url: str, data_dir) -> dict[str, str]:
    """Migrate, make a merchant, set up through a served API, then run the due work on the
    first of each month of 2030."""
    tally(url, data_dir, "migrate")
    email = f"{uuid.uuid4().hex}@example.com"
    made = json.loads(
        tally(
            url,
            data_dir,
            "create-merchant",
            "--name",
            "Year Co",
            "--email",
            email,
            "--password",
            "correct-horse-42",
            "--json",
        )
    )
    server, base_url = serve_on_free_port(url, data_dir / "serve")
    try:
        subscriptions = set_up(base_url, made["secretKey"])
    finally:
        stop_process(server)
    for instant in PASSES:
        output = tally(url, data_dir, "run-due", "--now", instant)
        assert "billing: " in output and "failed" not in output, output
    return subscriptions


async def test_a_year_of_monthly_billing(year_database, tmp_path):
    subs = await asyncio.to_thread(set_up_and_bill_a_year, year_database, tmp_path)
    assert await totals_of(year_database, subs["flat"]) == FLAT_TOTALS
    assert await totals_of(year_database, subs["storage"]) == STORAGE_TOTALS
    assert await totals_of(year_database, subs["api"]) == API_TOTALS
