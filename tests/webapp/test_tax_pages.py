"""The Tax page through the in-process client: settings, a nexus row saved in place, rate
definitions (create, edit, deactivate), registrations, the preview, errors and isolation."""

from decimal import Decimal

from billing.tax.models import TaxConfig, TaxNexus, TaxRateDefinition, TaxRegistration
from tests.support.factories.subscriptions import make_customer
from tests.support.webapp.catalog_pages import HX, html_of, post_form, signed_up


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


def nexus_form(token: str, **states: dict) -> dict:
    """The whole nexus table as the page posts it: every state, the given ones filled in."""
    from billing.tax.us_states import STATES

    form = {"csrf_token": token, "state": list(STATES)}
    for code, values in states.items():
        form.update({f"{name}-{code}": value for name, value in values.items()})
    return form


async def test_nexus_table_saves_with_one_action(client, sign_up, make_merchant):
    """Issue 19, point 9: one form and one Save for the whole table, with a confirmation."""
    merchant_id, token = await signed_up(sign_up)
    page = await html_of(await client.get("/dashboard/tax"))
    assert page.count('id="nexus-form"') == 1 and page.count(">Save nexus</button>") == 1
    assert 'name="is_active-CA"' in page and ">Save</button>" not in page
    on = {"is_active": "on"}
    form = nexus_form(token, CA=on, NY=on, WA={**on, "effective_date": "2026-01-01"})
    response = await post_form(client, "/dashboard/tax/nexus", form, HX)
    html = await html_of(response)
    assert response.status_code == 200
    assert html.lstrip().startswith('<article id="nexus"')
    assert "Saved: nexus in 3 states (CA, NY, WA)." in html
    assert 'id="nexus-WA" class="nexus-on"' in html
    stored = {row.state: row for row in await TaxNexus.filter(merchant_id=merchant_id)}
    assert sorted(stored) == ["CA", "NY", "WA"]  # states left off get no row
    assert stored["WA"].effective_date.isoformat() == "2026-01-01"

    off = await post_form(client, "/dashboard/tax/nexus", nexus_form(token, CA=on), HX)
    assert "Saved: nexus in 1 state (CA)." in await html_of(off)
    assert not (await TaxNexus.get(merchant_id=merchant_id, state="NY")).is_active

    plain = await post_form(client, "/dashboard/tax/nexus", nexus_form(token, TX=on))
    assert plain.status_code == 303 and plain.headers["Location"].endswith("#nexus")
    other = await make_merchant("Other Co")
    assert not await TaxNexus.filter(merchant_id=other.id).exists()


async def test_a_bad_nexus_row_saves_nothing_and_says_which(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    on = {"is_active": "on"}
    form = nexus_form(token, CA=on, TX={**on, "effective_date": "soon"})
    response = await post_form(client, "/dashboard/tax/nexus", form, HX)
    html = await html_of(response)
    assert response.status_code == 422
    assert "Nothing was saved: correct the states marked below." in html
    assert 'id="nexus-TX-error">Effective from must be a date such as 2026-01-31' in html
    assert "effectiveDate" not in html
    assert not await TaxNexus.filter(merchant_id=merchant_id).exists()
    bad_state = {**nexus_form(token, CA=on), "state": ["CA", "ZZ"]}
    response = await post_form(client, "/dashboard/tax/nexus", bad_state, HX)
    assert response.status_code == 422
    assert not await TaxNexus.filter(merchant_id=merchant_id).exists()


async def test_rate_jurisdiction_offers_codes_and_refuses_names(client, sign_up):
    """Issue 19, point 9: "California" was stored and never matched a customer."""
    merchant_id, token = await signed_up(sign_up)
    page = await html_of(await client.get("/dashboard/tax"))
    assert '<datalist id="rate-jurisdictions">' in page
    assert '<option value="US-CA">US-CA — California</option>' in page
    assert '<option value="DE">DE — Germany</option>' in page
    assert 'list="rate-jurisdictions"' in page
    form = {"csrf_token": token, "name": "California", "rate": "7.25",
            "jurisdiction": "California", "category": "", "description": ""}  # fmt: skip
    response = await post_form(client, "/dashboard/tax/rates", form, HX)
    assert response.status_code == 422
    assert "Enter the code US-CA for California, not its name." in await html_of(response)
    unknown = await post_form(client, "/dashboard/tax/rates", {**form, "jurisdiction": "ZZ"}, HX)
    assert "is not a jurisdiction Tax can match" in await html_of(unknown)
    assert not await TaxRateDefinition.filter(merchant_id=merchant_id).exists()
    city = {**form, "jurisdiction": "us-ca-San Francisco"}
    assert (await post_form(client, "/dashboard/tax/rates", city, HX)).status_code == 200
    saved = await TaxRateDefinition.get(merchant_id=merchant_id)
    assert saved.jurisdiction == "US-CA-San Francisco"


async def test_registration_jurisdiction_is_a_country_or_eu(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    page = await html_of(await client.get("/dashboard/tax"))
    assert '<option value="EU">EU — European Union (One-Stop Shop)</option>' in page
    form = {"csrf_token": token, "jurisdiction": "US", "registration_number": "1",
            "registration_type": "vat", "effective_date": "2026-01-01"}  # fmt: skip
    response = await post_form(client, "/dashboard/tax/registrations", form, HX)
    assert response.status_code == 422
    assert "turn on nexus per state in US nexus below" in await html_of(response)
    assert not await TaxRegistration.filter(merchant_id=merchant_id).exists()


async def test_every_id_on_the_tax_page_is_unique(client, sign_up):
    """Issue 19, point 9: two inputs shared id="jurisdiction", so a label focused the
    wrong field."""
    import re

    await signed_up(sign_up)
    page = await html_of(await client.get("/dashboard/tax"))
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert [i for i in set(ids) if ids.count(i) > 1] == []
    assert 'for="rate-jurisdiction"' in page and 'for="registration-jurisdiction"' in page
    for target in re.findall(r'<label for="([^"]+)"', page):
        assert f'id="{target}"' in page


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
    html = await html_of(response)
    assert response.status_code == 200 and "DE1" in html
    assert "<td>Jan 1, 2026</td><td>—</td>" in html  # the dashboard's one date style
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
    assert 'id="tax-reason"' not in html  # taxed as configured: nothing to explain
    lines = {**form, "amount": "", "lines-0-description": "A", "lines-0-amount": "10",
             "lines-1-description": "B", "lines-1-amount": "20"}  # fmt: skip
    html = await html_of(await post_form(client, "/dashboard/tax/preview", lines, HX))
    assert 'id="tax-taxable">$30.00' in html
    empty = await post_form(client, "/dashboard/tax/preview", {**form, "amount": ""}, HX)
    assert empty.status_code == 422
    assert "Enter an amount or at least one line item" in await html_of(empty)


async def preview_of(client, token: str, customer_id: str) -> str:
    form = {"csrf_token": token, "customer": customer_id, "amount": "100", "currency": "USD"}
    return await html_of(await post_form(client, "/dashboard/tax/preview", form, HX))


async def test_preview_says_why_no_tax_applies(client, sign_up):
    """Issue 19, point 9: "No tax applies" now names the engine's reason."""
    merchant_id, token = await signed_up(sign_up)
    customer = await make_customer(merchant_id)
    customer.billing_country, customer.billing_postal_code = "US", "94105"
    await customer.save()
    html = await preview_of(client, token, customer.id)
    assert "No tax applies.</strong> Automatic tax calculation is off and no default" in html
    config = await TaxConfig.create(merchant_id=merchant_id, auto_tax_calculation=True)
    html = await preview_of(client, token, customer.id)
    assert "No tax applies.</strong> No nexus in California (US-CA)." in html
    await TaxNexus.create(merchant_id=merchant_id, state="CA")
    html = await preview_of(client, token, customer.id)
    assert "Nexus in California (US-CA), but no active rate for US-CA." in html
    customer.billing_country, customer.billing_postal_code = "DE", "10115"
    await customer.save()
    html = await preview_of(client, token, customer.id)
    assert "No registration in force for Germany (DE) or the EU." in html
    config.auto_tax_calculation, config.default_tax_rate = False, Decimal("0.1")
    await config.save()
    html = await preview_of(client, token, customer.id)
    assert "so the default rate applies to everything." in html and "$10.00" in html


async def test_onboarding_links_to_tax_and_marks_it_done(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    checklist = await html_of(await client.get("/dashboard"))
    assert 'href="/dashboard/tax" class="checklist-link">Set up tax<' in checklist
    await post_form(client, "/dashboard/tax/settings", {"csrf_token": token, "auto": "y"})
    checklist = await html_of(await client.get("/dashboard"))
    assert 'class="checklist-link">Set up tax<' not in checklist
