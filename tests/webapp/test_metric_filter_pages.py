"""The dashboard metric form's property filters: typed as JSON, stored, shown again on edit,
cleared when emptied, and errors shown on the field."""

import html

from billing.catalog.models import Metric
from tests.support.webapp.catalog_pages import html_of, signed_up

FORM = {
    "name": "Pro calls",
    "event_name": "api.request",
    "aggregation_type": "COUNT",
    "value_type": "NUMERIC",
    "query_type": "simple",
    "description": "",
    "custom_query": "",
}


async def test_filters_are_created_shown_and_cleared(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    response = await client.post(
        "/dashboard/metrics/new",
        form={**FORM, "csrf_token": token, "property_filters": '{"plan": "pro", "beta": true}'},
    )
    assert response.status_code == 303, await html_of(response)
    metric = await Metric.scoped(merchant_id).get(event_name="api.request")
    assert metric.property_filters == {"plan": "pro", "beta": True}

    edit = html.unescape(await html_of(await client.get(f"/dashboard/metrics/{metric.id}/edit")))
    assert '{"beta": true, "plan": "pro"}' in edit  # as stored (jsonb orders the keys)

    edit_form = {k: FORM[k] for k in ("name", "description", "query_type", "custom_query")}
    response = await client.post(
        f"/dashboard/metrics/{metric.id}/edit",
        form={**edit_form, "csrf_token": token, "property_filters": "  "},
    )
    assert response.status_code == 303
    await metric.refresh_from_db()
    assert metric.property_filters == {}


async def test_filter_errors_show_on_the_field(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    cases = [
        ("{plan: pro}", "Property filters must be a JSON object"),
        ('["pro"]', "Property filters must be an object"),
        ('{"a.b": "x"}', "Property filters keys must be"),
        ('{"plan": {"tier": 1}}', "Property filters values must be strings"),
        ("[" * 5000, "Property filters must be a JSON object"),
    ]
    for text, message in cases:
        response = await client.post(
            "/dashboard/metrics/new",
            form={**FORM, "csrf_token": token, "property_filters": text},
        )
        assert response.status_code == 422, text
        assert message in html.unescape(await html_of(response)), text
    assert await Metric.scoped(merchant_id).count() == 0


async def test_filters_typed_for_another_query_type_are_ignored(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    response = await client.post(
        "/dashboard/metrics/new",
        form={
            **FORM,
            "csrf_token": token,
            "query_type": "indexed",
            "property_filters": '{"plan": "pro"}',
        },
    )
    assert response.status_code == 303
    metric = await Metric.scoped(merchant_id).get(event_name="api.request")
    assert (metric.query_type, metric.property_filters) == ("indexed", {})
