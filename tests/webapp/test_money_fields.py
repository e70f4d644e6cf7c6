"""Money fields read amounts as people type them, in the form's currency: "12,50" is 12.50,
"1,250" in dollars asks which was meant, and yen have no decimals."""

import pytest

from billing.catalog import plan_create
from billing.catalog.models import Plan, Price
from billing.payments.models import Refund
from tests.support.factories.refunds import paid_subscription
from tests.support.webapp.catalog_pages import HX, html_of, post_form, signed_up
from tests.support.webapp.plan_pages import wizard
from webapp.forms.money import format_money, from_cents

AMBIGUOUS = "Did you mean 1,250.00 or 1.25? Write 1250 or 1.25"


@pytest.fixture
def gateway(memory_gateway):
    return memory_gateway


def _amounts(prices) -> list[int]:
    return sorted(p.pricing_data["components"][0]["amount_cents"] for p in prices)


async def test_a_decimal_comma_in_the_plan_wizard_is_read_as_cents(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = wizard(token, monthly_price="12,50", yearly_price="1.250,00")
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 303, await html_of(response)
    plan = await Plan.scoped(merchant_id).get(plan_name="Pro")
    prices = await Price.scoped(merchant_id).filter(plan_id=plan.id)
    assert _amounts(prices) == [1250, 125000]


async def test_an_ambiguous_price_asks_in_place_and_stores_nothing(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = wizard(token, currency="USD", monthly_price="1,250")
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 422
    html = await html_of(response)
    assert AMBIGUOUS in html
    assert 'value="1,250"' in html  # what was typed stays
    assert not await Plan.scoped(merchant_id).filter(plan_name="Pro").exists()


async def test_a_price_added_to_a_plan_reads_the_comma(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    view = await plan_create.create_plan(merchant_id, plan_name="Basic", monthly_price=1000)
    base = f"/dashboard/plans/{view.plan.stable_plan_id}"
    fixed = {"csrf_token": token, "kind": "fixed", "interval": "year"}
    response = await post_form(client, f"{base}/prices", {**fixed, "amount": "1,250"}, headers=HX)
    assert AMBIGUOUS in await html_of(response)
    response = await post_form(client, f"{base}/prices", {**fixed, "amount": "12,50"})
    assert response.status_code == 303, await html_of(response)
    plan = await Plan.scoped(merchant_id).get(stable_plan_id=view.plan.stable_plan_id)
    assert 1250 in _amounts(await Price.scoped(merchant_id).filter(plan_id=plan.id))


async def test_yen_have_no_decimals_and_a_comma_groups_them(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    form = wizard(token, currency="JPY", monthly_price="12.5")
    html = await html_of(await post_form(client, "/dashboard/plans/new", form))
    assert "JPY has no decimal places" in html
    form = wizard(token, currency="JPY", monthly_price="1,250", yearly_price="¥12,500")
    response = await post_form(client, "/dashboard/plans/new", form)
    assert response.status_code == 303, await html_of(response)
    plan = await Plan.scoped(merchant_id).get(plan_name="Pro")
    assert _amounts(await Price.scoped(merchant_id).filter(plan_id=plan.id)) == [1250, 12500]
    edit = await html_of(await client.get(f"/dashboard/plans/{plan.stable_plan_id}/edit"))
    assert 'value="1250"' in edit and 'value="12500"' in edit  # read back as typed


async def test_a_decimal_comma_in_the_refund_form_refunds_cents(client, sign_up, gateway):
    merchant_id, token = await signed_up(sign_up)
    paid = await paid_subscription(merchant_id, intent_id="pi_memory_paid")
    sid = paid.subscription.stable_subscription_id
    path = f"/dashboard/subscriptions/{sid}/refund"
    form = {"csrf_token": token, "reason": ""}
    html = await html_of(await client.post(path, form={**form, "amount": "1.250"}, headers=HX))
    assert AMBIGUOUS in html
    response = await client.post(path, form={**form, "amount": "5,50"}, headers=HX)
    assert response.status_code == 200, await html_of(response)
    stored = await Refund.get(payment_id=paid.payment.id)
    assert stored.amount_cents == 550


async def test_tax_preview_lines_are_read_in_the_chosen_currency(client, sign_up):
    _, token = await signed_up(sign_up)
    form = {"csrf_token": token, "amount": "", "currency": "JPY",
            "lines-0-description": "A", "lines-0-amount": "12.5"}  # fmt: skip
    html = await html_of(await post_form(client, "/dashboard/tax/preview", form, HX))
    assert "JPY has no decimal places" in html
    form = {**form, "currency": "USD", "lines-0-amount": "1.250"}
    assert AMBIGUOUS in await html_of(await post_form(client, "/dashboard/tax/preview", form, HX))


def test_money_is_shown_in_the_currency_s_own_minor_units():
    assert format_money(125000, "USD") == "$1,250.00"
    assert format_money(1250, "JPY") == "¥1,250"
    assert format_money(-1250, "KWD") == "-1.250 KWD"
    # "1.250" KWD would read as 1,250.000 too: the prefill is written so it reads back
    assert from_cents(1250, "JPY") == "1250" and from_cents(1250, "KWD") == "1.25"
    assert from_cents(-5, "USD") == "-0.05"


async def test_a_three_decimal_plan_saves_after_changing_only_its_description(client, sign_up):
    """The edit page prefills 1.5 KWD as "1.5", not "1.500" (which reads as 1,500.000 too)."""
    merchant_id, token = await signed_up(sign_up)
    view = await plan_create.create_plan(
        merchant_id, plan_name="Basic", currency="KWD", monthly_price=1500, yearly_price=1234
    )
    base = f"/dashboard/plans/{view.plan.stable_plan_id}"
    edit = await html_of(await client.get(f"{base}/edit"))
    assert 'value="1.5"' in edit and 'value="1.2340"' in edit
    form = {
        "csrf_token": token,
        "plan_name": "Basic",
        "plan_description": "Now with a description",
        "monthly_price": "1.5",
        "yearly_price": "1.2340",
        "trial_days": "",
        "commit_message": "",
    }
    response = await post_form(client, f"{base}/edit", form)
    assert response.status_code == 303, await html_of(response)
    plan = await Plan.scoped(merchant_id).filter(stable_plan_id=view.plan.stable_plan_id).first()
    prices = await Price.scoped(merchant_id).filter(plan_id=plan.id)
    assert _amounts(prices) == [1234, 1500]
