"""A catalog copy in words: only the prices that differ, ids as names, booleans as yes/no,
long text shortened, summaries without zero counts, and the live-only plans a table keeps."""

from billing.catalog.catalog_copy_rows import Change
from webapp.pages.catalog_copy_words import change_words


def _fee(cents: int, currency: str = "USD") -> dict:
    rule = "FREQ=MONTHLY;INTERVAL=1"
    components = [{"type": "fixed", "amount_cents": cents, "recurrence_rule": rule}]
    return {"currency": currency, "pricing_data": {"components": components}}


def _usage(cents: int) -> dict:
    data = {"type": "usage_based", "unitAmount": cents, "billingScheme": "per_unit"}
    return {"currency": "EUR", "pricing_data": data}


NAMES = {"metric_live": "API calls", "new:metric_test": "Storage"}


def test_prices_say_only_what_differs():
    change = Change("prices", [_usage(1), _fee(2900)], [_fee(3900), _usage(1)])
    assert change_words(change, NAMES) == "price $29.00 / month → $39.00 / month"
    added = Change("prices", [_fee(2900)], [_fee(2900), _usage(5)])
    assert change_words(added, NAMES) == "adds price €0.05 / unit"
    dropped = Change("prices", [_fee(2900), _fee(500, "JPY")], [_fee(2900)])
    assert change_words(dropped, NAMES) == "drops price ¥500 / month"


def test_ids_read_as_names_and_values_as_words():
    metrics = Change("metric_ids", ["metric_live"], ["metric_live", "new:metric_test"])
    assert change_words(metrics, NAMES) == "metrics API calls → API calls, Storage"
    assert change_words(Change("trial_enabled", False, True), NAMES) == "free trial no → yes"
    assert change_words(Change("trial_days", None, 14), NAMES) == "trial days none → 14"
    long = Change("plan_description", "", "x" * 80)
    assert change_words(long, NAMES) == f"description none → '{'x' * 59}…'"
    filters = Change("property_filters", {}, {"region": "eu"})
    assert change_words(filters, NAMES) == "filters changed"


def test_the_same_features_with_other_settings_read_as_changed():
    before = [{"feature_id": "feat_a", "feature_value": 10}]
    after = [{"feature_id": "feat_a", "feature_value": 20}]
    names = {"feat_a": "API calls"}
    assert change_words(Change("features", before, after), names) == "features changed"
    grown = Change("features", before, [*after, {"feature_id": "feat_b"}])
    assert change_words(grown, {**names, "feat_b": "SSO"}) == "features API calls → API calls, SSO"


def test_rows_that_are_gone_are_named_so():
    change = Change("metric_ids", ["metric_gone"], [])
    assert change_words(change, {}) == "metrics a deleted item → none"


def test_a_table_says_which_live_only_plans_it_keeps():
    names = {"plan_yen": "Yen", "new:plan_starter": "Starter"}
    before, after = [("plan_yen", None)], [("new:plan_starter", 0), ("plan_yen", 1)]
    change = Change("plans", before, after, kept=["plan_yen"])
    assert change_words(change, names) == "plans Yen → Starter, Yen; keeps live-only plan Yen"
    reordered = Change("plans", [("plan_yen", 1)], [("plan_yen", 0)], kept=["plan_yen"])
    assert change_words(reordered, names) == "plans changed; keeps live-only plan Yen"
    plain = Change("plans", before, [("new:plan_starter", None)])
    assert change_words(plain, names) == "plans Yen → Starter"
