"""Every field error in one round (issue 19, point 10): a form with two bad fields shows both
at once, including the services' own rules (a slug's format, a slug already taken), instead
of reporting the second only after the first is fixed. Nothing is stored meanwhile."""

from billing.catalog import features, pricing_tables
from billing.catalog.models import Feature, Plan, PricingTable
from tests.support.webapp.catalog_pages import HX, html_of, post_form, signed_up
from tests.support.webapp.plan_pages import wizard

SLUG_RULE = "Slug must be 1-100 characters of lowercase letters"
TABLE_SLUG_RULE = "Slug must be lowercase letters, digits and single hyphens"


async def test_feature_form_reports_name_and_slug_together(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = {"csrf_token": token, "display_name": "", "slug": "Bad Slug!",
            "feature_type": "number", "feature_value": "lots"}  # fmt: skip
    response = await post_form(client, "/dashboard/features/new", form, HX)
    html = await html_of(response)
    assert response.status_code == 422
    assert "Give the feature a name" in html
    assert SLUG_RULE in html
    assert "For a limit, enter a number like 10 or 2.5" in html

    await features.create_feature(merchant_id, slug="seats", display_name="Seats")
    taken = {**form, "slug": "seats", "feature_value": "5"}
    html = await html_of(await post_form(client, "/dashboard/features/new", taken, HX))
    assert "Give the feature a name" in html
    assert "A feature with this slug already exists" in html
    assert await Feature.scoped(merchant_id).count() == 1


async def test_feature_edit_reports_a_taken_slug_with_the_other_errors(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    await features.create_feature(merchant_id, slug="seats", display_name="Seats")
    sso = await features.create_feature(merchant_id, slug="sso", display_name="SSO")
    form = {"csrf_token": token, "display_name": "", "slug": "seats", "feature_type": "boolean"}
    response = await post_form(client, f"/dashboard/features/{sso.id}/edit", form, HX)
    html = await html_of(response)
    assert response.status_code == 422
    assert "Give the feature a name" in html and "A feature with this slug already exists" in html
    keep = {**form, "display_name": "Single sign-on", "slug": "sso"}  # its own slug is fine
    assert (await post_form(client, f"/dashboard/features/{sso.id}/edit", keep)).status_code == 303


async def test_pricing_table_form_reports_name_and_slug_together(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = {"csrf_token": token, "name": "", "slug": "Pro Plans"}
    response = await post_form(client, "/dashboard/pricing-tables/new", form, HX)
    html = await html_of(response)
    assert response.status_code == 422
    assert "Give the table a name" in html and TABLE_SLUG_RULE in html

    await pricing_tables.create_table(merchant_id, name="Website", slug="website")
    count = await PricingTable.scoped(merchant_id).count()
    taken = {**form, "slug": "website"}
    html = await html_of(await post_form(client, "/dashboard/pricing-tables/new", taken, HX))
    assert "Give the table a name" in html
    assert "A pricing table with this slug already exists" in html
    assert await PricingTable.scoped(merchant_id).count() == count


async def test_pricing_table_settings_report_every_error(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    await pricing_tables.create_table(merchant_id, name="Website", slug="website")
    other = await pricing_tables.create_table(merchant_id, name="Other", slug="other")
    form = {"csrf_token": token, "name": "", "slug": "website", "is_active": "y"}
    path = f"/dashboard/pricing-tables/{other.table.id}/settings"
    html = await html_of(await post_form(client, path, form, HX))
    assert "Give the table a name" in html
    assert "A pricing table with this slug already exists" in html


async def test_plan_wizard_reports_every_error_at_once(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    await features.create_feature(merchant_id, slug="taken", display_name="Taken")
    form = wizard(
        token,
        plan_name="",
        trial_enabled="y",
        is_enterprise_plan="",
        enterprise_redirect_url="sales page",
        new_feature_name=["API calls", "Exports", "Seats"],
        new_feature_slug=["API Calls", "", "taken"],
        new_feature_kind=["switch", "switch", "switch"],
        new_feature_event=["", "", ""],
    )
    response = await post_form(client, "/dashboard/plans/new", form)
    html = await html_of(response)
    assert response.status_code == 422
    assert "Give the plan a name" in html
    assert "Trial length is required when the trial is enabled" in html
    assert "Contact sales link must be an http or https URL" in html
    assert "New feature 1: slug must be 1-100 characters" in html
    assert "New feature 2: slug is required" in html
    assert "New feature 3: A feature with this slug already exists" in html
    assert not await Plan.scoped(merchant_id).exists()
    assert await Feature.scoped(merchant_id).count() == 1


async def test_metric_form_reports_name_event_name_and_type_together(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = {"csrf_token": token, "name": "", "event_name": "API Request",
            "aggregation_type": "SUM", "value_type": "STRING", "query_type": "simple",
            "description": "", "custom_query": "", "property_filters": ""}  # fmt: skip
    response = await post_form(client, "/dashboard/metrics/new", form, HX)
    html = await html_of(response)
    assert response.status_code == 422
    assert "Give the metric a name" in html
    assert "Event name must be 1-200 characters of lowercase letters" in html
    assert "Sum of the events&#39; values needs the value type Number" in html


async def test_customer_form_reports_email_and_country_together(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = {"csrf_token": token, "email": "not-an-email", "billing_country": "D1"}
    response = await post_form(client, "/dashboard/customers/new", form, HX)
    html = await html_of(response)
    assert response.status_code == 422
    assert "must be a valid email address" in html
    assert "Country must be a two-letter ISO 3166 country code" in html
