"""/v1/metrics input rules: allowed values, required fields, field errors, odd input."""

import pytest

from billing.catalog.models import Metric
from tests.support.api.metrics import BASE, create, made, update
from tests.support.api.robustness import ODD_VALUES


async def test_create_defaults(client, merchant):
    body = await made(client, merchant)
    assert (body["queryType"], body["valueType"], body["description"]) == ("simple", "NUMERIC", "")


@pytest.mark.parametrize("aggregation", ["COUNT", "SUM", "MAX", "UNIQUE_COUNT"])
async def test_every_aggregation_is_accepted(client, merchant, aggregation):
    assert (await made(client, merchant, aggregationType=aggregation))["aggregationType"] == (
        aggregation
    )


@pytest.mark.parametrize("aggregation", ["COUNT", "UNIQUE_COUNT"])
async def test_string_values_can_be_counted(client, merchant, aggregation):
    body = await made(client, merchant, aggregationType=aggregation, valueType="STRING")
    assert body["valueType"] == "STRING"


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"eventName": "e", "aggregationType": "SUM"}, "name"),
        ({"name": "n", "aggregationType": "SUM"}, "eventName"),
        ({"name": "n", "eventName": "e"}, "aggregationType"),
        ({**BASE, "name": " "}, "name is required"),
        ({**BASE, "name": "n" * 201}, "name"),
        ({**BASE, "eventName": ""}, "eventName is required"),
        ({**BASE, "eventName": "Api.Call"}, "eventName must be"),
        ({**BASE, "eventName": "api call"}, "eventName must be"),
        ({**BASE, "eventName": "e" * 201}, "eventName must be"),
        ({**BASE, "aggregationType": "MEDIAN"}, "aggregationType must be one of"),
        ({**BASE, "aggregationType": "AVG", "valueType": "STRING"}, "needs valueType NUMERIC"),
        ({**BASE, "aggregationType": "LATEST", "valueType": "STRING"}, "needs valueType NUMERIC"),
        ({**BASE, "queryType": "indexed", "customQuery": "a.b"}, "property key"),
        ({**BASE, "queryType": "complex", "customQuery": "DELETE FROM events"}, "single SELECT"),
        ({**BASE, "queryType": "complex", "customQuery": "SELECT * FROM usage_events"}, "only"),
        ({**BASE, "aggregationType": "sum"}, "aggregationType must be one of"),
        ({**BASE, "valueType": "BOOLEAN"}, "valueType must be one of"),
        ({**BASE, "queryType": "sql"}, "queryType must be one of"),
        ({**BASE, "aggregationType": "SUM", "valueType": "STRING"}, "needs valueType NUMERIC"),
        ({**BASE, "aggregationType": "MAX", "valueType": "STRING"}, "needs valueType NUMERIC"),
        ({**BASE, "queryType": "complex"}, "customQuery is required"),
        ({**BASE, "queryType": "complex", "customQuery": "  "}, "customQuery is required"),
        ({**BASE, "customQuery": "SELECT 1"}, "only used with queryType complex"),
        ({**BASE, "description": "d" * 501}, "description"),
        ({**BASE, "description": "a\u0000b"}, "description"),
        ({**BASE, "aggregationType": 5}, "aggregationType"),
    ],
)
async def test_create_errors_are_400_and_store_nothing(client, merchant, body, fragment):
    response = await create(client, merchant, **body)
    assert response.status_code == 400
    assert fragment in (await response.get_json())["error"]
    assert await Metric.filter(merchant_id=merchant.id).count() == 0


@pytest.mark.parametrize(
    "body",
    [{"name": ""}, {"queryType": "sql"}, {"description": 5}, {"description": "\u0000"}],
)
async def test_update_errors_are_400(client, merchant, body):
    created = await made(client, merchant)
    response = await update(client, merchant, created["id"], **body)
    assert response.status_code == 400
    assert isinstance((await response.get_json())["error"], str)
    assert (await Metric.get(id=created["id"])).name == "API calls"


@pytest.mark.parametrize("path", ["/v1/metrics", "/v1/metrics/{id}/update"])
async def test_odd_bodies_never_fail(client, merchant, path):
    metric = await made(client, merchant)
    path = path.format(id=metric["id"])
    fields = (
        "name",
        "description",
        "queryType",
        "aggregationType",
        "eventName",
        "valueType",
        "customQuery",
    )
    bodies = [None, {}, [], "text", 0, *({field: v for field in fields} for v in ODD_VALUES)]
    bodies += [{**BASE, field: v} for field in fields for v in ODD_VALUES]
    for body in bodies:
        response = await client.post(path, json=body, headers=merchant.headers)
        assert response.status_code < 500, (body, await response.get_data())
        if response.status_code >= 400:
            assert isinstance((await response.get_json())["error"], str)
