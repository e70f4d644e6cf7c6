"""Mutations of valid pricingData, each breaking exactly one rule of the validator.

``MUTATIONS`` maps a name to a strategy factory; every value it draws must be refused. Each
mutation first picks *what* to break with equal weight, so rare rules are still hit often
within a modest number of examples.
"""

from hypothesis import assume
from hypothesis import strategies as st

from billing.catalog import pricing, recurrence
from tests.billing.catalog.pricing_strategies import (
    ALPHABET,
    BAD_AMOUNT,
    BAD_TEXT,
    BAD_UP_TO,
    TYPES,
    any_json,
    components_form,
    flat_rate,
    names,
    not_a,
    recurring,
    render_rule,
    rule_parts,
    tiered,
    usage_based,
    valid_pricing_data,
)

NUMBER_KEYS = ("INTERVAL", "COUNT", "BYMONTH", "BYMONTHDAY")
BAD_NUMBERS = {
    "INTERVAL": ["0", "367", "-1", "1.5", "²", "٣", "1" * 5000, "x", ""],
    "COUNT": ["0", "10001", "-3", "1e3", "²"],
    "BYMONTH": ["0", "13", "-1", "٣"],
    "BYMONTHDAY": ["0", "32", "-32", "-0", "--5", "5-", "-", "²"],
}
UNSTORABLE_OR_BLANK = st.sampled_from(
    ["", "   ", "a" * 201, "a\x00b", "\ud800", "tab\there", "\x1b[31m", "line\nbreak"]
)
BAD_UNTIL = ["2027", "2027-12-31", "20271231T", "2027123", "20271231T0000000", "2027I231"]
_word = st.text(alphabet="ABCmonthlyXYZ019 ²٣-", min_size=1, max_size=8)


RULE_BREAKS = (
    "not_text",
    "blank",
    "too_long",
    "duplicate_key",
    "empty_part",
    "no_equals",
    "unknown_key",
    "missing_freq",
    "bad_freq",
    "bad_number",
    "bad_until",
)


@st.composite
def bad_rule(draw, how: str | None = None) -> object:
    """A recurrence rule broken in one way of ``RULE_BREAKS`` (or not a string at all)."""
    parts = rule_parts(draw)
    how = how or draw(st.sampled_from(RULE_BREAKS))
    if how == "not_text":
        return draw(not_a(str))
    if how == "blank":
        return draw(st.sampled_from(["", "   ", "RRULE:", "rrule:"]))
    if how == "too_long":
        return render_rule(draw, parts) + " " * (recurrence.MAX_RULE_LENGTH + 1)
    if how == "duplicate_key":
        parts.append(draw(st.sampled_from(parts)))
    elif how == "empty_part":
        parts.insert(draw(st.integers(0, len(parts))), "")
    elif how == "no_equals":
        parts.insert(draw(st.integers(0, len(parts))), draw(st.sampled_from(["FREQ", "X", "1"])))
    elif how == "unknown_key":
        parts.append(draw(st.sampled_from(["BYDAY=MO", "WKST=SU", "BYHOUR=9", "X=1", "=1"])))
    elif how == "missing_freq":
        parts = [part for part in parts if not part.startswith("FREQ=")] or ["INTERVAL=2"]
    elif how == "bad_freq":
        word = draw(_word.filter(lambda word: word.upper() not in recurrence.FREQUENCIES))
        freq = draw(st.sampled_from(["", "HOURLY", "MINUTELY", "SECONDLY", word]))
        parts = [f"FREQ={freq}" if part.startswith("FREQ=") else part for part in parts]
    elif how == "bad_number":
        key = draw(st.sampled_from(NUMBER_KEYS))
        parts = [part for part in parts if not part.startswith(key + "=")]
        parts.append(f"{key}={draw(st.sampled_from(BAD_NUMBERS[key]))}")
    else:
        parts = [part for part in parts if not part.startswith("UNTIL=")]
        parts.append(f"UNTIL={draw(st.sampled_from(BAD_UNTIL))}")
    return render_rule(draw, parts)


BAD_BY_KIND = {
    "amount": BAD_AMOUNT,
    "text": BAD_TEXT,
    "optional_text": BAD_TEXT.filter(lambda value: value is not None),
    "bool": not_a(bool),
    "rule": bad_rule(),
    "type": any_json().filter(lambda value: value not in TYPES),
    "component_type": any_json().filter(lambda value: value not in ("fixed", "per_unit")),
    "interval": any_json().filter(lambda value: value not in pricing.INTERVALS),
    "month_or_year": any_json().filter(lambda value: value not in ("month", "year")),
    "interval_count": st.sampled_from([0, 37, -1]) | st.integers(min_value=37) | not_a(int),
    "scheme": any_json().filter(lambda value: value != "per_unit"),
    "object": not_a(dict),
    "tiers": not_a(list)
    | st.just([])
    | st.just([{"upTo": None, "unitAmount": 1}] * (pricing.MAX_TIERS + 1)),
    "components": not_a(list)
    | st.just([])
    | st.just([{"type": "fixed", "amount_cents": 1, "recurrence_rule": "FREQ=DAILY"}] * 21),
    "up_to": BAD_UP_TO,
}


def slots(data: dict) -> tuple[list, list]:
    """``(checked, required)``: every value the validator checks as (container, key, kind),
    and every required field as (container, key)."""
    checked, required = [], []

    def field(container, key, kind, *, needed=True):
        checked.append((container, key, kind))
        if needed:
            required.append((container, key))

    if "components" in data:
        field(data, "components", "components")
        for index, part in enumerate(data["components"]):
            checked.append((data["components"], index, "object"))
            field(part, "type", "component_type")
            field(part, "amount_cents", "amount")
            fixed = part["type"] == "fixed"
            field(part, "recurrence_rule", "rule", needed=fixed)
            for key in ("component_id", "component_name", "unit_label"):
                if not fixed or key in part:
                    field(part, key, "text", needed=not fixed)
            if not fixed:
                field(part, "metric_id", "optional_text", needed=False)
                field(part, "bill_immediately", "bool", needed=False)
        return checked, required
    field(data, "type", "type")
    kind = data["type"]
    if kind == "flat_rate":
        field(data, "amount", "amount")
        field(data, "interval", "interval")
    elif kind == "tiered":
        field(data, "tiers", "tiers")
        field(data, "interval", "interval", needed=False)
        for index, tier in enumerate(data["tiers"]):
            checked.append((data["tiers"], index, "object"))
            field(tier, "unitAmount", "amount")
            field(tier, "flatAmount", "amount", needed=False)
            if index < len(data["tiers"]) - 1:
                field(tier, "upTo", "up_to")
    elif kind == "usage_based":
        field(data, "unitAmount", "amount")
        field(data, "billingScheme", "scheme", needed=False)
        field(data, "metricId", "optional_text", needed=False)
    else:
        field(data, "interval", "month_or_year")
        field(data, "intervalCount", "interval_count", needed=False)
        field(data, "amountCents", "amount")
    return checked, required


FORMS = {
    "flat_rate": flat_rate,
    "tiered": tiered,
    "usage_based": usage_based,
    "recurring": recurring,
    "components": components_form,
}


def replace(kinds: tuple[str, ...] | None = None, bad=None, forms=None):
    """A valid form with one checked value (of one of ``kinds``) replaced by a bad one; the
    kind to break is chosen first, so every kind gets its share of examples."""

    @st.composite
    def build(draw):
        if forms is not None:
            data = draw(forms)
        else:
            data = draw(FORMS[draw(st.sampled_from(sorted(FORMS)))]())
        candidates = [slot for slot in slots(data)[0] if kinds is None or slot[2] in kinds]
        assume(candidates)  # e.g. a components form of fixed fees has no text to break
        kind = draw(st.sampled_from(sorted({slot[2] for slot in candidates})))
        container, key, _ = draw(st.sampled_from([s for s in candidates if s[2] == kind]))
        container[key] = draw(bad if bad is not None else BAD_BY_KIND[kind])
        return data

    return build()


@st.composite
def missing_field(draw):
    data = draw(valid_pricing_data())
    container, key = draw(st.sampled_from(slots(data)[1]))
    del container[key]
    return data


@st.composite
def unknown_field(draw):
    level = draw(st.sampled_from(["top", "tier", "component"]))
    if level == "top":
        data = draw(valid_pricing_data())
        target = data
    elif level == "tier":
        data = draw(tiered())
        target = draw(st.sampled_from(data["tiers"]))
    else:
        data = draw(components_form())
        target = draw(st.sampled_from(data["components"]))
    target["x_" + draw(st.text(alphabet=ALPHABET, max_size=10))] = draw(any_json())
    return data


@st.composite
def tiers_not_ascending(draw):
    data = draw(tiered(min_bounded=2))
    tiers = data["tiers"]
    index = draw(st.integers(1, len(tiers) - 2))
    previous = tiers[index - 1]["upTo"]
    tiers[index]["upTo"] = draw(st.sampled_from([previous, previous / 2]))
    return data


@st.composite
def last_tier_not_null(draw):
    data = draw(tiered())
    bound = st.integers(10**13, 10**14) | any_json().filter(lambda value: value is not None)
    data["tiers"][-1]["upTo"] = draw(bound)
    return data


@st.composite
def duplicate_component_id(draw):
    data = draw(components_form(min_size=2))
    count = len(data["components"])
    first, second = draw(st.lists(st.integers(0, count - 1), min_size=2, max_size=2, unique=True))
    name = draw(names).strip()
    data["components"][first]["component_id"] = name
    data["components"][second]["component_id"] = f"  {name} "
    return data


MUTATIONS = {
    "negative_amount": lambda: replace(("amount",), st.just(-1) | st.integers(max_value=-1)),
    "float_amount": lambda: replace(("amount",), st.floats()),
    "bool_amount": lambda: replace(("amount",), st.booleans()),
    "huge_amount": lambda: replace(
        ("amount",),
        st.just(pricing.MAX_AMOUNT_CENTS + 1) | st.integers(pricing.MAX_AMOUNT_CENTS + 1),
    ),
    "bad_text": lambda: replace(("text", "optional_text"), UNSTORABLE_OR_BLANK),
    "tiers_not_ascending": tiers_not_ascending,
    "bad_tier_bound": lambda: replace(("up_to",), forms=tiered(min_bounded=1)),
    "last_tier_not_null": last_tier_not_null,
    "missing_field": missing_field,
    "unknown_field": unknown_field,
    "duplicate_component_id": duplicate_component_id,
    "wrong_type_anywhere": replace,
    "not_an_object": lambda: not_a(dict) | st.just({}),
}
for _how in RULE_BREAKS:
    MUTATIONS[f"rule_{_how}"] = lambda how=_how: replace(
        ("rule",), bad_rule(how), forms=components_form()
    )
