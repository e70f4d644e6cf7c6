"""/v1/prices in the flat-field form (unitAmountCents, billingInterval, pricingModel)."""

import pytest

from billing.core.ids import new_id
from tests.support.api.prices import INVALID, PLAN_MISSING, create, create_ok, make_plan

# --- the flat-field form ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (
            {"unitAmountCents": 1500},
            {
                "components": [
                    {
                        "type": "fixed",
                        "amount_cents": 1500,
                        "recurrence_rule": "FREQ=MONTHLY;INTERVAL=1",
                    }
                ]
            },
        ),
        (
            {"unitAmountCents": 15000, "billingInterval": "year", "pricingModel": "flat"},
            {
                "components": [
                    {
                        "type": "fixed",
                        "amount_cents": 15000,
                        "recurrence_rule": "FREQ=YEARLY;INTERVAL=1",
                    }
                ]
            },
        ),
        (
            {"unitAmountCents": 800, "billingInterval": "month", "pricingModel": "per_seat"},
            {
                "components": [
                    {
                        "type": "per_unit",
                        "component_id": "seats",
                        "component_name": "Seats",
                        "unit_label": "seat",
                        "amount_cents": 800,
                        "metric_id": None,
                        "bill_immediately": False,
                        "recurrence_rule": "FREQ=MONTHLY;INTERVAL=1",
                    }
                ]
            },
        ),
        (
            {"unitAmountCents": 2, "pricingModel": "usage"},
            {"type": "usage_based", "unitAmount": 2, "billingScheme": "per_unit"},
        ),
    ],
)
async def test_flat_fields_create_a_price(client, merchant, fields, expected):
    plan = await make_plan(merchant)
    price = await create_ok(client, merchant, planId=plan.id, **fields)
    assert price["pricingData"] == expected
    assert price["currency"] == "USD"


@pytest.mark.parametrize("amount", [-1, 1.5, "100", True, None, 10**40, [100]])
async def test_flat_form_bad_amount_is_the_specs_message(client, merchant, amount):
    plan = await make_plan(merchant)
    response = await create(
        client, merchant, planId=plan.id, unitAmountCents=amount, billingInterval="month"
    )
    assert response.status_code == 400
    assert await response.get_json() == {
        "error": "Invalid pricing data: amount must be a non-negative integer"
    }


async def test_flat_form_tiered_needs_pricing_data(client, merchant):
    plan = await make_plan(merchant)
    response = await create(
        client, merchant, planId=plan.id, unitAmountCents=5, pricingModel="tiered"
    )
    assert response.status_code == 400
    body = await response.get_json()
    assert body["error"] == INVALID and "tiers" in body["details"]


@pytest.mark.parametrize(("field", "value"), [("billingInterval", "week"), ("pricingModel", "x")])
async def test_flat_form_unknown_choices_are_400(client, merchant, field, value):
    plan = await make_plan(merchant)
    response = await create(client, merchant, planId=plan.id, unitAmountCents=5, **{field: value})
    assert response.status_code == 400
    assert field in (await response.get_json())["error"]


async def test_flat_form_missing_plan_has_its_own_message(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    bobs_plan = await make_plan(bob)
    for plan_id in (bobs_plan.id, new_id("plan")):
        response = await create(client, alice, planId=plan_id, unitAmountCents=100)
        assert response.status_code == 404
        assert await response.get_json() == {"error": PLAN_MISSING}
