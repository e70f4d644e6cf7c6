"""Hypothesis strategies for pricingData: every valid form, and mutations that break one rule.

Text is drawn from a fixed alphabet (with accents, CJK and an emoji) so hypothesis never needs
its unicode tables, and nothing is cached in the checkout.
"""

from datetime import date

from hypothesis import strategies as st

from billing.catalog import pricing, recurrence

AMOUNT_KEYS = ("amount", "amountCents", "unitAmount", "flatAmount", "amount_cents")
ALPHABET = "abcXYZ019 -_.äé漢🚀"
TYPES = ("flat_rate", "tiered", "usage_based", "recurring")

amounts = st.integers(min_value=0, max_value=pricing.MAX_AMOUNT_CENTS)
names = st.text(alphabet=ALPHABET, min_size=1, max_size=40).filter(str.strip)
intervals = st.sampled_from(pricing.INTERVALS)


def amounts_in(data) -> list[tuple[str, object]]:
    """Every amount anywhere in ``data`` with its type (so 5 and 5.0 differ), sorted."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in AMOUNT_KEYS:
                found.append((type(value).__name__, value))
            else:
                found += amounts_in(value)
    elif isinstance(data, list):
        for item in data:
            found += amounts_in(item)
    return sorted(found)


RULE_VALUES = {
    "INTERVAL": st.integers(1, 366).map(str),
    "COUNT": st.integers(1, 10_000).map(str),
    "BYMONTH": st.integers(1, 12).map(str),
    "BYMONTHDAY": st.integers(1, 31).map(str) | st.integers(-31, -1).map(str),
    "UNTIL": st.dates(date(2000, 1, 1), date(2999, 12, 31)).map(lambda day: day.strftime("%Y%m%d"))
    | st.dates(date(2000, 1, 1), date(2999, 12, 31)).map(
        lambda day: day.strftime("%Y%m%dT000000Z")
    ),
}


def rule_parts(draw) -> list[str]:
    """The ``KEY=VALUE`` parts of a valid rule, in a random order."""
    parts = {"FREQ": draw(st.sampled_from(recurrence.FREQUENCIES))}
    for key in draw(st.lists(st.sampled_from(sorted(RULE_VALUES)), unique=True)):
        parts[key] = draw(RULE_VALUES[key])
    return [f"{key}={parts[key]}" for key in draw(st.permutations(list(parts)))]


def render_rule(draw, parts: list[str]) -> str:
    """Parts joined as a rule, maybe lower-cased and with an ``RRULE:`` prefix."""
    rule = ";".join(parts)
    if draw(st.booleans()):
        rule = rule.lower()
    return draw(st.sampled_from(["", "RRULE:", "rrule:"])) + rule


@st.composite
def recurrence_rule(draw) -> str:
    return render_rule(draw, rule_parts(draw))


def _maybe(draw, target: dict, key: str, strategy) -> None:
    if draw(st.booleans()):
        target[key] = draw(strategy)


@st.composite
def flat_rate(draw) -> dict:
    return {"type": "flat_rate", "amount": draw(amounts), "interval": draw(intervals)}


@st.composite
def tiered(draw, min_bounded: int = 0) -> dict:
    bound = st.integers(1, 10**9) | st.floats(0.001, 1e12, allow_nan=False)
    bounds = sorted(set(draw(st.lists(bound, min_size=min_bounded, max_size=8))))
    if len(bounds) < min_bounded:  # 1 and 1.0 collapse; top up with larger numbers
        bounds += [10**10 + index for index in range(min_bounded - len(bounds))]
    tiers = []
    for up_to in [*bounds, None]:
        tier = {"upTo": up_to, "unitAmount": draw(amounts)}
        _maybe(draw, tier, "flatAmount", amounts)
        tiers.append(tier)
    data = {"type": "tiered", "tiers": tiers}
    _maybe(draw, data, "interval", intervals)
    return data


@st.composite
def usage_based(draw) -> dict:
    data = {"type": "usage_based", "unitAmount": draw(amounts)}
    _maybe(draw, data, "billingScheme", st.just("per_unit"))
    _maybe(draw, data, "metricId", st.none() | names)
    return data


@st.composite
def recurring(draw) -> dict:
    data = {"type": "recurring", "interval": draw(st.sampled_from(["month", "year"]))}
    _maybe(draw, data, "intervalCount", st.integers(1, 36))
    data["amountCents"] = draw(amounts)
    return data


@st.composite
def component(draw, index: int) -> dict:
    unique_id = names.map(lambda name: f"{name}-{index}")  # unique even once stripped
    if draw(st.booleans()):
        data = {
            "type": "fixed",
            "amount_cents": draw(amounts),
            "recurrence_rule": draw(recurrence_rule()),
        }
        _maybe(draw, data, "component_id", unique_id)
        _maybe(draw, data, "component_name", names)
        return data
    data = {
        "type": "per_unit",
        "component_id": draw(unique_id),
        "component_name": draw(names),
        "unit_label": draw(names),
        "amount_cents": draw(amounts),
    }
    _maybe(draw, data, "metric_id", st.none() | names)
    _maybe(draw, data, "bill_immediately", st.booleans())
    _maybe(draw, data, "recurrence_rule", recurrence_rule())
    return data


@st.composite
def components_form(draw, min_size: int = 1) -> dict:
    count = draw(st.integers(min_size, 6))
    return {"components": [draw(component(index)) for index in range(count)]}


def valid_pricing_data():
    return st.one_of(flat_rate(), tiered(), usage_based(), recurring(), components_form())


# --- invalid values -----------------------------------------------------------------------

_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats()
    | st.text(alphabet=ALPHABET, max_size=8)
    | st.sampled_from(["flat_rate", "tiered", "fixed", "per_unit", "month", "FREQ=MONTHLY"])
)
_keys = st.sampled_from(["type", "amount", "interval", "tiers", "upTo", "components"]) | st.text(
    alphabet=ALPHABET, max_size=6
)


def any_json():
    """Any JSON value, biased towards the words the validator looks for."""
    return st.recursive(
        _scalars,
        lambda children: (
            st.lists(children, max_size=4) | st.dictionaries(_keys, children, max_size=5)
        ),
        max_leaves=20,
    )


def not_a(kind: type):
    return any_json().filter(lambda value: not isinstance(value, kind))


BAD_TEXT = not_a(str) | st.sampled_from(["", "   ", "a" * 201, "a\x00b", "\ud800", "tab\there"])
BAD_AMOUNT = (
    st.integers(max_value=-1)
    | st.integers(min_value=pricing.MAX_AMOUNT_CENTS + 1)
    | st.floats()
    | st.booleans()
    | not_a(int)
)
BAD_UP_TO = st.sampled_from([None, 0, -1, True, "10", float("nan"), float("inf"), [5], {}])
