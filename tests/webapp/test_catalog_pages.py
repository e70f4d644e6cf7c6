"""Catalog pages through the in-process client: forms, service errors on fields, HTMX
fragments, 303 after writes, tenant isolation and money parsing."""

import pytest

from billing.catalog import features
from billing.catalog.models import Feature, Metric
from tests.support.webapp.catalog_pages import HX, html_of, signed_up
from webapp.forms.money import format_money, to_cents


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("29", 2900),
        ("29.00", 2900),
        ("0.29", 29),
        ("19.99", 1999),
        ("1,299.50", 129950),
        ("", None),
        ("-5", -500),
        (" 7.1 ", 710),
    ],
)
def test_amounts_convert_to_exact_cents(text, cents):
    assert to_cents(text) == cents


@pytest.mark.parametrize("text", ["abc", "1.005", "NaN", "inf", "1e400", "12.3.4"])
def test_non_amounts_are_refused(text):
    with pytest.raises(ValueError):
        to_cents(text)


def test_money_is_formatted_with_the_currency():
    assert format_money(2900, "USD") == "$29.00"
    assert format_money(123456, "EUR") == "€1,234.56"
    assert format_money(500, "CHF") == "5.00 CHF"


# Features -----------------------------------------------------------------------------------


async def test_feature_create_list_search_edit_delete(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    page = await html_of(await client.get("/dashboard/features"))
    assert "No features yet" in page

    response = await client.post(
        "/dashboard/features/new",
        form={
            "csrf_token": token,
            "display_name": "Team members",
            "slug": "team-members",
            "feature_type": "number",
            "feature_value": "10",
        },
    )
    assert response.status_code == 303
    feature = await Feature.scoped(merchant_id).get(slug="team-members")
    assert feature.default_value == 10 and feature.feature_type == "number"
    await features.create_feature(merchant_id, slug="sso", display_name="Single sign-on")

    page = await html_of(await client.get("/dashboard/features"))
    assert "Feature “Team members” created." in page
    assert "team-members" in page and "sso" in page

    fragment = await html_of(await client.get("/dashboard/features?search=team", headers=HX))
    assert fragment.startswith('<div id="features-results">')
    assert "team-members" in fragment and "Single sign-on" not in fragment
    none = await html_of(await client.get("/dashboard/features?search=zzz", headers=HX))
    assert "No features match “zzz”" in none

    response = await client.post(
        f"/dashboard/features/{feature.id}/edit",
        form={
            "csrf_token": token,
            "display_name": "Seats",
            "slug": "seats",
            "feature_type": "number",
            "feature_value": "25",
        },
    )
    assert response.status_code == 303
    await feature.refresh_from_db()
    assert (feature.display_name, feature.slug, feature.default_value) == ("Seats", "seats", 25)

    confirm = await html_of(await client.get(f"/dashboard/features/{feature.id}/delete"))
    assert "Delete “Seats”?" in confirm
    response = await client.post(
        f"/dashboard/features/{feature.id}/delete",
        form={"csrf_token": token, "search": "s"},
        headers=HX,
    )
    assert response.status_code == 200
    fragment = await html_of(response)
    assert "deleted" in fragment and 'id="feature-' in fragment  # sso still matches "s"
    assert await Feature.scoped(merchant_id).filter(slug="seats").count() == 0


async def test_feature_errors_show_on_their_fields(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    await features.create_feature(merchant_id, slug="sso", display_name="SSO")
    base = {"csrf_token": token, "display_name": "Another", "feature_type": "boolean"}
    response = await client.post("/dashboard/features/new", form={**base, "slug": "sso"})
    assert response.status_code == 422
    html = await html_of(response)
    assert "A feature with this slug already exists" in html
    assert (
        'id="slug" aria-describedby="slug-help" aria-invalid="true"'
        in html.replace(' autocomplete="off"', "")
        or 'aria-invalid="true"' in html
    )
    response = await client.post("/dashboard/features/new", form={**base, "slug": "Bad Slug"})
    assert "Slug must be 1-100 characters" in await html_of(response)
    response = await client.post(
        "/dashboard/features/new", form={**base, "slug": "ok", "feature_value": "maybe"}
    )
    assert "For a switch, enter on or off" in await html_of(response)
    assert await Feature.scoped(merchant_id).count() == 1


async def test_another_merchants_feature_is_not_found(client, sign_up, make_merchant):
    other = await make_merchant()
    theirs = await features.create_feature(other.id, slug="theirs", display_name="Theirs")
    _, token = await signed_up(sign_up)
    for path in (
        f"/dashboard/features/{theirs.id}/edit",
        f"/dashboard/features/{theirs.id}/delete",
    ):
        response = await client.get(path)
        assert response.status_code == 303
    response = await client.post(
        f"/dashboard/features/{theirs.id}/delete", form={"csrf_token": token}
    )
    assert response.status_code == 303
    assert "Feature not found or access denied" in await html_of(
        await client.get("/dashboard/features")
    )
    assert (await Feature.get(id=theirs.id)).deleted_at is None


# Metrics ------------------------------------------------------------------------------------


async def test_metric_create_edit_delete_keeps_fixed_fields(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    assert "No metrics yet" in await html_of(await client.get("/dashboard/metrics"))
    response = await client.post(
        "/dashboard/metrics/new",
        form={
            "csrf_token": token,
            "name": "API calls",
            "event_name": "api.request",
            "aggregation_type": "COUNT",
            "value_type": "NUMERIC",
            "query_type": "simple",
            "description": "",
            "custom_query": "",
        },
    )
    assert response.status_code == 303
    metric = await Metric.scoped(merchant_id).get(event_name="api.request")

    edit = await html_of(await client.get(f"/dashboard/metrics/{metric.id}/edit"))
    assert 'name="aggregation_type"' not in edit and 'name="value_type"' not in edit
    assert "cannot change after creation" in edit

    response = await client.post(
        f"/dashboard/metrics/{metric.id}/edit",
        form={
            "csrf_token": token,
            "name": "API requests",
            "description": "All calls",
            "query_type": "simple",
            "custom_query": "",
            "aggregation_type": "SUM",
        },
    )
    assert response.status_code == 303
    await metric.refresh_from_db()
    assert (metric.name, metric.aggregation_type) == ("API requests", "COUNT")

    response = await client.post(
        f"/dashboard/metrics/{metric.id}/delete", form={"csrf_token": token}
    )
    assert response.status_code == 303
    assert "No metrics yet" in await html_of(await client.get("/dashboard/metrics"))


async def test_metric_errors_show_on_their_fields(client, sign_up):
    _, token = await signed_up(sign_up)
    form = {
        "csrf_token": token,
        "name": "Storage",
        "event_name": "Bad Name",
        "aggregation_type": "SUM",
        "value_type": "STRING",
        "query_type": "simple",
    }
    response = await client.post("/dashboard/metrics/new", form=form)
    assert response.status_code == 422
    assert "Event name must be 1-200 characters" in await html_of(response)
    response = await client.post("/dashboard/metrics/new", form={**form, "event_name": "gb"})
    assert "Sum of the events&#39; values needs the value type Number" in await html_of(response)
