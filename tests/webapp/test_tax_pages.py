"""The Tax page through the in-process client: settings, a nexus row saved in place, rate
definitions (create, edit, deactivate), registrations, the preview, errors and isolation."""

from decimal import Decimal

from billing.tax.models import TaxConfig, TaxNexus, TaxRateDefinition, TaxRegistration
from tests.subscription_factories import make_customer
from tests.webapp.test_catalog_pages import HX, html_of, post_form, signed_up


async def test_page_lists_every_state_and_empty_sections(client, sign_up):
    await signed_up(sign_up)
    page = await html_of(await client.get("/dashboard/tax"))
    assert 'id="nexus-CA"' in page and 'id="nexus-PR"' in page and 'id="nexus-DC"' in page
    assert "No rate definitions yet" in page and "No registrations" in page
    assert 'aria-current="page">Tax<' in page


async def test_settings_take_a_percentage(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = {"csrf_token": token, "auto": "y", "default_rate": "8.75"}
    response = await post_form(client, "/dashboard/tax/settings", form)
    assert response.status_code == 303
    config = await TaxConfig.get(merchant_id=merchant_id)
    assert config.auto_tax_calculation and config.default_tax_rate == Decimal("0.0875")
    page = await html_of(await client.get("/dashboard/tax"))
    assert 'value="8.75"' in page
    bad = await post_form(client, "/dashboard/tax/settings", {**form, "default_rate": "8.755"}, HX)
    assert bad.status_code == 422
    assert "at most two decimals" in await html_of(bad)
    assert (await TaxConfig.get(merchant_id=merchant_id)).default_tax_rate == Decimal("0.0875")


async def test_nexus_row_saves_in_place(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = {"csrf_token": token, "is_active": "on", "effective_date": "2026-01-01"}
    response = await post_form(client, "/dashboard/tax/nexus/WA", form, HX)
    html = await html_of(response)
    assert response.status_code == 200
    assert html.lstrip().startswith('<tr id="nexus-WA" class="nexus-on">')
    nexus = await TaxNexus.get(merchant_id=merchant_id, state="WA")
    assert nexus.is_active and nexus.effective_date.isoformat() == "2026-01-01"
    off = await post_form(client, "/dashboard/tax/nexus/WA", {"csrf_token": token}, HX)
    assert 'class="nexus-on"' not in await html_of(off)
    assert not (await TaxNexus.get(merchant_id=merchant_id, state="WA")).is_active
    assert (await post_form(client, "/dashboard/tax/nexus/ZZ", form, HX)).status_code == 404


async def test_rate_definitions_create_edit_deactivate(client, sign_up, make_merchant):
    merchant_id, token = await signed_up(sign_up)
    form = {"csrf_token": token, "name": "Washington", "rate": "6.5", "jurisdiction": "US-WA",
            "category": "", "description": ""}  # fmt: skip
    response = await post_form(client, "/dashboard/tax/rates", form, HX)
    assert "Washington" in await html_of(response) and "6.5 %" in await html_of(response)
    rate = await TaxRateDefinition.get(merchant_id=merchant_id)
    assert rate.tax_rate == Decimal("0.065")
    edit = await post_form(client, f"/dashboard/tax/rates/{rate.id}", {**form, "rate": "7"})
    assert edit.status_code == 303
    assert (await TaxRateDefinition.get(id=rate.id)).tax_rate == Decimal("0.07")
    bad = await post_form(client, "/dashboard/tax/rates", {**form, "rate": "101"}, HX)
    assert bad.status_code == 422 and "percentage from 0 to 100" in await html_of(bad)
    gone = await post_form(client, f"/dashboard/tax/rates/{rate.id}/deactivate", form, HX)
    assert "No rate definitions yet" in await html_of(gone)
    other = await make_merchant("Other Co")
    theirs = await TaxRateDefinition.create(merchant_id=other.id, name="T", tax_rate=Decimal("0.1"))
    assert (await client.get(f"/dashboard/tax/rates/{theirs.id}")).status_code == 404
    response = await post_form(client, f"/dashboard/tax/rates/{theirs.id}/deactivate", form)
    assert response.status_code == 404
    assert (await TaxRateDefinition.get(id=theirs.id)).is_active


async def test_registration_and_its_errors(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = {
        "csrf_token": token,
        "jurisdiction": "de",
        "registration_number": "DE1",
        "registration_type": "vat",
        "effective_date": "2026-01-01",
        "expiration_date": "",
    }
    response = await post_form(client, "/dashboard/tax/registrations", form, HX)
    assert response.status_code == 200 and "DE1" in await html_of(response)
    assert (await TaxRegistration.get(merchant_id=merchant_id)).jurisdiction == "DE"
    bad = {**form, "expiration_date": "2025-01-01"}
    response = await post_form(client, "/dashboard/tax/registrations", bad, HX)
    assert response.status_code == 422
    assert "must not be before" in await html_of(response)


async def test_preview_shows_the_breakdown(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    await TaxConfig.create(merchant_id=merchant_id, auto_tax_calculation=True)
    await TaxNexus.create(merchant_id=merchant_id, state="WA")
    await TaxRateDefinition.create(
        merchant_id=merchant_id, name="WA", tax_rate=Decimal("0.065"), jurisdiction="US-WA"
    )
    customer = await make_customer(merchant_id)
    customer.billing_country, customer.billing_postal_code = "US", "98101"
    await customer.save()
    form = {"csrf_token": token, "customer": customer.id, "amount": "100", "currency": "USD"}
    response = await post_form(client, "/dashboard/tax/preview", form, HX)
    html = await html_of(response)
    assert response.status_code == 200
    assert html.lstrip().startswith('<article id="tax-preview"')
    assert 'id="tax-amount"><strong>$6.50' in html and "US-WA" in html
    lines = {**form, "amount": "", "lines-0-description": "A", "lines-0-amount": "10",
             "lines-1-description": "B", "lines-1-amount": "20"}  # fmt: skip
    html = await html_of(await post_form(client, "/dashboard/tax/preview", lines, HX))
    assert 'id="tax-taxable">$30.00' in html
    empty = await post_form(client, "/dashboard/tax/preview", {**form, "amount": ""}, HX)
    assert empty.status_code == 422
    assert "Enter an amount or at least one line item" in await html_of(empty)


async def test_onboarding_links_to_tax_and_marks_it_done(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    checklist = await html_of(await client.get("/dashboard"))
    assert 'href="/dashboard/tax" class="checklist-link">Set up tax<' in checklist
    await post_form(client, "/dashboard/tax/settings", {"csrf_token": token, "auto": "y"})
    checklist = await html_of(await client.get("/dashboard"))
    assert 'class="checklist-link">Set up tax<' not in checklist
