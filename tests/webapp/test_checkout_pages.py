"""The hosted checkout page without a browser: what it draws, and the one neutral page a
customer sees for a bad key or a plan or price the table does not offer (the reason kept in
the markup for the merchant's developer)."""

from dataclasses import replace

import pytest

from billing.catalog import pricing_tables
from billing.catalog.models import Price
from billing.payments import setup as payments_setup
from tests.support.factories.catalog import make_plan
from tests.support.factories.webhooks import configure

UNAVAILABLE = "This checkout is not available right now."


async def table(merchant_id: str):
    plan = await make_plan(merchant_id, name="Pro", monthly_cents=4900)
    await pricing_tables.create_table(
        merchant_id, name="Pricing", slug="pricing", plan_ids=[plan.id]
    )
    return plan, await Price.filter(plan_id=plan.id).first()


async def test_the_page_shows_the_plan_and_price_in_plain_words(client, merchant):
    plan, price = await table(merchant.id)
    key = merchant.publishable_key
    response = await client.get(f"/checkout/pricing/{plan.id}?price={price.id}&key={key}")
    html = await response.get_data(as_text=True)
    assert response.status_code == 200
    assert "$49.00 / month" in html and "<h1>Pro</h1>" in html
    assert response.headers["Referrer-Policy"] == "no-referrer"


async def test_bad_key_or_unknown_price_is_one_neutral_page(client, merchant, make_merchant):
    plan, price = await table(merchant.id)
    other = await make_merchant("Other")
    cases = [
        (f"/checkout/pricing/{plan.id}?price={price.id}&key=pk_live_nope", 401),
        (f"/checkout/pricing/{plan.id}?price=price_nope&key={merchant.publishable_key}", 404),
        (f"/checkout/pricing/{plan.id}?price={price.id}&key={other.publishable_key}", 404),
    ]
    for url, status in cases:
        response = await client.get(url)
        html = await response.get_data(as_text=True)
        assert response.status_code == status, url
        assert UNAVAILABLE in html and "<title>Checkout</title>" in html


@pytest.fixture
def real_provider_a():
    """Provider A's API base at its default, the real provider (tests point it elsewhere)."""
    original = payments_setup.current()
    payments_setup.configure(replace(original, provider_a_api_base=None))
    yield
    payments_setup.configure(original)


async def test_only_a_live_provider_a_checkout_loads_the_providers_script(
    client, make_merchant, real_provider_a
):
    merchant = await make_merchant()  # a live merchant row
    plan, price = await table(merchant.id)
    path = f"/checkout/pricing/{plan.id}?price={price.id}&key={merchant.publishable_key}"
    plain = await client.get(path)
    assert "js.stripe.com" not in await plain.get_data(as_text=True)
    assert "js.stripe.com" not in plain.headers["Content-Security-Policy"]

    await configure(merchant.id, "provider_a", None)
    live = await client.get(path)
    html = await live.get_data(as_text=True)
    assert '<script src="https://js.stripe.com/v3/"></script>' in html
    assert "data-card-element" in html and 'name="number"' not in html
    policy = live.headers["Content-Security-Policy"]
    for directive in ("script-src", "connect-src", "frame-src"):
        assert f"{directive} 'self' https://js.stripe.com " in policy
