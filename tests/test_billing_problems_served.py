"""The probe's case end to end, served: a usage value of 2^63 stored as legacy data (the API
refuses it now) no longer stalls billing silently. ``tally run-due --now`` finishes, the other
subscription bills, the failing one shows why through the API; once the stored value is
corrected the next pass bills it and the problem clears.

Runs against a database of its own (due work in 2030 would bill every other test's
subscriptions too): set up through the API of a real ``tally serve``, the legacy event
loaded into ``usage_events`` around the intake and rolled up by ``tally backfill-events`` (as
a bulk load from an older system is), billed by the real command.
"""

import asyncio
import json
import uuid

import asyncpg
import httpx

from tests.conftest import serve_on_free_port, stop_process
from tests.support.billing_year import tally

REASON = (
    'The invoice line "Usage" comes to more than 1,000,000,000,000,000 cents, the most one '
    "invoice may bill; correct the usage or price behind it"
)


async def sql(url: str, statement: str, *args) -> None:
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(statement, *args)
    finally:
        await connection.close()


def subscriber(api: httpx.Client, price_id: str, plan_id: str) -> tuple[str, str]:
    """A new customer subscribed from 2030-01-01: (customer id, subscription id)."""
    made = api.post("/v1/customers", json={"email": f"{uuid.uuid4().hex}@example.com"})
    customer_id = made.json()["customer"]["id"]
    body = {
        "customerId": customer_id,
        "planId": plan_id,
        "effectivePriceId": price_id,
        "startTimestamp": "2030-01-01T00:00:00Z",
    }
    created = api.post("/v1/subscriptions", json=body)
    assert created.status_code == 201, created.text
    return customer_id, created.json()["subscription"]["stableSubscriptionId"]


def usage_event(customer_id: str, value) -> dict:
    return {
        "eventName": "gb-stored",
        "customerId": customer_id,
        "eventValue": value,
        "eventTimestamp": "2030-01-10T12:00:00Z",
    }


def usage_totals(api: httpx.Client, customer_id: str) -> list[tuple[str, int]]:
    invoices = api.get(f"/v1/invoices/customer/{customer_id}").json()["invoices"]
    return [(i["issueDate"], i["totalAmountCents"]) for i in invoices]


def problem(api: httpx.Client, subscription_id: str):
    return api.get(f"/v1/subscriptions/{subscription_id}").json()["billingProblem"]


def run_the_probe(url: str, data_dir) -> None:
    tally(url, data_dir, "migrate")
    made = json.loads(
        tally(url, data_dir, "create-merchant", "--name", "Probe Co", "--email",
              f"{uuid.uuid4().hex}@example.com", "--password", "correct-horse-42", "--json")
    )  # fmt: skip
    server, base_url = serve_on_free_port(url, data_dir / "serve")
    headers = {"Authorization": f"Bearer {made['secretKey']}"}
    try:
        with httpx.Client(base_url=base_url, headers=headers, timeout=30) as api:
            metric = api.post(
                "/v1/metrics",
                json={"name": "GB", "eventName": "gb-stored", "aggregationType": "SUM"},
            )
            assert metric.status_code == 201, metric.text
            plan_id = api.post("/v1/plans", json={"planName": "Storage"}).json()["plans"][0]["id"]
            pricing = {"type": "usage_based", "unitAmount": 25, "metricId": metric.json()["id"]}
            price = api.post(
                "/v1/prices", json={"planId": plan_id, "currency": "USD", "pricingData": pricing}
            )
            assert price.status_code == 201, price.text
            price_id = price.json()["price"]["id"]
            runaway, runaway_sub = subscriber(api, price_id, plan_id)
            steady, steady_sub = subscriber(api, price_id, plan_id)
            assert api.post("/v1/events", json=usage_event(steady, 4)).status_code == 202
            refused = api.post("/v1/events", json=usage_event(runaway, 2**63))
            assert refused.status_code == 400, refused.text

            # the value as stored before the bound: loaded around the intake, then rolled up
            asyncio.run(
                sql(
                    url,
                    "INSERT INTO usage_events (merchant_id, idempotency_key, event_name,"
                    " customer_id, customer_key, event_value, properties, event_timestamp,"
                    " received_at) VALUES ($1, 'legacy-1', 'gb-stored', $2, $2, $3, '{}',"
                    " '2030-01-10T12:00:00Z', now())",
                    made["merchantId"],
                    runaway,
                    2**63,
                )
            )
            tally(url, data_dir, "backfill-events", "--cutoff-seconds", "0")

            # the pass runs to its end; it exits 1 because a row failed (the log names it)
            passed = tally(url, data_dir, "run-due", "--now", "2030-02-01T00:00:00Z", exits=1)
            assert "billing: 1 billed, 1 failed" in passed, passed
            assert "payments: " in passed and "portal sessions: " in passed  # later steps ran
            assert usage_totals(api, steady) == [("2030-02-01T00:00:00Z", 100)]  # 4 GB x 25
            assert usage_totals(api, runaway) == []
            assert problem(api, runaway_sub) == {
                "reason": REASON,
                "since": "2030-02-01T00:00:00Z",
                "lastAttemptAt": "2030-02-01T00:00:00Z",
                "attempts": 1,
            }
            assert problem(api, steady_sub) is None
            listed = api.get("/v1/subscriptions?billingProblem=true").json()["subscriptions"]
            assert [s["stableSubscriptionId"] for s in listed] == [runaway_sub]

            # an operator corrects the stored value (the event and its hour's rollup)
            for table, column in (("usage_events", "event_value"), ("usage_rollups", "value_sum")):
                asyncio.run(
                    sql(
                        url,
                        f"UPDATE {table} SET {column} = 3 WHERE customer_key = $1",  # noqa: S608
                        runaway,
                    )
                )
            asyncio.run(sql(url, "DELETE FROM usage_checkpoints"))
            passed = tally(url, data_dir, "run-due", "--now", "2030-02-01T01:00:00Z")
            assert "billing: 1 billed" in passed and "failed" not in passed, passed
            assert usage_totals(api, runaway) == [("2030-02-01T00:00:00Z", 75)]  # 3 GB x 25
            assert problem(api, runaway_sub) is None
            assert api.get("/v1/subscriptions?billingProblem=true").json()["subscriptions"] == []
    finally:
        stop_process(server)


async def test_a_value_too_large_to_bill_is_reported_not_stalled(own_database_url, tmp_path):
    await asyncio.to_thread(run_the_probe, own_database_url, tmp_path)
