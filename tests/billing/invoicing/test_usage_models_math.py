"""Usage models priced by the money math, against a table worked out by hand: sub-cent unit
prices stay exact until the line's one half-even rounding, graduated and volume tiers with
decimal unit prices and flat fees, packages rounding a partial package up, nothing used."""

from decimal import Decimal

import pytest

from billing.catalog.pricing import validate_pricing_data
from billing.invoicing.cycles import unit_amounts, usage_amount
from billing.invoicing.money_math import package, packages


def _usage(**model) -> dict:
    """A stored usage component (validated as the API would store it)."""
    component = {
        "type": "per_unit",
        "component_id": "api",
        "component_name": "API calls",
        "unit_label": "call",
        "metric_id": "met_1",
        **model,
    }
    return validate_pricing_data({"components": [component]})["components"][0]


PER_CALL = _usage(unit_amount_decimal="0.04")  # 0.0004 USD a call
GRADUATED = _usage(
    model="graduated",
    tiers=[
        {"up_to": 1000, "amount_cents": 0},  # the first 1,000 free
        {"up_to": 10000, "unit_amount_decimal": "0.05"},  # 0.0005 USD
        {"up_to": None, "unit_amount_decimal": "0.025", "flat_amount_cents": 100},
    ],
)
VOLUME = _usage(
    model="volume",
    tiers=[
        {"up_to": 1000, "unit_amount_decimal": "0.1"},
        {"up_to": None, "unit_amount_decimal": "0.05", "flat_amount_cents": 500},
    ],
)
PACKAGES = _usage(model="package", package_size=1000, amount_cents=250)  # $2.50 a 1,000

TABLE = [
    # component, quantity, cents, how (worked on paper)
    (PER_CALL, 0, 0, "nothing used, nothing charged"),
    (PER_CALL, 1, 0, "0.04 cents rounds to 0"),
    (PER_CALL, 12, 0, "0.48 cents rounds down to 0"),
    (PER_CALL, 13, 1, "0.52 cents rounds up to 1"),
    (PER_CALL, 12340, 494, "12,340 x 0.04 = 493.6 cents: 494"),
    (PER_CALL, 12345, 494, "493.8: 494"),
    (PER_CALL, 12500, 500, "exactly 500.0"),
    (PER_CALL, 62500, 2500, "exactly 2,500.0"),
    (PER_CALL, 36250, 1450, "1,450.0"),
    (PER_CALL, 12, 0, "0.48"),
    (PER_CALL, 37, 1, "1.48: 1"),
    (PER_CALL, Decimal("62.5"), 2, "2.5 cents, half-even: 2"),
    (PER_CALL, Decimal("87.5"), 4, "3.5 cents, half-even: 4"),
    (GRADUATED, 0, 0, "nothing used: no flat fee"),
    (GRADUATED, 1000, 0, "all in the free tier"),
    (GRADUATED, 1001, 0, "0.05 cents over the free tier rounds to 0"),
    (GRADUATED, 5000, 200, "4,000 x 0.05 = 200"),
    (GRADUATED, 10000, 450, "9,000 x 0.05 = 450"),
    (GRADUATED, 10001, 550, "450 + 1 x 0.025 + 100 flat = 550.025: 550"),
    (GRADUATED, 50000, 1550, "450 + 40,000 x 0.025 (1,000) + 100"),
    (VOLUME, 0, 0, "nothing used: no flat fee"),
    (VOLUME, 999, 100, "999 x 0.1 = 99.9: 100"),
    (VOLUME, 1000, 100, "on the edge: still 0.1 each, 100"),
    (VOLUME, 1001, 550, "every unit at 0.05 (50.05) + 500 flat: 550"),
    (VOLUME, 20000, 1500, "20,000 x 0.05 + 500"),
    (PACKAGES, 0, 0, "no units, no packages"),
    (PACKAGES, 1, 250, "a partial package costs a whole one"),
    (PACKAGES, 1000, 250, "exactly one package"),
    (PACKAGES, 1001, 500, "two packages"),
    (PACKAGES, Decimal("2000.5"), 750, "three packages"),
]


@pytest.mark.parametrize(("component", "quantity", "cents", "how"), TABLE)
def test_usage_lines_by_hand(component, quantity, cents, how):
    assert usage_amount(component, Decimal(quantity)) == cents, how


def test_a_sub_cent_package_price_rounds_once_per_line():
    """Three packages at 0.125 cents are 0.375 cents, one line of 0; four are 0.5: 0."""
    assert package(Decimal("0.125"), 10, 21) == 0
    assert package(Decimal("0.125"), 10, 40) == 0
    assert package(Decimal("0.125"), 10, 120) == 2  # 1.5 half-even
    assert packages(0, 10) == 0 and packages(Decimal("0.1"), 10) == 1


def test_stored_prices_without_a_model_bill_as_before():
    """A per-unit component stored before models existed (whole cents, no model)."""
    old = _usage(amount_cents=3)
    assert "model" not in old and "unit_amount_decimal" not in old
    assert usage_amount(old, Decimal(1234)) == 3702
    assert unit_amounts(old) == (3, None)


def test_a_line_keeps_the_exact_unit_price_beside_the_rounded_one():
    assert unit_amounts(PER_CALL) == (0, Decimal("0.04"))
    assert unit_amounts(_usage(unit_amount_decimal="12.5")) == (12, Decimal("12.5"))
    assert unit_amounts(_usage(unit_amount_decimal="7.000")) == (7, None)
    assert unit_amounts(GRADUATED) == (None, None)
    assert unit_amounts(PACKAGES) == (None, None)
