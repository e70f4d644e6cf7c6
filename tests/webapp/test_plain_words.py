"""Merchants read plain words: service messages without developer wording, money typed and
shown as 49.00, stored codes named (Count, VAT), currencies named beside their codes."""

from decimal import Decimal

import pytest

from billing.catalog import metrics
from billing.catalog.models import Feature, Plan
from billing.tax.models import TaxConfig, TaxRateDefinition, TaxRegistration
from tests.support.factories.subscriptions import make_customer
from tests.support.webapp.catalog_pages import HX, html_of, post_form, signed_up
from webapp.forms.plain_words import plain

DEVELOPER_WORDS = ("cents", "Cents", "9007199254740991", "README", "camelCase")


def main_of(html: str) -> str:
    """The page's own content (not the layout), where the merchant reads messages."""
    return html.split("<main", 1)[-1]


@pytest.mark.parametrize(
    ("message", "shown"),
    [
        (
            "amount must be a non-negative integer amount in cents",
            "Amount must be between 0.00 and 10,000,000,000.00, typed like 49.00",
        ),
        (
            "subtotalCents must be a whole number of cents, 0 or more",
            "Line amount must be 0.00 or more, like 49.00",
        ),
        (
            "featureValue must be a finite number between -9007199254740991 and 9007199254740991",
            "Feature value must be a number of at most 15 digits",
        ),
        ("startDate must not be after endDate", "Start date must not be after end date"),
        (
            "startDate must be an ISO 8601 datetime such as 2025-01-31T00:00:00Z",
            "Start date must be a date like 2026-01-31 (a time may follow: 2026-01-31T09:00:00Z)",
        ),
        ('A plan named "growthPlan" exists', 'A plan named "growthPlan" exists'),
        ("sub_4fGhT2 is already cancelled", "sub_4fGhT2 is already cancelled"),
    ],
)
def test_service_messages_read_plainly(message, shown):
    assert plain(message) == shown


async def test_a_negative_price_is_explained_without_cents(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = {"csrf_token": token, "plan_name": "Pro", "currency": "USD", "monthly_price": "-5",
            "yearly_price": "", "trial_days": "", "plan_description": ""}  # fmt: skip
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 422
    html = main_of(await html_of(response))
    assert "Monthly price must be between 0.00 and 10,000,000,000.00, typed like 49.00" in html
    assert not any(word in html for word in DEVELOPER_WORDS)
    assert await Plan.scoped(merchant_id).count() == 0


@pytest.mark.parametrize("typed", ["49", "49.00", "49.0"])
async def test_money_is_typed_and_shown_as_49_00(client, sign_up, typed):
    merchant_id, token = await signed_up(sign_up)
    form = {"csrf_token": token, "plan_name": "Pro", "currency": "USD", "monthly_price": typed,
            "yearly_price": "", "trial_days": "", "plan_description": ""}  # fmt: skip
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 303, await html_of(response)
    plan = await Plan.scoped(merchant_id).get(plan_name="Pro")
    page = await html_of(await client.get(f"/dashboard/plans/{plan.stable_plan_id}"))
    assert "$49.00 / month" in page
    edit = await html_of(await client.get(f"/dashboard/plans/{plan.stable_plan_id}/edit"))
    assert 'value="49.00"' in edit


async def test_a_too_large_limit_names_no_raw_number(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = {"csrf_token": token, "display_name": "Seats", "slug": "seats",
            "feature_type": "number", "feature_value": "100000000000000000000"}  # fmt: skip
    response = await client.post("/dashboard/features/new", form=form)
    assert response.status_code == 422
    html = main_of(await html_of(response))
    assert "Default value must be a number of at most 15 digits" in html
    assert not any(word in html for word in DEVELOPER_WORDS)
    assert await Feature.scoped(merchant_id).count() == 0


async def test_tax_page_and_preview_speak_plainly(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    page = main_of(await html_of(await client.get("/dashboard/tax")))
    assert "README" not in page and "nexus" in page
    form = {"csrf_token": token, "customer": "", "currency": "USD", "amount": "",
            "lines-0-description": "Seats", "lines-0-amount": "-5"}  # fmt: skip
    response = await post_form(client, "/dashboard/tax/preview", form, HX)
    html = await html_of(response)
    assert response.status_code == 422, html
    assert not any(word in html for word in DEVELOPER_WORDS)


async def test_stored_codes_are_shown_in_words(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    await metrics.create_metric(
        merchant_id, name="API calls", event_name="api.call", aggregation_type="COUNT"
    )
    await metrics.create_metric(
        merchant_id, name="Peak seats", event_name="seats", aggregation_type="MAX"
    )
    listing = await html_of(await client.get("/dashboard/metrics"))
    assert "<td>Count</td>" in listing and "<td>Maximum</td>" in listing
    assert ">COUNT<" not in listing and ">MAX<" not in listing

    await TaxRegistration.create(
        merchant_id=merchant_id, jurisdiction="DE", registration_number="DE123",
        registration_type="vat", effective_date="2026-01-01",
    )  # fmt: skip
    await TaxConfig.create(merchant_id=merchant_id, auto_tax_calculation=True)
    await TaxRateDefinition.create(
        merchant_id=merchant_id, name="DE VAT", tax_rate=Decimal("0.19"), jurisdiction="DE"
    )
    tax = await html_of(await client.get("/dashboard/tax"))
    assert "<td>VAT</td>" in tax and "<td>vat</td>" not in tax
    customer = await make_customer(merchant_id)
    customer.billing_country = "DE"
    await customer.save()
    form = {"csrf_token": token, "customer": customer.id, "amount": "100", "currency": "EUR"}
    preview = await html_of(await post_form(client, "/dashboard/tax/preview", form, HX))
    assert "<tr><td>VAT</td>" in preview, preview


async def test_currencies_are_named_beside_their_codes(client):
    page = await html_of(await client.get("/signup"))
    assert '<option selected value="USD">USD — US dollar</option>' in page
    assert ">EUR — Euro</option>" in page and ">JPY — Japanese yen</option>" in page
