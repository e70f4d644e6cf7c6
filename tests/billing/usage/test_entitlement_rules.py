"""The entitlement decision table (billing/usage/entitlement_rules.py), row by row, without
a database: facts and usage in, the Entitlement record out."""

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from billing.usage.entitlement_rules import (
    Credits,
    FeatureFacts,
    Subject,
    decide,
    measured_metrics,
    not_entitled,
    resolve,
)

EXPIRY = datetime(2027, 2, 1, tzinfo=UTC)
ZERO = {"creditAllowance": 0, "creditsRemaining": 0, "nextExpiryDate": None}


def facts(feature_type="number", **fields) -> FeatureFacts:
    return FeatureFacts(slug="f", feature_type=feature_type, **fields)


def credits(allowance=100, metrics=("m1",), expiry=EXPIRY) -> Credits:
    return Credits(allowance=allowance, metric_ids=metrics, next_expiry=expiry)


# (facts, usage per metric, entitled, feature value (None: feature null), source, remaining)
TABLE = [
    # Credits, numeric: usage below / at / above the allowance, one metric.
    (facts(credits=credits()), {"m1": 99}, True, 100, "credits", 1),
    (facts(credits=credits()), {"m1": 100}, False, None, "credits", 0),
    (facts(credits=credits()), {"m1": 250}, False, None, "credits", 0),
    (facts(credits=credits()), {"m1": Decimal("99.5")}, True, 100, "credits", 0),
    # No metric: nothing is used; several metrics: the client decides.
    (facts(credits=credits(metrics=())), {}, True, 100, "credits", 100),
    (facts(credits=credits(metrics=("m1", "m2"))), {"m1": 30, "m2": 40}, None, 100, "credits", 30),
    # A failed or missing measurement counts as zero.
    (facts(credits=credits()), {}, True, 100, "credits", 100),
    # Credits come first, over an override value.
    (facts(source="override", value=5, credits=credits()), {"m1": 1}, True, 100, "credits", 99),
    # Credits, boolean: entitled while credits remain.
    (
        facts("boolean", value=True, metric_ids=("m1",), credits=credits(3)),
        {"m1": 2},
        True,
        True,
        "credits",
        1,
    ),
    (
        facts("boolean", value=True, metric_ids=("m1",), credits=credits(3)),
        {"m1": 3},
        False,
        None,
        "credits",
        0,
    ),
    # Override rows, then plan links, then the feature's default value.
    (facts(source="override", value=7, plan_value=10), {}, True, 7, "override", 0),
    (facts(source="plan", value=10, plan_value=10, default_value=1), {}, True, 10, "plan", 0),
    (facts(source="plan", value=1, plan_value=None, default_value=1), {}, True, 1, "default", 0),
    (facts(source="override", value=None, default_value=4), {}, True, 4, "default", 0),
    # Booleans by value; strings when they have one.
    (facts("boolean", value=True, plan_value=True), {}, True, True, "plan", 0),
    (facts("boolean", value=False, plan_value=False), {}, False, None, "plan", 0),
    (facts("string", value="gold", plan_value="gold"), {}, True, "gold", "plan", 0),
    # A numeric limit with one metric is checked against this period's usage.
    (facts(plan_value=5, metric_ids=("m1",)), {"m1": 4}, True, 5, "plan", 0),
    (facts(plan_value=5, metric_ids=("m1",)), {"m1": 5}, False, None, "plan", 0),
    (facts(plan_value=5, metric_ids=("m1", "m2")), {"m1": 9}, None, 5, "plan", 0),
    (facts(plan_value=0), {}, True, 0, "plan", 0),
]


@pytest.mark.parametrize(("given", "usage", "entitled", "value", "source", "remaining"), TABLE)
def test_decision_table(given, usage, entitled, value, source, remaining):
    answer = decide(given, {key: Decimal(str(v)) for key, v in usage.items()})
    assert answer["featureSlug"] == "f"
    assert answer["entitled"] is entitled
    assert answer["feature"] == (None if entitled is False else {"slug": "f", "value": value})
    assert answer["source"] == source
    assert answer["creditInfo"]["creditsRemaining"] == remaining
    if given.credits is None:
        assert answer["creditInfo"] == ZERO
    else:
        assert answer["creditInfo"]["creditAllowance"] == given.credits.allowance
        assert answer["creditInfo"]["nextExpiryDate"] == EXPIRY


def test_usages_are_listed_for_numeric_features_only():
    numeric = facts(credits=credits(metrics=("m1", "m2")))
    answer = decide(numeric, {"m1": Decimal("2.5"), "m2": Decimal(3)})
    assert answer["usages"] == [{"metricId": "m1", "usage": 2.5}, {"metricId": "m2", "usage": 3}]
    switch = facts("boolean", value=True, metric_ids=("m1",), credits=credits(5))
    assert decide(switch, {"m1": Decimal(1)})["usages"] == []
    assert measured_metrics(switch) == ("m1",)
    assert measured_metrics(facts("boolean", value=True, metric_ids=("m1",))) == ()
    # Grants without metrics fall back to the feature's.
    assert measured_metrics(facts(metric_ids=("m9",), credits=credits(metrics=()))) == ("m9",)


def test_not_entitled_and_display_name():
    assert not_entitled("x") == {
        "featureSlug": "x",
        "entitled": False,
        "feature": None,
        "source": None,
        "usages": [],
        "creditInfo": ZERO,
    }
    named = decide(facts("boolean", value=True, display_name="SSO"), {}, with_name=True)
    assert named["displayName"] == "SSO"
    assert "displayName" not in decide(facts("boolean", value=True), {})


def row(holder, slug="f", source="plan", grants=(), **fields) -> dict:
    """A granted-feature row as the service's query answers it."""
    period = (datetime(2027, 1, 1, tzinfo=UTC), datetime(2027, 2, 1, tzinfo=UTC))
    return {
        "holder_id": holder,
        "current_period_start": period[0],
        "current_period_end": period[1],
        "slug": slug,
        "display_name": slug.upper(),
        "feature_type": "number",
        "feature_value": "10",
        "plan_value": "10",
        "default_value": "0",
        "metric_ids": '["m1"]',
        "source": source,
        "grant_customers": [g[0] for g in grants] or None,
        "grant_allowances": [g[1] for g in grants] or None,
        "grant_starts": [g[2] for g in grants] or None,
        "grant_ends": [g[3] for g in grants] or None,
        "grant_metric_ids": ['["m1"]' for _ in grants] or None,
        **fields,
    }


def test_resolve_keeps_the_first_row_and_adds_up_the_subjects_own_grants():
    jan, feb, mar = (datetime(2027, month, 1, tzinfo=UTC) for month in (1, 2, 3))
    member = Subject("cust_m", "ext-m", primary_id="cust_p")
    rows = [
        row("cust_p", source="override", feature_value="7", grants=[("cust_m", 5, jan, feb)]),
        row("cust_m", grants=[("cust_m", 3, feb, None), ("cust_other", 50, jan, mar)]),
        row("cust_stranger", slug="g"),
    ]
    [(slug, item)] = resolve(member, rows).items()
    assert slug == "f"
    assert (item.facts.source, item.facts.value, item.facts.plan_value) == ("override", 7, 10)
    assert item.facts.credits == Credits(allowance=8, metric_ids=("m1",), next_expiry=feb)
    assert (item.start, item.end) == (jan, None)  # one grant never ends
    assert member.holders == ("cust_m", "cust_p")
    assert member.keys == ("cust_m", "ext:ext-m")


def test_resolve_without_grants_measures_the_billing_period():
    alone = Subject("cust_a", None)
    item = resolve(alone, [row("cust_a")])["f"]
    assert item.facts.credits is None
    assert (item.start, item.end) == (
        datetime(2027, 1, 1, tzinfo=UTC),
        datetime(2027, 2, 1, tzinfo=UTC),
    )
    assert alone.holders == ("cust_a",) and alone.keys == ("cust_a",)
