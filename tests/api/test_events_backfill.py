"""POST /v1/trigger/events-backfill: rollups recomputed for events that reached the table
without the intake (a bulk load), idempotent, bounded by batchSize and cutoffSeconds, and only
ever for the caller's own merchant. Also the idempotency-key pruning that run-due does."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from billing.usage import events
from billing.usage.models import UsageIdempotencyKey, UsageRollup
from billing.usage.rollup_backfill import backfill_all
from tests.support.api.events_backfill import bulk_load

BACKFILL = "/v1/trigger/events-backfill"


async def trigger(client, merchant, **params):
    return await client.post(BACKFILL, json=params, headers=merchant.headers)


async def rollup_totals(merchant_id: str) -> tuple[int, Decimal]:
    rows = await UsageRollup.filter(merchant_id=merchant_id)
    return sum(r.event_count for r in rows), sum((r.value_sum for r in rows), Decimal(0))


async def test_backfill_builds_missing_rollups_and_is_idempotent(client, merchant):
    await bulk_load(merchant.id, 40)
    response = await trigger(client, merchant)
    assert response.status_code == 200
    # 40 events over two customers and two hours: 4 rollup rows
    assert await response.get_json() == {"scanned": 40, "inserted": 4}
    assert await rollup_totals(merchant.id) == (40, Decimal(80))
    again = await trigger(client, merchant)
    assert await again.get_json() == {"scanned": 0, "inserted": 0}


async def test_backfill_leaves_intake_rollups_alone(client, merchant):
    body = {"events": [{"eventName": "x", "customerId": "c1", "eventValue": 1}]}
    await events.ingest_batch(merchant.id, body)
    response = await trigger(client, merchant, cutoffSeconds=0)
    assert await response.get_json() == {"scanned": 1, "inserted": 0}
    assert await rollup_totals(merchant.id) == (1, Decimal(1))


async def test_backfill_corrects_a_wrong_rollup(client, merchant):
    await bulk_load(merchant.id, 10)
    await trigger(client, merchant)
    await UsageRollup.filter(merchant_id=merchant.id).update(event_count=999)
    await bulk_load(merchant.id, 1, received_ago=7200)  # touches one of the two buckets again
    response = await trigger(client, merchant)
    assert await response.get_json() == {"scanned": 1, "inserted": 1}


async def test_batch_size_and_cutoff_bound_each_call(client, merchant):
    await bulk_load(merchant.id, 30)
    await bulk_load(merchant.id, 5, received_ago=0)  # too fresh for the default 60 s cutoff
    first = await trigger(client, merchant, batchSize=20)
    assert (await first.get_json())["scanned"] == 20
    second = await client.post(f"{BACKFILL}?batchSize=20", headers=merchant.headers)
    assert (await second.get_json())["scanned"] == 10
    third = await trigger(client, merchant, cutoffSeconds=0)
    assert (await third.get_json())["scanned"] == 5
    assert (await rollup_totals(merchant.id))[0] == 35


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"batchSize": 0}, "batchSize must be a whole number from 1 to 5000"),
        ({"batchSize": 5001}, "batchSize must be a whole number from 1 to 5000"),
        ({"batchSize": "many"}, "batchSize must be a whole number from 1 to 5000"),
        ({"cutoffSeconds": -1}, "cutoffSeconds must be a whole number from 0 to 315360000"),
        ({"cutoffSeconds": 1.5}, "cutoffSeconds must be a whole number from 0 to 315360000"),
    ],
)
async def test_bad_parameters_are_400(client, merchant, params, message):
    response = await trigger(client, merchant, **params)
    assert response.status_code == 400
    assert await response.get_json() == {"error": message}


async def test_another_merchant_cannot_be_backfilled(client, make_merchant):
    mine, other = await make_merchant(), await make_merchant()
    await bulk_load(other.id, 4)
    response = await trigger(client, mine, merchantId=other.id)
    assert response.status_code == 404
    assert await response.get_json() == {"error": "Merchant not found or access denied"}
    spec = await (await client.get("/v1/openapi.json")).get_json()
    assert "404" in spec["paths"]["/v1/trigger/events-backfill"]["post"]["responses"]
    assert await UsageRollup.filter(merchant_id=other.id).count() == 0
    own = await trigger(client, mine, merchantId=mine.id)
    assert await own.get_json() == {"scanned": 0, "inserted": 0}


async def test_backfill_needs_a_secret_key(client, merchant):
    response = await client.post(BACKFILL, json={})
    assert response.status_code == 401


async def test_backfill_all_covers_every_merchant(make_merchant):
    first, second = await make_merchant(), await make_merchant()
    await bulk_load(first.id, 3)
    await bulk_load(second.id, 3)
    await backfill_all()
    assert (await rollup_totals(first.id))[0] == 3
    assert (await rollup_totals(second.id))[0] == 3


async def test_prune_removes_only_keys_past_the_window(merchant):
    body = {"events": [{"eventName": "x", "customerId": "c", "idempotencyKey": k} for k in "ab"]}
    await events.ingest_batch(merchant.id, body)
    await UsageIdempotencyKey.filter(merchant_id=merchant.id, idempotency_key="a").update(
        created_at=datetime.now(UTC) - timedelta(hours=25)
    )
    assert await events.prune_idempotency_keys() >= 1
    left = await UsageIdempotencyKey.filter(merchant_id=merchant.id).values_list(
        "idempotency_key", flat=True
    )
    assert left == ["b"]
