"""Descriptions are a line or two on a card, not documents: 500 characters at most for a plan
(create, edit, new version) and a metric, refused above that with a 400 that names the field
and stores nothing; exactly 500 is fine."""

from billing.catalog.models import Metric, Plan
from tests.support.api.plans_create import post

LONG = "x" * 501
FULL = "y" * 500


async def test_plan_description_over_500_is_refused_and_stores_nothing(client, merchant):
    status, body = await post(client, merchant, {"planName": "Pro", "planDescription": LONG})
    assert status == 400
    assert "planDescription" in body["error"] and "500" in body["error"]
    assert not await Plan.filter(merchant_id=merchant.id).exists()


async def test_plan_description_of_500_is_kept(client, merchant):
    status, body = await post(client, merchant, {"planName": "Pro", "planDescription": FULL})
    assert status in (200, 201), body
    assert (await Plan.get(merchant_id=merchant.id)).plan_description == FULL


async def test_plan_edit_and_new_version_refuse_a_long_description(client, merchant):
    status, body = await post(client, merchant, {"planName": "Pro", "planDescription": "Short"})
    plan_id = body["plans"][0]["id"]
    for path in (f"/v1/plans/{plan_id}/edit", f"/v1/plans/{plan_id}"):
        response = await client.post(path, json={"planDescription": LONG}, headers=merchant.headers)
        assert response.status_code == 400, path
        assert "planDescription" in (await response.get_json())["error"]
    plans = await Plan.filter(merchant_id=merchant.id)
    assert [p.plan_description for p in plans] == ["Short"]


async def test_metric_description_over_500_is_refused(client, merchant):
    body = {
        "name": "API calls",
        "eventName": "api.request",
        "aggregationType": "COUNT",
        "description": LONG,
    }
    response = await client.post("/v1/metrics", json=body, headers=merchant.headers)
    assert response.status_code == 400
    assert "description" in (await response.get_json())["error"]
    assert not await Metric.filter(merchant_id=merchant.id).exists()
