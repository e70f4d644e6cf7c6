"""Usage totals: the rollup path and the raw path against a plain-Python reference, on random
events stored through the real intake and random windows (unbounded, hour-aligned, mid-hour).

Each example stores its events for a customer of its own (under both its id and its external
id), in one to three batches, so ids follow the list order and "later-stored" is "later in the
list". Noise (another event name, another customer) must never count.
"""

from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tortoise import connections

from billing.usage import metric_values, usage_totals
from billing.usage.metric_values import Timeframe, customer_keys
from billing.usage.models import UsageRollup
from tests.support.billing.usage.reference import reference
from tests.support.billing.usage.usage_totals import (
    NAME,
    _number,
    matches,
    metric,
    new_customer,
    one,
    simple_rows,
    store,
)

T0 = datetime(2026, 2, 1, tzinfo=UTC)
HOURS = 72
EVERY_AGGREGATION = ("COUNT", "SUM", "MIN", "MAX", "AVG", "LATEST", "UNIQUE_COUNT")

MOMENT = st.builds(
    lambda hour, minute, second: T0 + timedelta(hours=hour, minutes=minute, seconds=second),
    st.integers(0, HOURS - 1),
    st.one_of(st.just(0), st.integers(0, 59)),
    st.one_of(st.just(0), st.integers(0, 59)),
)
VALUE = st.one_of(
    st.none(),
    st.integers(-1000, 1000),
    st.decimals(min_value=-(10**6), max_value=10**6, places=3, allow_nan=False).map(float),
)
PROPERTIES = st.fixed_dictionaries(
    {},
    optional={
        "plan": st.sampled_from(["free", "pro"]),
        "seats": st.one_of(st.integers(-3, 3), st.sampled_from(["2", "x"]), st.booleans()),
        "beta": st.booleans(),
    },
)
EVENT = st.fixed_dictionaries(
    {
        "at": MOMENT,
        "value": VALUE,
        "string": st.one_of(st.none(), st.sampled_from(["a", "b", "c", "é", ""])),
        "properties": PROPERTIES,
        "by_external_id": st.booleans(),
    }
)
BOUND = st.one_of(
    st.none(),
    st.integers(-1, HOURS + 1).map(lambda hour: T0 + timedelta(hours=hour)),
    st.builds(
        lambda hour, seconds: T0 + timedelta(hours=hour, seconds=seconds),
        st.integers(-1, HOURS),
        st.integers(1, 3599),
    ),
)


WINDOW = st.tuples(BOUND, BOUND).map(lambda b: tuple(sorted(b)) if None not in b else b)


# Rows for the reference ---------------------------------------------------------------------


def in_window(event, start, end) -> bool:
    return (start is None or event["at"] >= start) and (end is None or event["at"] < end)


def json_text(value) -> str:
    """``properties ->> key`` of a JSON value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def indexed_rows(chosen, key):
    rows = []
    for e in chosen:
        if key in e["properties"]:
            value = e["properties"][key]
            number = value if isinstance(value, int) and not isinstance(value, bool) else None
            rows.append((e["at"], _number(number), json_text(value)))
    return rows


# Storing ---------------------------------------------------------------------------------------


# Properties ------------------------------------------------------------------------------------


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    stored=st.lists(EVENT, max_size=30),
    windows=st.lists(WINDOW, min_size=1, max_size=4),
    batches=st.integers(1, 3),
)
async def test_rollup_and_raw_paths_match_the_reference(merchant, stored, windows, batches):
    customer = await new_customer(merchant.id)
    keys = customer_keys(customer)
    await store(merchant.id, customer, stored, batches)
    noise = {"at": T0, "value": 5000, "string": "zz", "properties": {"plan": "pro", "seats": 9}}
    await store(merchant.id, customer, [{**noise, "by_external_id": False}], name="other.call")
    stranger = await new_customer(merchant.id)
    await store(merchant.id, stranger, [{**noise, "by_external_id": True}])

    for start, end in [(None, None), *windows]:
        chosen = [event for event in stored if in_window(event, start, end)]
        where = {"keys": keys, "start": start, "end": end}
        for aggregation in EVERY_AGGREGATION:
            simple = metric(aggregation)
            expected = reference(aggregation, simple_rows(chosen))
            raw = await usage_totals.raw_usage(merchant.id, simple, **where)
            assert matches(raw, expected, aggregation), (aggregation, start, end, raw, expected)
            total = await usage_totals.usage(merchant.id, simple, **where)
            assert matches(total, expected, aggregation), (aggregation, start, end, total)
            if aggregation != "UNIQUE_COUNT":
                assert usage_totals.uses_rollups(simple)
                rolled = await usage_totals.rollup_usage(merchant.id, simple, **where)
                assert rolled == raw, (aggregation, start, end, rolled, raw)

            indexed = metric(aggregation, "indexed", custom_query="seats")
            expected = reference(aggregation, indexed_rows(chosen, "seats"))
            answer = await usage_totals.usage(merchant.id, indexed, **where)
            assert matches(answer, expected, aggregation), ("indexed", aggregation, answer)

        pro = [event for event in chosen if event["properties"].get("plan") == "pro"]
        for aggregation in ("COUNT", "SUM", "LATEST"):
            filtered = metric(aggregation, property_filters={"plan": "pro"})
            assert not usage_totals.uses_rollups(filtered)
            answer = await usage_totals.usage(merchant.id, filtered, **where)
            assert matches(answer, reference(aggregation, simple_rows(pro)), aggregation)


# Examples --------------------------------------------------------------------------------------


def at(minutes: int, seconds: int = 0) -> datetime:
    return T0 + timedelta(minutes=minutes, seconds=seconds)


async def test_an_older_event_arriving_late_keeps_the_newer_latest(merchant):
    customer = await new_customer(merchant.id)
    await store(merchant.id, customer, [one(7, at(40))])
    await store(merchant.id, customer, [one(3, at(10))])  # older, same hour, stored later
    rollup = await UsageRollup.get(merchant_id=merchant.id, customer_key=customer.id)
    assert (rollup.latest_value, rollup.latest_at, rollup.event_count) == (7, at(40), 2)
    latest = metric("LATEST")
    for start in (None, T0, at(5)):
        value = await usage_totals.usage(
            merchant.id, latest, keys=customer_keys(customer), start=start, end=None
        )
        assert value == 7


async def test_a_timestamp_tie_goes_to_the_later_stored_event(merchant):
    customer = await new_customer(merchant.id)
    keys = customer_keys(customer)
    latest = metric("LATEST")
    await store(merchant.id, customer, [one(1, at(30)), one(2, at(30))])  # one batch
    await store(merchant.id, customer, [one(3, at(30))])  # a later batch, same key
    assert await usage_totals.usage(merchant.id, latest, keys=keys, start=None, end=None) == 3
    # The same instant under the external key: two rollup rows tie, the events decide.
    await store(merchant.id, customer, [one(4, at(30), by_external_id=True)])
    await store(merchant.id, customer, [one(5, at(30))])
    for start, end in [(None, None), (T0, T0 + timedelta(hours=1)), (at(1), at(59))]:
        where = {"keys": keys, "start": start, "end": end}
        assert await usage_totals.rollup_usage(merchant.id, latest, **where) == 5
        assert await usage_totals.raw_usage(merchant.id, latest, **where) == 5


async def test_simple_metric_values_come_from_rollups_and_the_others_from_events(merchant):
    """An event written around the intake has no rollup: only the raw path sees it, which shows
    which path each metric takes (the back-fill exists for such loads)."""
    customer = await new_customer(merchant.id)
    await store(merchant.id, customer, [one(2, at(5), plan="pro")])
    await connections.get("default").execute_query(
        "INSERT INTO usage_events (merchant_id, idempotency_key, event_name, customer_key, "
        "event_value, event_string, properties, event_timestamp, received_at) VALUES ($1, 'raw', "
        "$2, $3, 40, 'x', '{\"plan\": \"pro\"}'::jsonb, $4, now())",
        [merchant.id, NAME, customer.id, at(20)],
    )
    keys, everything = customer_keys(customer), Timeframe("ALL")
    inside_the_hour = Timeframe("CUSTOM", at(1), at(59))

    async def compute(frame, aggregation="SUM", **fields):
        chosen = metric(aggregation, **fields)
        return await metric_values.compute(merchant.id, chosen, keys=keys, timeframe=frame)

    assert await compute(everything) == 2  # rollups
    assert await compute(inside_the_hour) == 42  # no whole hour: the events
    assert await compute(everything, property_filters={"plan": "pro"}) == 42
    assert await compute(everything, "UNIQUE_COUNT") == 1
    assert await compute(everything, query_type="indexed") == 42
