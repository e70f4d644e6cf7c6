"""/v1/prices: every row and error of the spec's price table, tenant isolation and odd input."""

import re

import pytest

from billing.accounts.models import Merchant
from billing.catalog.models import Price
from billing.core.ids import new_id
from tests.support.api.prices import (
    INVALID,
    MONTHLY,
    PRICE_FIELDS,
    create,
    create_ok,
    make_plan,
)
from tests.support.factories.invoices import sum_metric

PLAN_MISSING_ON_CREATE = (
    "Plan not found. If you have multiple accounts, are you using the right API key?"
)
ISO = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"


# --- create -------------------------------------------------------------------------------


async def test_create_answers_201_with_the_price(client, merchant):
    plan = await make_plan(merchant)
    response = await create(client, merchant, planId=plan.id, pricingData=MONTHLY)
    assert response.status_code == 201
    price = (await response.get_json())["price"]
    assert set(price) == PRICE_FIELDS
    assert re.fullmatch(r"price_[0-9A-Za-z]{22}", price["id"])
    assert price["planId"] == plan.id
    assert price["merchantId"] == merchant.id
    assert price["currency"] == "USD"
    assert price["pricingData"] == MONTHLY
    assert price["isOverridePrice"] is False
    assert price["clonedFromPriceId"] is None
    assert price["deletedAt"] is None
    assert re.fullmatch(ISO, price["createdAt"]) and re.fullmatch(ISO, price["updatedAt"])
    stored = await Price.get(id=price["id"])
    assert (stored.merchant_id, stored.plan_id, stored.pricing_data) == (
        merchant.id,
        plan.id,
        MONTHLY,
    )


async def test_currency_defaults_to_the_merchants_and_is_normalised(client, merchant):
    await Merchant.filter(id=merchant.id).update(default_currency="EUR")
    plan = await make_plan(merchant)
    assert (await create_ok(client, merchant, planId=plan.id, pricingData=MONTHLY))[
        "currency"
    ] == "EUR"
    given = await create_ok(client, merchant, planId=plan.id, pricingData=MONTHLY, currency="gbp")
    assert given["currency"] == "GBP"


@pytest.mark.parametrize("currency", ["XYZ", "", "US", "dollars", "\u0000"])
async def test_unknown_currency_is_400(client, merchant, currency):
    plan = await make_plan(merchant)
    response = await create(
        client, merchant, planId=plan.id, pricingData=MONTHLY, currency=currency
    )
    assert response.status_code == 400
    assert "ISO 4217" in (await response.get_json())["error"]
    assert await Price.filter(merchant_id=merchant.id).count() == 0


async def test_override_flag_is_stored(client, merchant):
    plan = await make_plan(merchant)
    price = await create_ok(
        client, merchant, planId=plan.id, pricingData=MONTHLY, isOverridePrice=True
    )
    assert price["isOverridePrice"] is True
    assert (await Price.get(id=price["id"])).is_override_price is True


@pytest.mark.parametrize(
    "pricing_data",
    [
        {"type": "flat_rate", "amount": 0, "interval": "year"},
        {
            "type": "tiered",
            "tiers": [{"upTo": 100, "unitAmount": 10}, {"upTo": None, "unitAmount": 5}],
        },
        {"type": "usage_based", "unitAmount": 3, "billingScheme": "per_unit"},
        {"type": "recurring", "interval": "year", "intervalCount": 1, "amountCents": 99000},
        {
            "components": [
                {"type": "fixed", "amount_cents": 1000, "recurrence_rule": "FREQ=MONTHLY"},
                {
                    "type": "per_unit",
                    "component_id": "api-calls",
                    "component_name": "API calls",
                    "unit_label": "call",
                    "amount_cents": 1,
                    "metric_id": "metric_x",
                    "bill_immediately": False,
                },
            ]
        },
    ],
)
async def test_every_pricing_form_is_accepted(client, merchant, pricing_data):
    plan = await make_plan(merchant)
    if "components" in pricing_data:  # a usage component bills by a metric of the merchant's
        metric = await sum_metric(merchant.id, "api-call")
        component = {**pricing_data["components"][1], "metric_id": metric.id}
        pricing_data = {"components": [pricing_data["components"][0], component]}
    price = await create_ok(client, merchant, planId=plan.id, pricingData=pricing_data)
    assert price["pricingData"] == pricing_data
    assert (await Price.get(id=price["id"])).pricing_data == pricing_data


@pytest.mark.parametrize(
    ("pricing_data", "detail"),
    [
        ({"type": "flat_rate", "amount": -1, "interval": "month"}, "non-negative"),
        ({"type": "flat_rate", "amount": 9.5, "interval": "month"}, "non-negative"),
        ({"type": "flat_rate", "amount": "100", "interval": "month"}, "non-negative"),
        (
            {
                "type": "tiered",
                "tiers": [{"upTo": 100, "unitAmount": 10}, {"upTo": 50, "unitAmount": 5}],
            },
            "null",
        ),
        (
            {
                "type": "tiered",
                "tiers": [
                    {"upTo": 100, "unitAmount": 10},
                    {"upTo": 50, "unitAmount": 5},
                    {"upTo": None, "unitAmount": 1},
                ],
            },
            "greater",
        ),
        ({"components": [{"type": "fixed", "amount_cents": 100}]}, "recurrence"),
        (
            {
                "components": [
                    {"type": "fixed", "amount_cents": 1, "recurrence_rule": "FREQ=HOURLY"}
                ]
            },
            "FREQ",
        ),
        ({"components": [{"type": "per_unit", "amount_cents": 1}]}, "component_id"),
        ({"type": "flat_rate", "amount": 1, "interval": "month", "extra": 1}, "unknown"),
        ({"type": "subscription"}, "type"),
        ([], "object"),
        ("flat", "object"),
        (5, "object"),
        ({}, "object"),
    ],
)
async def test_invalid_pricing_data_is_the_specs_400(client, merchant, pricing_data, detail):
    plan = await make_plan(merchant)
    response = await create(client, merchant, planId=plan.id, pricingData=pricing_data)
    assert response.status_code == 400
    body = await response.get_json()
    assert body["error"] == INVALID
    assert detail in body["details"]
    assert await Price.filter(merchant_id=merchant.id).count() == 0


async def test_missing_or_foreign_plan_on_create_is_404(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    bobs_plan = await make_plan(bob)
    for plan_id in (bobs_plan.id, new_id("plan"), "plan_nope", "x" * 500):
        response = await create(client, alice, planId=plan_id, pricingData=MONTHLY)
        assert response.status_code == 404
        assert await response.get_json() == {"error": PLAN_MISSING_ON_CREATE}
    assert await Price.filter(plan_id=bobs_plan.id).count() == 0


async def test_deleted_plan_is_not_found(client, merchant):
    plan = await make_plan(merchant)
    await plan.soft_delete()
    response = await create(client, merchant, planId=plan.id, pricingData=MONTHLY)
    assert response.status_code == 404


async def test_price_on_an_old_plan_version(client, merchant):
    v1 = await make_plan(merchant, is_current=False)
    await make_plan(merchant, stable_plan_id=v1.id, version_number=2)
    assert (await create_ok(client, merchant, planId=v1.id, pricingData=MONTHLY))["planId"] == v1.id


async def test_plan_id_is_required(client, merchant):
    response = await create(client, merchant, pricingData=MONTHLY)
    assert response.status_code == 400
    assert "planId" in (await response.get_json())["error"]
    response = await create(client, merchant, planId="  ", pricingData=MONTHLY)
    assert await response.get_json() == {"error": "planId is required"}


async def test_neither_pricing_data_nor_flat_fields_is_400(client, merchant):
    plan = await make_plan(merchant)
    for extra in ({}, {"pricingData": None}):
        response = await create(client, merchant, planId=plan.id, **extra)
        assert response.status_code == 400
        assert "Provide pricingData" in (await response.get_json())["error"]


async def test_both_forms_at_once_is_400(client, merchant):
    plan = await make_plan(merchant)
    response = await create(
        client, merchant, planId=plan.id, pricingData=MONTHLY, unitAmountCents=100
    )
    assert response.status_code == 400
    assert "not both" in (await response.get_json())["error"]
    assert await Price.filter(merchant_id=merchant.id).count() == 0
