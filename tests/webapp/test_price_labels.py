"""A price in words, the same on every page that summarises one (plans, subscription card and
history, portal): a fee with metered usage says "+ usage" once, and a usage price with no fee
does not start its component lines with a bare "+"."""

from types import SimpleNamespace

from webapp.pages.price_labels import plan_price_summary, price_summary
from webapp.pages.usage_labels import usage_components

MONTHLY = "FREQ=MONTHLY"
FEE = {"type": "fixed", "amount_cents": 2900, "recurrence_rule": MONTHLY}
CALLS = {
    "type": "per_unit",
    "component_name": "API calls",
    "unit_label": "call",
    "amount_cents": 0,
    "unit_amount_decimal": "0.1",
    "metric_id": "met_1",
    "recurrence_rule": MONTHLY,
}


def _price(*components: dict, currency: str = "USD") -> SimpleNamespace:
    return SimpleNamespace(
        pricing_data={"components": list(components)},
        currency=currency,
        is_override_price=False,
    )


def test_a_fee_with_usage_says_plus_usage_and_a_plain_fee_does_not():
    assert price_summary(_price(FEE, CALLS)) == "$29.00 / month + usage"
    assert price_summary(_price(FEE)) == "$29.00 / month"
    assert price_summary(_price(CALLS)) == "Usage, billed monthly"


def test_the_plans_list_says_plus_usage_once():
    assert plan_price_summary([_price(FEE, CALLS)], "USD") == ["$29.00 / month + usage"]
    assert plan_price_summary([_price(CALLS), _price(FEE)], "USD") == ["$29.00 / month + usage"]


def test_usage_lines_add_to_a_fee_but_stand_alone_without_one():
    [on_top] = usage_components(_price(FEE, CALLS))
    assert on_top["plus"] and on_top["summary"].startswith("API calls: 0.001 USD per call")
    [alone] = usage_components(_price(CALLS))
    assert not alone["plus"]
