"""GET /v1/events, /count, /unique-event-names and /unique-customer-ids: every filter in both
forms, inclusive dates, pagination, bad input, external ids before the customer exists, and
tenant isolation."""

import pytest

from billing.usage.models import UsageEvent

T = "2026-03-{:02d}T12:00:00Z"


async def send(client, merchant, *events):
    response = await client.post(
        "/v1/events/batch", json={"events": list(events)}, headers=merchant.headers
    )
    assert response.status_code in (200, 202), await response.get_json()


def ev(name="api-call", day=1, value=1, **fields) -> dict:
    return {
        "eventName": name,
        "customerId": "cust_a",
        "eventValue": value,
        "eventTimestamp": T.format(day),
        **fields,
    }


async def get(client, merchant, path="/v1/events", **query):
    response = await client.get(path, query_string=query, headers=merchant.headers)
    return response.status_code, await response.get_json()


async def names_of(client, merchant, **query) -> list[str]:
    status, body = await get(client, merchant, **query)
    assert status == 200, body
    return [event["idempotencyKey"] for event in body["data"]]


async def make_customer(client, merchant, **fields) -> dict:
    body = {"email": f"{fields.get('externalCustomerId', 'c')}@example.com", **fields}
    response = await client.post("/v1/customers", json=body, headers=merchant.headers)
    assert response.status_code in (200, 201)
    data = await response.get_json()
    return data.get("customer", data)


async def test_list_is_newest_first_with_the_documented_shape(client, merchant):
    await send(
        client,
        merchant,
        ev(day=1, idempotencyKey="k1", properties={"region": "eu"}),
        ev(day=3, idempotencyKey="k3", value=2.5),
        ev(day=2, idempotencyKey="k2", eventValue=None, eventString="alice"),
    )
    status, body = await get(client, merchant)
    assert status == 200
    assert body["pagination"] == {"limit": 100, "offset": 0, "hasMore": False}
    assert [e["idempotencyKey"] for e in body["data"]] == ["k3", "k2", "k1"]
    first, second, third = body["data"]
    assert first["eventValue"] == 2.5
    assert second["eventValue"] is None and second["eventString"] == "alice"
    assert third == {
        "id": third["id"],
        "idempotencyKey": "k1",
        "eventName": "api-call",
        "customerId": "cust_a",
        "extCustomerId": None,
        "eventValue": 1,
        "eventString": None,
        "properties": {"region": "eu"},
        "eventTimestamp": "2026-03-01T12:00:00Z",
        "receivedAt": third["receivedAt"],
    }
    assert third["id"].isdigit()


async def test_event_name_filter_comma_separated_and_repeated(client, merchant):
    await send(
        client,
        merchant,
        ev("a", idempotencyKey="a1"),
        ev("b", day=2, idempotencyKey="b1"),
        ev("c", day=3, idempotencyKey="c1"),
    )
    assert await names_of(client, merchant, eventName="a,c") == ["c1", "a1"]
    response = await client.get("/v1/events?eventName=a&eventName=b", headers=merchant.headers)
    assert [e["idempotencyKey"] for e in (await response.get_json())["data"]] == ["b1", "a1"]
    assert await names_of(client, merchant, eventName="zzz") == []


async def test_customer_filter_matches_internal_and_external_ids(client, merchant):
    # Sent by external id before the customer exists: kept, and counted for it afterwards.
    await send(client, merchant, ev(idempotencyKey="early", customerId=None, extCustomerId="u-1"))
    customer = await make_customer(client, merchant, externalCustomerId="u-1")
    await send(
        client,
        merchant,
        ev(day=2, idempotencyKey="by-id", customerId=customer["id"]),
        ev(day=3, idempotencyKey="other", customerId="cust_z"),
    )
    expected = ["by-id", "early"]
    assert await names_of(client, merchant, customerId=customer["id"]) == expected
    assert await names_of(client, merchant, customerId="u-1") == expected
    assert await names_of(client, merchant, customerId="u-1,cust_z") == ["other", *expected]
    status, body = await get(client, merchant, customerId="u-1")
    early = body["data"][1]
    assert early["customerId"] == customer["id"] and early["extCustomerId"] == "u-1"


async def test_dates_are_inclusive_and_combine_with_other_filters(client, merchant):
    await send(client, merchant, *(ev(day=d, idempotencyKey=f"d{d}") for d in range(1, 6)))
    got = await names_of(client, merchant, startDate=T.format(2), endDate=T.format(4))
    assert got == ["d4", "d3", "d2"]
    assert await names_of(client, merchant, endDate="2026-03-02") == ["d2", "d1"]
    assert await names_of(client, merchant, startDate="2026-03-05T12:00:00+00:00") == ["d5"]
    assert await names_of(client, merchant, startDate=T.format(2), eventName="nope") == []
    status, body = await get(client, merchant, "/v1/events/count", startDate=T.format(2))
    assert (status, body) == (200, {"totalCount": 4})


async def test_limit_offset_and_has_more(client, merchant):
    await send(client, merchant, *(ev(day=d, idempotencyKey=f"d{d}") for d in range(1, 6)))
    status, body = await get(client, merchant, limit=2)
    assert [e["idempotencyKey"] for e in body["data"]] == ["d5", "d4"]
    assert body["pagination"] == {"limit": 2, "offset": 0, "hasMore": True}
    status, body = await get(client, merchant, limit=2, offset=3)
    assert [e["idempotencyKey"] for e in body["data"]] == ["d2", "d1"]
    assert body["pagination"]["hasMore"] is False
    status, body = await get(client, merchant, limit=5)
    assert body["pagination"]["hasMore"] is False
    status, body = await get(client, merchant, offset=10)
    assert body["data"] == [] and body["pagination"]["hasMore"] is False


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"limit": "0"}, "limit must be between 1 and 1000"),
        ({"limit": "1001"}, "limit must be between 1 and 1000"),
        ({"limit": "ten"}, "limit must be between 1 and 1000"),
        ({"offset": "-1"}, "offset must be a whole number of 0 or more"),
        ({"offset": "1.5"}, "offset must be a whole number of 0 or more"),
        (
            {"startDate": "yesterday"},
            "startDate must be an ISO 8601 datetime such as 2025-01-31T00:00:00Z",
        ),
        (
            {"endDate": "2026-13-01"},
            "endDate must be an ISO 8601 datetime such as 2025-01-31T00:00:00Z",
        ),
        (
            {"startDate": "2026-03-02", "endDate": "2026-03-01"},
            "startDate must not be after endDate",
        ),
        ({"eventName": ",".join(f"n{i}" for i in range(101))}, "eventName may list at most"),
    ],
)
async def test_bad_query_is_a_400_naming_the_parameter(client, merchant, query, message):
    for path in ("/v1/events", "/v1/events/count"):
        if path.endswith("count") and set(query) <= {"limit", "offset"}:
            continue
        status, body = await get(client, merchant, path, **query)
        assert status == 400
        assert body["error"].startswith(message)


async def test_unique_event_names_sorted(client, merchant):
    await send(client, merchant, ev("zeta"), ev("alpha"), ev("alpha", day=2), ev("mid"))
    status, body = await get(client, merchant, "/v1/events/unique-event-names")
    assert (status, body) == (200, {"eventNames": ["alpha", "mid", "zeta"]})


async def test_unique_customers_collapse_a_customers_keys_and_mark_unknown(client, merchant):
    customer = await make_customer(client, merchant, externalCustomerId="u-1", name="Ada")
    await send(
        client,
        merchant,
        ev(customerId=customer["id"]),
        ev(customerId=None, extCustomerId="u-1"),
        ev(customerId=None, extCustomerId="ghost"),
        ev(customerId="cust_nobody"),
    )
    status, body = await get(client, merchant, "/v1/events/unique-customer-ids")
    assert status == 200
    assert body["customerIds"] == [
        {
            "id": customer["id"],
            "externalId": "u-1",
            "internalId": customer["id"],
            "name": "Ada",
            "email": customer["email"],
            "type": "customer",
        },
        {
            "id": "cust_nobody",
            "externalId": None,
            "internalId": "cust_nobody",
            "name": None,
            "email": None,
            "type": "unknown",
        },
        {
            "id": "ghost",
            "externalId": "ghost",
            "internalId": None,
            "name": None,
            "email": None,
            "type": "unknown",
        },
    ]


async def test_other_merchants_events_and_customers_never_show(client, merchant, make_merchant):
    other = await make_merchant("Other Co")
    theirs = await make_customer(client, other, externalCustomerId="shared-ext")
    await send(client, other, ev("secret", customerId=theirs["id"], idempotencyKey="theirs"))
    await send(client, merchant, ev("mine", idempotencyKey="mine"))
    assert await names_of(client, merchant) == ["mine"]
    assert await names_of(client, merchant, customerId=theirs["id"]) == []
    assert await names_of(client, merchant, customerId="shared-ext") == []
    _, body = await get(client, merchant, "/v1/events/unique-event-names")
    assert body == {"eventNames": ["mine"]}
    _, body = await get(client, merchant, "/v1/events/unique-customer-ids")
    assert [c["id"] for c in body["customerIds"]] == ["cust_a"]
    _, body = await get(client, merchant, "/v1/events/count")
    assert body == {"totalCount": 1}


@pytest.mark.parametrize(
    "path",
    [
        "/v1/events",
        "/v1/events/count",
        "/v1/events/unique-event-names",
        "/v1/events/unique-customer-ids",
    ],
)
async def test_reads_need_a_secret_key(client, merchant, path):
    assert (await client.get(path)).status_code == 401
    response = await client.get(path, headers=merchant.public_headers)
    assert response.status_code in (401, 403)


async def test_reads_change_nothing(client, merchant):
    await send(client, merchant, ev(idempotencyKey="k"))
    await get(client, merchant, limit="0")
    await get(client, merchant)
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 1
