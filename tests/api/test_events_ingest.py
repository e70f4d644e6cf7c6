"""POST /v1/events and /v1/events/batch: 202 only once stored, validation naming the field (and
the index in a batch), duplicates within 24 hours, group commit under concurrency, rollups.
What a body may hold (nesting, content type, value range): test_events_ingest_bodies.py."""

import asyncio
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from billing.usage.models import UsageEvent, UsageIdempotencyKey, UsageRollup
from tests.support.factories.event_sending import event, send

T0 = "2026-03-01T10:15:00Z"


async def test_single_event_is_stored_before_202(client, merchant):
    body = event(idempotencyKey="k1", eventTimestamp=T0, properties={"region": "eu"})
    response = await send(client, merchant, body)
    assert response.status_code == 202
    assert await response.get_json() == {"message": "Event accepted"}
    stored = await UsageEvent.get(merchant_id=merchant.id, idempotency_key="k1")
    assert stored.event_name == "api-call"
    assert stored.customer_key == "cust_one"
    assert stored.event_value == Decimal(2)
    assert stored.properties == {"region": "eu"}
    assert stored.event_timestamp == datetime(2026, 3, 1, 10, 15, tzinfo=UTC)


async def test_missing_key_is_generated_and_time_defaults_to_now(client, merchant):
    before = datetime.now(UTC)
    response = await send(client, merchant, {"eventName": "login", "extCustomerId": "u-7"})
    assert response.status_code == 202
    stored = await UsageEvent.get(merchant_id=merchant.id)
    assert len(stored.idempotency_key) == 36
    assert stored.customer_key == "ext:u-7"
    assert stored.event_value is None
    assert before - timedelta(seconds=1) <= stored.event_timestamp <= datetime.now(UTC)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"customerId": "c"}, "eventName is required"),
        ({"eventName": "x"}, "customerId or extCustomerId is required"),
        ({"eventName": 5, "customerId": "c"}, "eventName must be a string"),
        ({"eventName": "x", "customerId": "c", "eventValue": "3"}, "eventValue must be a number"),
        ({"eventName": "x", "customerId": "c", "eventValue": True}, "eventValue must be a number"),
        ({"eventName": "x", "customerId": "c", "eventString": 3}, "eventString must be a string"),
        (
            {"eventName": "x", "customerId": "c", "eventTimestamp": "yesterday"},
            "eventTimestamp must be an ISO 8601 datetime such as 2025-01-31T00:00:00Z",
        ),
        ({"eventName": "x", "customerId": "c", "properties": [1]}, "properties must be an object"),
        (
            {"eventName": "x\u0000", "customerId": "c"},
            "eventName must not contain the NUL character",
        ),
        (
            {"eventName": "x", "customerId": "c", "eventValue": 1e30},
            "eventValue must be between -1000000000000 and 1000000000000 (10^12)",
        ),
        ([1, 2], "The body must be a JSON object"),
    ],
)
async def test_invalid_event_is_400_naming_the_field(client, merchant, body, message):
    response = await send(client, merchant, body)
    assert response.status_code == 400
    assert await response.get_json() == {"error": message}
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 0


async def test_without_secret_key_is_401(client, merchant):
    response = await client.post("/v1/events", json=event())
    assert response.status_code == 401
    response = await client.post("/v1/events/batch", json={"events": [event()]})
    assert response.status_code == 401


async def test_duplicate_key_is_accepted_and_ignored(client, merchant):
    for value in (1, 99):
        response = await send(client, merchant, event(idempotencyKey="same", eventValue=value))
        assert response.status_code == 202
        assert await response.get_json() == {"message": "Event accepted"}
    stored = await UsageEvent.filter(merchant_id=merchant.id)
    assert [e.event_value for e in stored] == [Decimal(1)]


async def test_key_older_than_24_hours_is_new_again(client, merchant):
    assert (await send(client, merchant, event(idempotencyKey="old"))).status_code == 202
    await UsageIdempotencyKey.filter(merchant_id=merchant.id).update(
        created_at=datetime.now(UTC) - timedelta(hours=25)
    )
    assert (await send(client, merchant, event(idempotencyKey="old"))).status_code == 202
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 2


async def test_same_key_in_two_merchants_is_two_events(client, make_merchant):
    first, second = await make_merchant(), await make_merchant()
    for account in (first, second):
        assert (await send(client, account, event(idempotencyKey="shared"))).status_code == 202
    assert await UsageEvent.filter(merchant_id=first.id).count() == 1
    assert await UsageEvent.filter(merchant_id=second.id).count() == 1


async def test_hundred_concurrent_sends_of_one_key_store_one_event(client, merchant):
    body = event(idempotencyKey="race")
    responses = await asyncio.gather(*(send(client, merchant, body) for _ in range(100)))
    assert {r.status_code for r in responses} == {202}
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 1
    rollup = await UsageRollup.get(merchant_id=merchant.id)
    assert rollup.event_count == 1


async def test_concurrent_distinct_events_are_all_stored_and_rolled_up(client, merchant):
    bodies = [event(idempotencyKey=f"k{i}", eventValue=i, eventTimestamp=T0) for i in range(200)]
    responses = await asyncio.gather(*(send(client, merchant, body) for body in bodies))
    assert {r.status_code for r in responses} == {202}
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 200
    rollup = await UsageRollup.get(merchant_id=merchant.id)
    assert rollup.bucket_start == datetime(2026, 3, 1, 10, tzinfo=UTC)
    assert (rollup.event_count, rollup.value_count) == (200, 200)
    assert rollup.value_sum == Decimal(sum(range(200)))
    assert (rollup.value_min, rollup.value_max) == (Decimal(0), Decimal(199))


async def test_batch_counts_new_and_duplicate_events(client, merchant):
    events = [event(idempotencyKey=f"b{i}", eventTimestamp=T0) for i in range(5)]
    first = await send(client, merchant, {"events": events[:3]}, "/v1/events/batch")
    assert first.status_code == 202
    assert await first.get_json() == {
        "message": "Processed 3 new events; skipped 0 duplicates",
        "newEvents": 3,
        "duplicates": 0,
    }
    second = await send(client, merchant, {"events": events + events[:1]}, "/v1/events/batch")
    assert await second.get_json() == {
        "message": "Processed 2 new events; skipped 4 duplicates",
        "newEvents": 2,
        "duplicates": 4,
    }
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 5


async def test_batch_with_one_invalid_event_stores_nothing(client, merchant):
    events = [event(idempotencyKey=f"v{i}") for i in range(4)]
    events[2] = {"customerId": "c"}
    response = await send(client, merchant, {"events": events}, "/v1/events/batch")
    assert response.status_code == 400
    assert await response.get_json() == {"error": "events[2].eventName is required"}
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 0


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"events": []}, "events must hold at least one event"),
        ({"events": "x"}, "events must be an array of usage events"),
        ({}, "events must be an array of usage events"),
        ({"events": [event()] * 1001}, "A batch holds at most 1000 events (got 1001)"),
        ({"events": [event(), 7]}, "events[1] must be a JSON object"),
    ],
)
async def test_bad_batches_are_400(client, merchant, body, message):
    response = await send(client, merchant, body, "/v1/events/batch")
    assert response.status_code == 400
    assert await response.get_json() == {"error": message}


async def test_batch_of_1000_is_accepted(client, merchant):
    events = [event(idempotencyKey=f"m{i}", customerId=f"c{i % 10}") for i in range(1000)]
    response = await send(client, merchant, {"events": events}, "/v1/events/batch")
    assert response.status_code == 202
    assert (await response.get_json())["newEvents"] == 1000
    assert await UsageRollup.filter(merchant_id=merchant.id).count() == 10


async def test_concurrent_large_batches_with_shared_keys_store_each_key_once(client, merchant):
    """Batches of 500 or more write on their own connections, side by side: overlapping keys
    still store once, and the answers add up to exactly what was stored."""
    batches = [
        [event(idempotencyKey=f"big{i}", eventTimestamp=T0) for i in range(n * 400, n * 400 + 600)]
        for n in range(3)
    ]
    batches[0].append(batches[0][0])  # the same key twice within one batch, too
    responses = await asyncio.gather(
        *(send(client, merchant, {"events": b}, "/v1/events/batch") for b in batches)
    )
    assert {r.status_code for r in responses} == {202}
    answers = [await r.get_json() for r in responses]
    assert sum(a["newEvents"] for a in answers) == 1400
    assert sum(a["duplicates"] for a in answers) == 401
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 1400
    rollup = await UsageRollup.get(merchant_id=merchant.id)
    assert rollup.event_count == 1400
