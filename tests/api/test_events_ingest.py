"""POST /v1/events and /v1/events/batch: 202 only once stored, validation naming the field (and
the index in a batch), duplicates within 24 hours, group commit under concurrency, rollups."""

import asyncio
import json
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from tortoise import connections

from billing.usage.models import UsageEvent, UsageIdempotencyKey, UsageRollup

T0 = "2026-03-01T10:15:00Z"


def event(**fields) -> dict:
    return {"eventName": "api-call", "customerId": "cust_one", "eventValue": 2, **fields}


async def send(client, merchant, body, path="/v1/events"):
    return await client.post(path, json=body, headers=merchant.headers)


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


def nested(levels: int) -> str:
    """JSON text of an object ``levels`` deep: ``nested(2) == '{"k":{"k":1}}'`` (built as
    text: the json module itself gives up near 1,000 levels)."""
    return '{"k":' * levels + "1" + "}" * levels


def with_properties(properties: str) -> str:
    return '{"eventName":"api-call","customerId":"cust_one","properties":' + properties + "}"


async def send_text(client, merchant, text: str, path="/v1/events"):
    return await client.post(
        path, data=text, headers={**merchant.headers, "Content-Type": "application/json"}
    )


async def test_properties_may_nest_eight_levels(client, merchant):
    response = await send_text(client, merchant, with_properties(nested(8)))
    assert response.status_code == 202
    stored = await UsageEvent.get(merchant_id=merchant.id)
    assert stored.properties == json.loads(nested(8))


@pytest.mark.parametrize("levels", [9, 100, 960, 963, 5000])
async def test_deeper_properties_are_a_400_and_store_nothing(client, merchant, levels):
    """Past the limit the answer names it; bodies too deep to decode at all (how deep depends
    on the process's stack) say so."""
    deep = with_properties(nested(levels))
    batch = '{"events":[' + with_properties("{}") + "," + deep + "]}"
    for path, body, prefix in (("/v1/events", deep, ""), ("/v1/events/batch", batch, "events[1].")):
        response = await send_text(client, merchant, body, path)
        assert response.status_code == 400
        error = (await response.get_json())["error"]
        too_deep = f"{prefix}properties must not nest deeper than 8 levels"
        assert error == too_deep or (levels > 900 and error.endswith("it nests too deeply"))
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 0


async def test_an_event_stored_deeper_before_the_limit_still_reads(client, merchant):
    """Events stored before the limit existed read with empty properties, never a 500."""
    response = await send(client, merchant, event(properties={"ok": 1}))
    assert response.status_code == 202
    await connections.get("default").execute_query(
        "UPDATE usage_events SET properties = $1::jsonb WHERE merchant_id = $2",
        [nested(960), merchant.id],
    )
    listed = await client.get("/v1/events", headers=merchant.headers)
    assert listed.status_code == 200
    assert [e["properties"] for e in (await listed.get_json())["data"]] == [{}]


@pytest.mark.parametrize("path", ["/v1/events", "/v1/events/batch"])
@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded"])
async def test_a_body_that_is_not_declared_json_is_refused_like_everywhere(
    client, merchant, path, content_type
):
    body = event() if path == "/v1/events" else {"events": [event()]}
    response = await client.post(
        path,
        data=json.dumps(body),
        headers={**merchant.headers, "Content-Type": content_type},
    )
    assert response.status_code == 400
    assert await response.get_json() == {
        "error": "Send a JSON body with 'Content-Type: application/json'"
    }
    customers = await client.post(
        "/v1/customers",
        data=json.dumps({"name": "x"}),
        headers={**merchant.headers, "Content-Type": content_type},
    )
    assert (customers.status_code, await customers.get_json()) == (
        response.status_code,
        await response.get_json(),
    )
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 0


OUT_OF_RANGE = "eventValue must be between -1000000000000 and 1000000000000 (10^12)"


@pytest.mark.parametrize(
    ("value", "status"),
    [
        (10**12, 202),
        (-(10**12), 202),  # negative values are kept: a SUM may take a correction
        (-3, 202),
        (999_999_999_999.5, 202),
        (10**12 + 1, 400),
        (1_000_000_000_000.5, 400),
        (2**63, 400),  # the probe's value: made a bill no 64-bit column holds
        (-(10**18), 400),
        (-1e18, 400),
    ],
)
async def test_event_values_are_bounded_to_ten_to_the_twelfth(client, merchant, value, status):
    response = await send(client, merchant, event(eventValue=value))
    assert response.status_code == status
    if status == 400:
        assert await response.get_json() == {"error": OUT_OF_RANGE}
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == (status == 202)


async def test_a_batch_with_a_value_out_of_range_stores_nothing(client, merchant):
    events = [event(idempotencyKey="b0"), event(idempotencyKey="b1", eventValue=2**63)]
    response = await send(client, merchant, {"events": events}, "/v1/events/batch")
    assert response.status_code == 400
    assert await response.get_json() == {"error": f"events[1].{OUT_OF_RANGE}"}
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 0
