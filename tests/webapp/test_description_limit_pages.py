"""The plan and metric forms refuse a description over 500 characters in place (the field's
error, with its length), store nothing, and give the textarea ``maxlength`` so a browser stops
typing at the limit."""

from billing.catalog.models import Metric, Plan
from tests.support.webapp.catalog_pages import html_of, post_form, signed_up
from tests.support.webapp.plan_pages import wizard


async def test_plan_form_refuses_a_long_description_in_place(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    page = await html_of(await client.get("/dashboard/plans/new"))
    assert 'maxlength="500"' in page
    form = wizard(token, plan_description="d" * 501)
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 422
    html = await html_of(response)
    assert "Keep the description to 500 characters or fewer (this one has 501)" in html
    assert not await Plan.filter(merchant_id=merchant_id).exists()


async def test_metric_form_refuses_a_long_description_in_place(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = {
        "csrf_token": token,
        "name": "Storage",
        "event_name": "storage.used",
        "aggregation_type": "COUNT",
        "value_type": "NUMERIC",
        "query_type": "simple",
        "description": "d" * 600,
    }
    response = await client.post("/dashboard/metrics/new", form=form)
    assert response.status_code == 422
    assert "Keep the description to 500 characters or fewer (this one has 600)" in (
        await html_of(response)
    )
    assert not await Metric.filter(merchant_id=merchant_id).exists()
