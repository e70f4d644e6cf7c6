"""Properties of pricingData validation (billing/catalog/pricing.py), checked with hypothesis.

Every valid form is generated and must be accepted, unchanged in its amounts and stable under
a second validation; every generated mutation of a valid form must be refused with the spec's
message and never with another exception. No database: these are pure functions.
"""

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from billing.catalog import pricing
from billing.core.errors import Invalid
from tests.billing.catalog.pricing_mutations import BAD_NUMBERS, BAD_UNTIL, MUTATIONS
from tests.billing.catalog.pricing_strategies import (
    AMOUNT_KEYS,
    amounts_in,
    any_json,
    components_form,
    flat_rate,
    recurring,
    tiered,
    usage_based,
    valid_pricing_data,
)

# Modest example counts keep the suite fast; no example database is written to the checkout.
PROPERTY = settings(
    max_examples=150,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# Two dozen mutations, each tested on its own so a rare rule cannot hide behind common ones.
MUTATION_PROPERTY = settings(PROPERTY, max_examples=50)


@PROPERTY
@given(valid_pricing_data())
def test_valid_forms_are_accepted_and_idempotent(data):
    cleaned = pricing.validate_pricing_data(data)
    assert pricing.validate_pricing_data(cleaned) == cleaned
    assert amounts_in(cleaned) == amounts_in(data)


@PROPERTY
@given(valid_pricing_data())
def test_validation_does_not_touch_its_input(data):
    snapshot = repr(data)
    pricing.validate_pricing_data(data)
    assert repr(data) == snapshot


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
@MUTATION_PROPERTY
@given(draw=st.data())
def test_every_mutation_is_refused_with_the_specs_message(mutation, draw):
    data = draw.draw(MUTATIONS[mutation](), label="mutated")
    with pytest.raises(Invalid) as error:
        pricing.validate_pricing_data(data)
    assert error.value.message == "Invalid pricing data configuration"
    assert isinstance(error.value.extra["details"], str) and error.value.extra["details"]
    assert error.value.status == 400


@PROPERTY
@given(any_json())
def test_arbitrary_json_is_either_valid_or_invalid(data):
    """Any JSON value at all: a normalised dict or ``Invalid``, never another exception."""
    try:
        cleaned = pricing.validate_pricing_data(data)
    except Invalid as error:
        assert error.message == "Invalid pricing data configuration"
        return
    assert pricing.validate_pricing_data(cleaned) == cleaned


@PROPERTY
@given(flat_rate())
def test_flat_rate_facts(data):
    cleaned = pricing.validate_pricing_data(data)
    assert pricing.headline_amount_cents(cleaned) == data["amount"]
    expected = data["interval"] if data["interval"] in ("month", "year") else None
    assert pricing.billing_interval(cleaned) == expected


@PROPERTY
@given(recurring())
def test_recurring_facts(data):
    cleaned = pricing.validate_pricing_data(data)
    assert pricing.headline_amount_cents(cleaned) == data["amountCents"]
    expected = data["interval"] if data.get("intervalCount", 1) == 1 else None
    assert pricing.billing_interval(cleaned) == expected


@PROPERTY
@given(st.one_of(tiered(), usage_based()))
def test_tiers_and_usage_have_no_headline_amount(data):
    cleaned = pricing.validate_pricing_data(data)
    assert pricing.headline_amount_cents(cleaned) == 0
    interval = data.get("interval")
    assert pricing.billing_interval(cleaned) == (
        interval if interval in ("month", "year") else None
    )


def _expected_interval(components: list[dict]) -> str | None:
    for component in components:
        rule = component.get("recurrence_rule")
        if not rule:
            continue
        parts = dict(part.split("=") for part in rule.split(";"))
        if int(parts.get("INTERVAL", "1")) != 1:
            continue
        frequency = {"MONTHLY": "month", "YEARLY": "year"}.get(parts["FREQ"])
        if frequency:
            return frequency
    return None


@PROPERTY
@given(components_form())
def test_components_facts(data):
    cleaned = pricing.validate_pricing_data(data)
    components = cleaned["components"]
    assert pricing.headline_amount_cents(cleaned) == sum(
        c["amount_cents"]
        for c in components
        if c["type"] == "fixed" or (c["type"] == "per_unit" and c["metric_id"] is None)
    )
    assert pricing.billing_interval(cleaned) == _expected_interval(components)


AMOUNTS = st.integers(min_value=0, max_value=pricing.MAX_AMOUNT_CENTS)
INTERVALS = st.sampled_from(["month", "year"])


@PROPERTY
@given(AMOUNTS, INTERVALS, st.booleans())
def test_plan_price_helpers_are_valid(amount, interval, bill_now):
    for data in (
        pricing.fixed_price_data(amount, interval),
        pricing.seat_price_data(amount, interval, bill_immediately=bill_now),
    ):
        assert pricing.validate_pricing_data(data) == data
        assert pricing.billing_interval(data) == interval
        assert pricing.headline_amount_cents(data) == amount


@PROPERTY
@given(
    st.one_of(AMOUNTS, any_json()),
    st.one_of(st.none(), INTERVALS, any_json()),
    st.one_of(st.none(), st.sampled_from(pricing.PRICING_MODELS), any_json()),
)
def test_flat_fields_give_valid_data_or_the_specs_errors(amount, interval, model):
    try:
        data = pricing.pricing_from_flat_fields(amount, interval, model)
    except Invalid as error:
        amount_ok = (
            isinstance(amount, int)
            and not isinstance(amount, bool)
            and 0 <= amount <= pricing.MAX_AMOUNT_CENTS
        )
        if amount_ok:
            assert error.message == "Invalid pricing data configuration"
        else:
            assert error.message == "Invalid pricing data: amount must be a non-negative integer"
        return
    assert pricing.validate_pricing_data(data) == data
    assert amounts_in(data) == [("int", amount)]
    if model in (None, "flat", "per_seat"):
        assert pricing.billing_interval(data) == (interval or "month")
        assert pricing.headline_amount_cents(data) == amount


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, 10**400, -(10**400)])
def test_non_finite_and_huge_numbers_are_invalid_not_errors(value):
    for data in (
        {"type": "flat_rate", "amount": value, "interval": "month"},
        {
            "type": "tiered",
            "tiers": [{"upTo": value, "unitAmount": 1}, {"upTo": None, "unitAmount": 1}],
        },
        {"type": "recurring", "interval": "month", "intervalCount": value, "amountCents": 1},
    ):
        if value == 10**400 and data["type"] == "tiered":
            assert pricing.validate_pricing_data(data)["tiers"][0]["upTo"] == value
            continue
        with pytest.raises(Invalid):
            pricing.validate_pricing_data(data)


def test_amount_keys_cover_every_form():
    """The helper that compares amounts must know every amount field the validator has."""
    assert set(AMOUNT_KEYS) == {"amount", "amountCents", "unitAmount", "flatAmount", "amount_cents"}


@pytest.mark.parametrize(
    "rule",
    [
        "FREQ=DAILY;INTERVAL=1",
        "FREQ=WEEKLY;INTERVAL=366",
        "FREQ=MONTHLY;COUNT=10000",
        "FREQ=YEARLY;BYMONTH=12",
        "FREQ=MONTHLY;BYMONTHDAY=31",
        "FREQ=MONTHLY;BYMONTHDAY=-31",
        "FREQ=MONTHLY;UNTIL=20271231",
        "FREQ=MONTHLY;UNTIL=20271231T000000Z",
        "rrule:freq=monthly;interval=1",
    ],
)
def test_rule_boundaries_that_are_valid(rule):
    assert pricing.validate_recurrence_rule(rule) == rule.upper().removeprefix("RRULE:")


@pytest.mark.parametrize(
    "rule",
    [f"FREQ=MONTHLY;{key}={value}" for key, values in BAD_NUMBERS.items() for value in values]
    + [f"FREQ=MONTHLY;UNTIL={value}" for value in BAD_UNTIL]
    + ["FREQ=MONTHLY;UNTIL=20271231\n;COUNT=1", "FREQ=MONTHLY;" + "COUNT=1;" * 30],
)
def test_rule_boundaries_that_are_invalid(rule):
    with pytest.raises(Invalid) as error:
        pricing.validate_recurrence_rule(rule)
    assert error.value.message == "Invalid pricing data configuration"
