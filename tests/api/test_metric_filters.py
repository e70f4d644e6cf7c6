"""/v1/metrics propertyFilters: stored and shown, validated (400 naming the field, nothing
stored), simple metrics only, and what GET /v1/metrics/{id}/value counts with them."""

import pytest

from billing.catalog.models import Metric
from tests.support.api.metrics import BASE, create, made, update
from tests.support.api.robustness import ODD_VALUES
from tests.support.factories.subscriptions import make_customer

PRO = {"plan": "pro"}


async def send(client, merchant, customer_id, *events):
    """Events through /v1/events/batch; each ``(value, properties)``."""
    body = {
        "events": [
            {
                "customerId": customer_id,
                "eventName": BASE["eventName"],
                "eventValue": value,
                "properties": properties,
                "eventTimestamp": f"2026-03-01T0{index % 10}:{index % 60:02}:00Z",
            }
            for index, (value, properties) in enumerate(events)
        ]
    }
    response = await client.post("/v1/events/batch", json=body, headers=merchant.headers)
    assert response.status_code in (200, 202), await response.get_json()


async def value_of(client, merchant, metric_id, customer_id, **query):
    response = await client.get(
        f"/v1/metrics/{metric_id}/value",
        query_string={"customerId": customer_id, **query},
        headers=merchant.headers,
    )
    assert response.status_code == 200, await response.get_json()
    return (await response.get_json())["value"]


async def test_filters_are_stored_and_shown_everywhere(client, merchant):
    filters = {"plan": "pro", "region_2": "eu", "seats": 3, "ratio": 0.5, "beta": True}
    created = await made(client, merchant, propertyFilters=filters)
    assert created["propertyFilters"] == filters
    stored = await Metric.get(id=created["id"])
    assert stored.property_filters == filters
    read = await client.get(f"/v1/metrics/{created['id']}", headers=merchant.headers)
    assert (await read.get_json())["propertyFilters"] == filters
    listing = await client.get("/v1/metrics", headers=merchant.headers)
    assert [m["propertyFilters"] for m in await listing.get_json()] == [filters]
    plain = await made(client, merchant, name="Plain")
    assert plain["propertyFilters"] == {}
    assert (await made(client, merchant, name="Null", propertyFilters=None))[
        "propertyFilters"
    ] == {}


async def test_value_counts_only_events_carrying_every_pair(client, merchant):
    customer = await make_customer(merchant.id)
    await send(
        client,
        merchant,
        customer.id,
        (1, {"plan": "pro", "region": "eu"}),
        (2, {"plan": "pro", "region": "us"}),
        (4, {"plan": "free", "region": "eu"}),
        (8, {}),
        (16, {"plan": "pro", "region": "eu", "seats": 3, "beta": True}),
        (32, {"plan": "pro", "seats": 3.0, "beta": False}),
    )
    cases = [
        ({}, 63),
        (PRO, 51),
        ({"plan": "pro", "region": "eu"}, 17),
        ({"seats": 3}, 48),  # 3 and 3.0 are the same JSON number
        ({"beta": True}, 16),
        ({"plan": "enterprise"}, None),
    ]
    for filters, expected in cases:
        metric = await made(client, merchant, aggregationType="SUM", propertyFilters=filters)
        assert await value_of(client, merchant, metric["id"], customer.id) == expected, filters
    counted = await made(client, merchant, aggregationType="COUNT", propertyFilters=PRO)
    assert await value_of(client, merchant, counted["id"], customer.id) == 4
    window = {"timeframe": "CUSTOM", "start": "2026-03-01T00:30:00Z", "end": "2026-03-01T05:00Z"}
    assert await value_of(client, merchant, counted["id"], customer.id, **window) == 2


async def test_update_sets_keeps_and_clears_filters(client, merchant):
    customer = await make_customer(merchant.id)
    await send(client, merchant, customer.id, (1, PRO), (2, {"plan": "free"}))
    metric = await made(client, merchant, aggregationType="SUM")
    assert await value_of(client, merchant, metric["id"], customer.id) == 3

    response = await update(client, merchant, metric["id"], propertyFilters=PRO)
    assert (response.status_code, (await response.get_json())["propertyFilters"]) == (200, PRO)
    assert await value_of(client, merchant, metric["id"], customer.id) == 1

    response = await update(client, merchant, metric["id"], name="Pro calls")
    assert (await response.get_json())["propertyFilters"] == PRO  # absent: kept
    response = await update(client, merchant, metric["id"], propertyFilters=None)
    assert (await response.get_json())["propertyFilters"] == PRO  # null: kept

    response = await update(client, merchant, metric["id"], propertyFilters={})
    assert (await response.get_json())["propertyFilters"] == {}
    assert await value_of(client, merchant, metric["id"], customer.id) == 3


async def test_leaving_simple_drops_the_filters(client, merchant):
    metric = await made(client, merchant, propertyFilters=PRO)
    response = await update(client, merchant, metric["id"], queryType="indexed")
    body = await response.get_json()
    assert (response.status_code, body["queryType"], body["propertyFilters"]) == (
        200,
        "indexed",
        {},
    )
    assert (await Metric.get(id=metric["id"])).property_filters == {}


INVALID = [
    (["plan"], "propertyFilters"),
    ("plan=pro", "propertyFilters"),
    (5, "propertyFilters"),
    ({f"k{i}": i for i in range(11)}, "propertyFilters holds at most 10 keys"),
    ({"a.b": "x"}, "propertyFilters keys must be"),
    ({"1plan": "x"}, "propertyFilters keys must be"),
    ({"": "x"}, "propertyFilters keys must be"),
    ({"k" * 101: "x"}, "propertyFilters keys must be"),
    ({"plan": {"tier": "pro"}}, "propertyFilters values must be strings, numbers or booleans"),
    ({"plan": ["pro"]}, "propertyFilters values must be strings, numbers or booleans"),
    ({"plan": None}, "propertyFilters values must be strings, numbers or booleans"),
    ({"plan": "p" * 1001}, "propertyFilters values must be at most 1000 characters"),
    ({"plan": "a\u0000b"}, "propertyFilters values must not contain NUL"),
    ({"plan": float("nan")}, "propertyFilters values must be finite numbers"),
    ({"plan": float("inf")}, "propertyFilters values must be finite numbers"),
]


@pytest.mark.parametrize(("filters", "message"), INVALID)
async def test_invalid_filters_are_400_and_store_nothing(client, merchant, filters, message):
    response = await create(client, merchant, **BASE, propertyFilters=filters)
    assert response.status_code == 400
    assert message in (await response.get_json())["error"]
    assert await Metric.filter(merchant_id=merchant.id).count() == 0

    metric = await made(client, merchant, propertyFilters=PRO)
    response = await update(client, merchant, metric["id"], propertyFilters=filters)
    assert response.status_code == 400
    assert message in (await response.get_json())["error"]
    assert (await Metric.get(id=metric["id"])).property_filters == PRO


@pytest.mark.parametrize(
    "extra",
    [
        {"queryType": "indexed"},
        {"queryType": "indexed", "customQuery": "tokens"},
        {"queryType": "complex", "customQuery": "SELECT count(*) FROM events"},
    ],
)
async def test_filters_apply_only_to_simple_metrics(client, merchant, extra):
    response = await create(client, merchant, **BASE, **extra, propertyFilters=PRO)
    assert response.status_code == 400
    assert await response.get_json() == {"error": "propertyFilters apply only to simple metrics"}
    assert await Metric.filter(merchant_id=merchant.id).count() == 0
    assert (await made(client, merchant, **extra, propertyFilters={}))["propertyFilters"] == {}

    metric = await made(client, merchant, name="Other", **extra)
    response = await update(client, merchant, metric["id"], propertyFilters=PRO)
    assert await response.get_json() == {"error": "propertyFilters apply only to simple metrics"}
    simple = await made(client, merchant, name="Simple", propertyFilters=PRO)
    response = await update(client, merchant, simple["id"], **extra, propertyFilters=PRO)
    assert response.status_code == 400
    assert (await Metric.get(id=simple["id"])).query_type == "simple"


async def test_another_merchants_metric_cannot_be_filtered(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    metric = await made(client, alice)
    response = await update(client, bob, metric["id"], propertyFilters=PRO)
    assert (response.status_code, await response.get_json()) == (
        404,
        {"error": "Metric not found or access denied"},
    )
    assert (await Metric.get(id=metric["id"])).property_filters == {}


async def test_odd_filters_never_fail(client, merchant):
    metric = await made(client, merchant)
    bodies = [{"propertyFilters": odd} for odd in ODD_VALUES]
    bodies += [{"propertyFilters": {"plan": odd}} for odd in ODD_VALUES]
    bodies += [{"propertyFilters": {odd: 1}} for odd in ODD_VALUES if isinstance(odd, str)]
    for body in bodies:
        for response in (
            await create(client, merchant, **BASE, **body),
            await update(client, merchant, metric["id"], **body),
        ):
            assert response.status_code < 500, (body, await response.get_data())
            answer = await response.get_json()
            if response.status_code >= 400:
                assert "propertyFilters" in answer["error"], (body, answer)
            else:
                assert isinstance(answer["propertyFilters"], dict)
