"""POST /v1/events and /v1/events/batch: what a body may hold. Properties nest at most eight
levels (deeper bodies are a 400 and store nothing, never a 500), the body must be declared
JSON, and event values are bounded to 10^12 either way."""

import json

import pytest
from tortoise import connections

from billing.usage.models import UsageEvent
from tests.support.factories.event_sending import event, send


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
