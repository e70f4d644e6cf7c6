"""Merchants read plain words: service errors in the dashboard's words by their code (not the
API's developer wording), money typed and shown as 49.00, stored codes named (Count, VAT),
currencies named beside their codes."""

import ast
import re
from decimal import Decimal
from pathlib import Path

import pytest

from billing.catalog import metrics
from billing.catalog.models import Feature, Plan
from billing.core.errors import Invalid, ServiceError
from billing.tax.models import TaxConfig, TaxRateDefinition, TaxRegistration
from tests.support.billing.core.error_sites import raise_sites
from tests.support.factories.subscriptions import make_customer
from tests.support.webapp.catalog_pages import HX, html_of, post_form, signed_up
from webapp.forms import error_words
from webapp.forms import plans as plan_forms
from webapp.forms import prices as price_forms
from webapp.forms.payment_providers import ProviderAForm, ProviderBForm
from webapp.forms.payments import RefundForm
from webapp.pages import usage
from webapp.portal import words as portal_words

DEVELOPER_WORDS = ("cents", "Cents", "9007199254740991", "README", "camelCase")


def main_of(html: str) -> str:
    """The page's own content (not the layout), where the merchant reads messages."""
    return html.split("<main", 1)[-1]


@pytest.mark.parametrize(
    ("error", "shown"),
    [
        (
            Invalid(
                "amount must be a non-negative integer amount in cents",
                code="amount_not_cents",
                field="amount",
            ),
            "Amount must be between 0.00 and 10,000,000,000.00, typed like 49.00",
        ),
        (
            Invalid(
                "subtotalCents must be a whole number of cents, 0 or more",
                code="cents_not_whole",
                field="subtotalCents",
            ),
            "Line amount must be 0.00 or more, like 49.00",
        ),
        (
            Invalid(
                "featureValue must be a finite number between -9007199254740991 and "
                "9007199254740991",
                code="number_out_of_range",
                field="featureValue",
            ),
            "Feature value must be a number of at most 15 digits",
        ),
        (
            Invalid(
                "startDate must not be after endDate", code="dates_backwards", field="startDate"
            ),
            "Start date must not be after end date",
        ),
        (
            Invalid(
                "startDate must be an ISO 8601 datetime such as 2025-01-31T00:00:00Z",
                code="invalid_datetime",
                field="startDate",
            ),
            "Start date must be a date like 2026-01-31 (a time may follow: 2026-01-31T09:00:00Z)",
        ),
        (Invalid('A plan named "growthPlan" exists'), 'A plan named "growthPlan" exists'),
        (Invalid("sub_4fGhT2 is already cancelled"), "sub_4fGhT2 is already cancelled"),
        (
            Invalid("legalName must be at most 200 characters", code="too_long", field="legalName"),
            "Legal name must be at most 200 characters",
        ),
        (
            Invalid(
                "fromVersion: version 9 does not exist for this plan",
                code="version_not_found",
                field="fromVersion",
            ),
            "Version 9 does not exist for this plan",
        ),
    ],
)
def test_service_errors_read_plainly(error: ServiceError, shown):
    assert error_words.words(error) == shown


def test_a_form_label_names_the_field():
    error = Invalid("monthlyPrice must be a non-negative integer amount in cents",
                    code="amount_not_cents", field="monthlyPrice")  # fmt: skip
    shown = error_words.words(error, "Monthly price")
    assert shown == "Monthly price must be between 0.00 and 10,000,000,000.00, typed like 49.00"


def test_every_worded_code_is_raised_somewhere():
    """No dead words: each code the dashboard words is one a service raises."""
    raised = {site.code for site in raise_sites() if site.code}
    raised |= {f"invoice_{status}" for status in ("paid", "void", "draft")}  # retry_payment's
    tables = (error_words.WORDS, plan_forms.ROW_WORDS, portal_words.REFUSALS, usage.WORDS)
    assert {code for table in tables for code in table} - raised == set()


def test_an_unworded_error_shows_the_service_message():
    error = Invalid("Only an active subscription can be changed (this one is paused)")
    assert error_words.words(error) == error.message


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


def test_params_read_as_money_and_counted_rows():
    shown = error_words.values({"left_cents": 4900, "tier_index": 1, "mode": "live"}, "EUR")
    assert shown == {"left_cents": 4900, "left": "€49.00", "tier_index": 1, "tier": 2,
                     "mode": "live"}  # fmt: skip


def _refund_error(**params) -> Invalid:
    return Invalid("spec text", code="refund_more_than_left", field="amountCents", params=params)


def test_a_refund_over_what_is_left_is_said_in_money_next_to_the_amount():
    form = RefundForm()
    form.currency = "USD"
    error = _refund_error(amount_cents=5000, left_cents=3900, paid_cents=4900, refunded_cents=1000)
    assert form._route(error) == (
        "amount",
        "$50.00 is more than is left to refund on this payment: $39.00 of $49.00 "
        "($10.00 already refunded)",
    )
    partial = Invalid("spec text", code="refund_partial_at_b", field="amountCents",
                      params={"left_cents": 1900})  # fmt: skip
    assert form._route(partial) == (
        "amount",
        "This provider B payment names no product, which a partial refund there needs, so it "
        "can only be refunded in full: enter $19.00 or leave the amount empty",
    )


def test_a_key_of_the_other_mode_is_said_in_the_dashboards_words():
    error = Invalid("spec text", code="provider_a_key_other_mode", field="publicKey",
                    params={"kind": "pk", "mode": "test", "other": "live"})  # fmt: skip
    assert ProviderAForm()._route(error) == (
        "public_key",
        "Publishable key is a live key (pk_live_…), but you are in test mode: use a pk_test_ key "
        "here, or switch the dashboard to live mode to use the live key",
    )
    for key_mode, mode, switch in (("test", "live", "on"), ("live", "test", "off")):
        error = Invalid("spec text", code="provider_b_key_other_mode", field="secretKey",
                        params={"key_mode": key_mode, "mode": mode})  # fmt: skip
        assert ProviderBForm()._route(error) == (
            "secret_key",
            f"This is a {key_mode}-mode key, and you are in {mode} mode. Use a {mode}-mode key "
            f"here, or switch Test mode {switch} in the sidebar to save this one there.",
        )


def test_a_tiers_error_names_the_tier_counted_from_one():
    ascending = Invalid("Invalid pricing data configuration", code="tier_up_to_not_ascending",
                        details="tiers[1].upTo must be greater than the previous tier's upTo",
                        params={"tier_index": 1})  # fmt: skip
    assert price_forms.price_error(ascending) == (
        "Invalid pricing data configuration: tier 2.“up to” must be greater than the previous "
        "tier's “up to”"
    )
    amount = Invalid("Invalid pricing data configuration", code="amount_not_cents",
                     field="tiers[0]", details="tiers[0] must be a non-negative integer amount",
                     params={"tier_index": 0})  # fmt: skip
    assert price_forms.price_error(amount) == (
        "Invalid pricing data configuration: Tier 1 must be between 0.00 and "
        "10,000,000,000.00, typed like 49.00"
    )
    form = price_forms.TieredPriceForm()
    form.attach_error(ascending)
    assert form.tier_errors == [price_forms.price_error(ascending)] and not form.form_errors


def test_an_error_is_routed_by_its_field_not_its_words():
    """A message that names a form's field in words, but no field, goes above the form."""
    form = ProviderAForm()
    assert form._route(Invalid("Provider A could not check the secret key")) == (
        None,
        "Provider A could not check the secret key",
    )
    assert form._route("Provider A accepted the keys") == (None, "Provider A accepted the keys")


WEBAPP = Path(__file__).resolve().parents[2] / "webapp"
ERROR_TEXT = re.compile(r"error|message|shown|details|problem|words", re.IGNORECASE)


def test_no_webapp_module_rewrites_error_text():
    """The dashboard words errors by code, field and params: no module of it reads a
    service's message back with a regular expression or rewrites it with ``.replace``."""
    found = []
    for path in sorted(WEBAPP.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            receiver, name = ast.unparse(node.func.value), node.func.attr
            regex = receiver == "re" or name in ("sub", "subn")
            if regex or (name == "replace" and ERROR_TEXT.search(receiver)):
                found.append(f"{path.relative_to(WEBAPP)}:{node.lineno} {ast.unparse(node)}")
    assert found == []
