"""Validation of a usage component's model (billing/catalog/usage_models.py): what is stored
for each model, and a clear refusal for every wrong price, tier or package size."""

import pytest

from billing.catalog.pricing import validate_pricing_data
from billing.core.errors import Invalid


def _component(**fields) -> dict:
    return {
        "type": "per_unit",
        "component_id": "api",
        "component_name": "API calls",
        "unit_label": "call",
        "metric_id": "met_1",
        **fields,
    }


def _stored(**fields) -> dict:
    return validate_pricing_data({"components": [_component(**fields)]})["components"][0]


def _refusal(**fields) -> str:
    with pytest.raises(Invalid) as caught:
        validate_pricing_data({"components": [_component(**fields)]})
    assert caught.value.message == "Invalid pricing data configuration"
    return caught.value.extra["details"]


def test_a_decimal_unit_price_is_stored_normalised_beside_its_rounding():
    stored = _stored(unit_amount_decimal="0.0400")
    assert stored["unit_amount_decimal"] == "0.04"
    assert stored["amount_cents"] == 0
    assert "model" not in stored
    assert _stored(unit_amount_decimal="2.5")["amount_cents"] == 2  # half-even
    assert _stored(unit_amount_decimal="3.5", amount_cents=4)["amount_cents"] == 4
    whole = _stored(unit_amount_decimal="7")
    assert whole["amount_cents"] == 7 and "unit_amount_decimal" not in whole


def test_a_stored_price_validates_to_itself():
    for fields in (
        {"unit_amount_decimal": "0.04"},
        {"model": "package", "package_size": 100, "unit_amount_decimal": "12.5"},
        {
            "model": "graduated",
            "tiers": [
                {"up_to": 10, "amount_cents": 1},
                {"up_to": None, "unit_amount_decimal": "0.5"},
            ],
        },
    ):
        stored = _stored(**fields)
        assert validate_pricing_data({"components": [stored]})["components"][0] == stored


def test_existing_components_are_unchanged():
    seat = {
        "type": "per_unit",
        "component_id": "seats",
        "component_name": "Seats",
        "unit_label": "seat",
        "amount_cents": 900,
        "metric_id": None,
        "bill_immediately": True,
    }
    assert validate_pricing_data({"components": [seat]})["components"][0] == seat
    assert _stored(amount_cents=3) == {**_component(amount_cents=3), "bill_immediately": False}


@pytest.mark.parametrize(
    ("fields", "details"),
    [
        (
            {"unit_amount_decimal": "-0.04"},
            "components[0].unit_amount_decimal must not be negative",
        ),
        (
            {"unit_amount_decimal": "abc"},
            'components[0].unit_amount_decimal must be a decimal string of cents, like "0.04"',
        ),
        (
            {"unit_amount_decimal": 0.04},
            'components[0].unit_amount_decimal must be a decimal string of cents, like "0.04"',
        ),
        (
            {"unit_amount_decimal": "1e-3"},
            'components[0].unit_amount_decimal must be a decimal string of cents, like "0.04"',
        ),
        (
            {"unit_amount_decimal": "0.1234567890123"},
            "components[0].unit_amount_decimal may have at most 12 decimal places",
        ),
        (
            {"unit_amount_decimal": "2.5", "amount_cents": 3},
            "components[0].amount_cents must be unit_amount_decimal rounded to the cent (2), "
            "or be left out",
        ),
        ({}, "components[0] needs amount_cents or unit_amount_decimal"),
        (
            {"model": "stairs", "amount_cents": 1},
            "components[0].model must be one of: per_unit, graduated, volume, package",
        ),
        (
            {"model": "package", "amount_cents": 250},
            "components[0].package_size must be a whole number of units of at least 1",
        ),
        (
            {"model": "package", "amount_cents": 250, "package_size": 0},
            "components[0].package_size must be a whole number of units of at least 1",
        ),
        (
            {"model": "package", "amount_cents": 250, "package_size": 2.5},
            "components[0].package_size must be a whole number of units of at least 1",
        ),
        ({"model": "graduated"}, "components[0].tiers must be a list of 1 to 50 tiers"),
        (
            {"model": "graduated", "tiers": [{"up_to": 10, "amount_cents": 1}]},
            "components[0].tiers[0].up_to must be null: the last tier is unbounded",
        ),
        (
            {
                "model": "volume",
                "tiers": [
                    {"up_to": 10, "amount_cents": 1},
                    {"up_to": 10, "amount_cents": 1},
                    {"up_to": None, "amount_cents": 1},
                ],
            },
            "components[0].tiers[1].up_to must be greater than the previous tier's up_to",
        ),
        (
            {
                "model": "volume",
                "tiers": [{"up_to": -1, "amount_cents": 1}, {"up_to": None, "amount_cents": 1}],
            },
            "components[0].tiers[0].up_to must be a positive number (only the last is null)",
        ),
        (
            {"model": "volume", "tiers": [{"up_to": None}]},
            "components[0].tiers[0] needs amount_cents or unit_amount_decimal",
        ),
        (
            {"model": "volume", "tiers": [{"up_to": None, "unit_amount_decimal": "-1"}]},
            "components[0].tiers[0].unit_amount_decimal must not be negative",
        ),
        (
            {
                "model": "volume",
                "tiers": [{"up_to": None, "amount_cents": 1, "flat_amount_cents": -5}],
            },
            "components[0].tiers[0].flat_amount_cents must be a non-negative integer amount "
            "in cents",
        ),
        (
            {"amount_cents": 1, "tiers": [{"up_to": None, "amount_cents": 1}]},
            "components[0].tiers are for the graduated and volume models",
        ),
        (
            {"amount_cents": 1, "package_size": 10},
            "components[0].package_size is for the package model",
        ),
        (
            {"metric_id": None, "unit_amount_decimal": "0.04"},
            "components[0]: model, unit_amount_decimal, tiers and package_size are for usage "
            "components (with a metric_id)",
        ),
        (
            {"bill_immediately": True, "unit_amount_decimal": "0.04"},
            "components[0]: a usage model bills in arrears (bill_immediately false)",
        ),
    ],
)
def test_wrong_models_are_refused_in_words(fields, details):
    assert _refusal(**fields) == details


def test_a_tier_error_names_its_tier():
    with pytest.raises(Invalid) as caught:
        validate_pricing_data(
            {
                "components": [
                    _component(
                        model="graduated",
                        tiers=[
                            {"up_to": 5, "amount_cents": 1},
                            {"up_to": 3, "amount_cents": 1},
                            {"up_to": None, "amount_cents": 1},
                        ],
                    )
                ]
            }
        )
    assert caught.value.code == "tier_up_to_not_ascending"
    assert caught.value.params == {"tier_index": 1}
