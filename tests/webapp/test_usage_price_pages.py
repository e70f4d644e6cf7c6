"""The usage price form through the in-process client: unit prices typed to a fraction of a
cent stored exactly, each model's inputs checked in one round with errors beside them, and
another merchant's metric refused as a missing one, storing nothing."""

from billing.catalog.metrics import create_metric
from billing.catalog.models import Price
from tests.support.factories.catalog import make_plan
from tests.support.webapp.catalog_pages import HX, html_of, post_form, signed_up


def usage_form(token: str, metric_id: str, **fields) -> dict:
    return {
        "csrf_token": token,
        "kind": "usage",
        "base_amount": "",
        "interval": "month",
        "metric": metric_id,
        "unit_label": "call",
        "model": "per_unit",
        "unit_price": "0,0004",
        "package_size": "",
        "last_price": "",
        "last_flat": "",
    } | fields


async def _setup(sign_up):
    merchant_id, token = await signed_up(sign_up)
    plan = await make_plan(merchant_id, name="Metered", currency="EUR")
    metric = await create_metric(
        merchant_id, name="API calls", event_name="api.call", aggregation_type="COUNT"
    )
    return merchant_id, token, plan, metric


async def test_a_unit_price_typed_as_people_do_is_stored_exactly(client, sign_up):
    merchant_id, token, plan, metric = await _setup(sign_up)
    base = f"/dashboard/plans/{plan.stable_plan_id}"
    response = await post_form(client, f"{base}/prices", usage_form(token, metric.id), HX)
    assert response.status_code == 200, await html_of(response)
    fragment = await html_of(response)
    assert "API calls: 0.0004 EUR per call, billed monthly in arrears" in fragment
    assert "Usage, billed monthly" in fragment  # no base fee: no headline amount
    [price] = await Price.scoped(merchant_id).filter(plan_id=plan.id)
    [usage] = price.pricing_data["components"]
    assert (usage["metric_id"], usage["unit_amount_decimal"]) == (metric.id, "0.04")


async def test_packages_and_tiers_are_checked_in_one_round(client, sign_up):
    merchant_id, token, plan, metric = await _setup(sign_up)
    base = f"/dashboard/plans/{plan.stable_plan_id}"
    form = usage_form(token, metric.id, model="package", unit_price="-2", package_size="0")
    bad = await post_form(client, f"{base}/prices", form, HX)
    assert bad.status_code == 422
    page = await html_of(bad)
    assert "Units per package must be a whole number of units, like 1000" in page
    assert "Price per package must be 0 or more" in page
    tiers = usage_form(
        token,
        metric.id,
        model="volume",
        usage_tier_up_to=["1000", "500"],
        usage_tier_price=["0.001", "0.0005"],
        usage_tier_flat=["", ""],
        last_price="0.0001",
    )
    bad = await post_form(client, f"{base}/prices", tiers, HX)
    assert bad.status_code == 422
    assert "tier 2.“up to” must be greater than the previous tier" in await html_of(bad)
    assert not await Price.scoped(merchant_id).filter(plan_id=plan.id).exists()

    good = {**tiers, "usage_tier_up_to": ["500", "1000"], "base_amount": "29"}
    response = await post_form(client, f"{base}/prices", good, HX)
    assert response.status_code == 200, await html_of(response)
    fragment = await html_of(response)
    assert "€29.00 / month" in fragment
    assert "Up to 500: 0.001 EUR each" in fragment
    assert "Above 1,000: 0.0001 EUR each" in fragment


async def test_another_merchants_metric_is_refused_and_nothing_stored(client, sign_up, merchant):
    merchant_id, token, plan, _ = await _setup(sign_up)
    theirs = await create_metric(
        merchant.id, name="Theirs", event_name="x", aggregation_type="COUNT"
    )
    base = f"/dashboard/plans/{plan.stable_plan_id}"
    bad = await post_form(client, f"{base}/prices", usage_form(token, theirs.id), HX)
    assert bad.status_code == 422
    assert "Theirs" not in await html_of(bad)
    assert not await Price.scoped(merchant_id).filter(plan_id=plan.id).exists()


async def test_tier_limits_and_package_sizes_are_read_with_their_separators(client, sign_up):
    """ "10.000" is ten thousand, as "10,000" and "10 000" are; "1,5" is refused, not 15."""
    merchant_id, token, plan, metric = await _setup(sign_up)
    base = f"/dashboard/plans/{plan.stable_plan_id}"
    half = usage_form(token, metric.id, model="package", unit_price="2", package_size="1,5")
    bad = await post_form(client, f"{base}/prices", half, HX)
    assert bad.status_code == 422
    assert "Units per package must be a whole number of units, like 1000" in await html_of(bad)
    assert not await Price.scoped(merchant_id).filter(plan_id=plan.id).exists()

    tiers = usage_form(
        token,
        metric.id,
        model="graduated",
        usage_tier_up_to=["10.000", "20 000"],
        usage_tier_price=["0.001", "0.0005"],
        usage_tier_flat=["", ""],
        last_price="0.0001",
    )
    response = await post_form(client, f"{base}/prices", tiers, HX)
    assert response.status_code == 200, await html_of(response)
    assert "Up to 10,000: 0.001 EUR each" in await html_of(response)
    [price] = await Price.scoped(merchant_id).filter(plan_id=plan.id)
    [usage] = price.pricing_data["components"]
    assert [tier["up_to"] for tier in usage["tiers"]] == [10000, 20000, None]
