"""The hosted checkout asks for the country by name from a list (its two-letter code is what
is sent, so "United States" is never cut to "Un"), and writes amounts with the one money
formatter, in the currency's own minor units (¥1,250, $49.00)."""

from billing.catalog import pricing_tables
from billing.catalog.models import Price
from tests.support.factories.catalog import make_plan


async def _checkout(client, merchant, *, cents: int, currency: str) -> str:
    plan = await make_plan(merchant.id, name="Pro", monthly_cents=cents, currency=currency)
    await pricing_tables.create_table(
        merchant.id, name="Pricing", slug="pricing", plan_ids=[plan.id]
    )
    price = await Price.filter(plan_id=plan.id).first()
    key = merchant.publishable_key
    response = await client.get(f"/checkout/pricing/{plan.id}?price={price.id}&key={key}")
    assert response.status_code == 200
    return await response.get_data(as_text=True)


async def test_country_is_a_list_of_names_with_codes_as_values(client, merchant):
    html = await _checkout(client, merchant, cents=4900, currency="USD")
    assert '<select id="checkout-country" name="country" autocomplete="country"' in html
    assert '<option value="US">United States</option>' in html
    assert '<option value="DE">Germany</option>' in html
    assert 'maxlength="2"' not in html
    assert html.index(">Afghanistan<") < html.index(">Germany<") < html.index(">Zimbabwe<")


async def test_amounts_use_the_currencys_minor_units(client, merchant):
    html = await _checkout(client, merchant, cents=4900, currency="USD")
    assert "$49.00 / month" in html
    assert 'data-money-symbol="$" data-money-digits="2"' in html


async def test_yen_has_no_decimals(client, merchant):
    html = await _checkout(client, merchant, cents=1250, currency="JPY")
    assert "¥1,250 / month" in html and "12.50" not in html
    assert 'data-money-symbol="¥" data-money-digits="0"' in html
