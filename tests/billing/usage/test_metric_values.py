"""Metric values against a plain-Python reference, timeframes, external-id events, isolation and
the complex-query sandbox at run time."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from billing.catalog import metrics
from billing.core.errors import Invalid, NotFound
from billing.customers.models import Customer
from billing.usage import events, metric_values
from billing.usage.metric_values import Timeframe, customer_keys
from billing.usage.models import UsageEvent
from tests.support.billing.usage.metric_values import add_many
from tests.support.billing.usage.reference import reference
from tests.support.factories.subscriptions import make_customer, subscribe

T0 = datetime(2026, 1, 1, tzinfo=UTC)
AGGREGATIONS = ("COUNT", "SUM", "MIN", "MAX", "AVG", "UNIQUE_COUNT", "LATEST")
ALL = Timeframe("ALL")


async def add_event(merchant_id, key, *, name="api.call", value=None, string=None, at=T0, **props):
    """Store one event through the real intake, so its hourly rollup is written too."""
    who = {"extCustomerId": key[4:]} if key.startswith("ext:") else {"customerId": key}
    number = None
    if value is not None:
        number = int(value) if value == value.to_integral_value() else float(value)
    body = {"eventName": name, "eventValue": number, "eventString": string, "properties": props}
    await events.ingest_event(merchant_id, {**body, **who, "eventTimestamp": at.isoformat()})


def close(actual, expected):
    if expected is None:
        return actual is None
    return actual is not None and abs(Decimal(str(actual)) - Decimal(expected)) < Decimal("1e-6")


EVENT = st.tuples(
    st.one_of(
        st.none(),
        st.decimals(min_value=-(10**6), max_value=10**6, places=3, allow_nan=False),
    ),
    st.one_of(st.none(), st.sampled_from(["a", "b", "c", "d"])),
    st.integers(min_value=0, max_value=5).map(lambda h: T0 + timedelta(hours=h)),
)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(events=st.lists(EVENT, max_size=12))
async def test_every_aggregation_matches_the_reference(merchant, events):
    customer = await make_customer(merchant.id)
    for value, string, at in events:
        await add_event(merchant.id, customer.id, value=value, string=string, at=at)
    await add_event(merchant.id, customer.id, name="other", value=Decimal(999), string="z")
    for aggregation in AGGREGATIONS:
        metric = await metrics.create_metric(
            merchant.id, name=aggregation, event_name="api.call", aggregation_type=aggregation
        )
        answer = await metric_values.metric_value(merchant.id, metric.id, customer_id=customer.id)
        expected = reference(aggregation, [(at, value, string) for value, string, at in events])
        assert close(answer["value"], expected), (aggregation, answer)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(tokens=st.lists(st.one_of(st.integers(-50, 50), st.sampled_from(["x", "y"])), max_size=8))
async def test_indexed_aggregates_the_property(merchant, tokens):
    customer = await make_customer(merchant.id)
    for index, token in enumerate(tokens):
        at = T0 + timedelta(minutes=index)
        await add_event(merchant.id, customer.id, name="llm", at=at, tokens=token)
    await add_event(merchant.id, customer.id, name="llm", value=Decimal(7))  # no key
    numbers = [t for t in tokens if isinstance(t, int)]
    expected = {
        "COUNT": len(tokens),
        "SUM": sum(numbers) if numbers else None,
        "MIN": min(numbers, default=None),
        "MAX": max(numbers, default=None),
        "AVG": Decimal(sum(numbers)) / len(numbers) if numbers else None,
        "UNIQUE_COUNT": len({str(t) for t in tokens}),
        "LATEST": numbers[-1] if numbers else None,
    }
    for aggregation, wanted in expected.items():
        metric = await metrics.create_metric(
            merchant.id,
            name=aggregation,
            event_name="llm",
            aggregation_type=aggregation,
            query_type="indexed",
            custom_query="tokens",
        )
        answer = await metric_values.metric_value(merchant.id, metric.id, customer_id=customer.id)
        assert close(answer["value"], wanted), (aggregation, answer)


async def test_external_id_events_count_for_the_customer(merchant):
    customer = await make_customer(merchant.id)
    customer.external_customer_id = "user-42"
    await customer.save()
    assert customer_keys(customer) == [customer.id, "ext:user-42"]
    await add_event(merchant.id, customer.id, value=Decimal(2))
    await add_event(merchant.id, "ext:user-42", value=Decimal(3))
    await add_event(merchant.id, "ext:user-43", value=Decimal(100))
    metric = await metrics.create_metric(merchant.id, name="S", event_name="api.call")
    answer = await metric_values.metric_value(merchant.id, metric.id, customer_id=customer.id)
    assert answer["value"] == 5


async def test_custom_timeframe_is_start_inclusive_end_exclusive(merchant):
    customer = await make_customer(merchant.id)
    for hour in range(4):
        await add_event(merchant.id, customer.id, value=Decimal(1), at=T0 + timedelta(hours=hour))
    metric = await metrics.create_metric(
        merchant.id, name="C", event_name="api.call", aggregation_type="COUNT"
    )
    answer = await metric_values.metric_value(
        merchant.id,
        metric.id,
        customer_id=customer.id,
        timeframe="CUSTOM",
        start="2026-01-01T01:00:00Z",
        end="2026-01-01T03:00:00Z",
    )
    assert answer["value"] == 2
    assert answer["timeframe"] == {
        "type": "CUSTOM",
        "start": T0 + timedelta(hours=1),
        "end": T0 + timedelta(hours=3),
    }
    answer = await metric_values.metric_value(
        merchant.id,
        metric.id,
        customer_id=customer.id,
        timeframe={"type": "CUSTOM", "start": "2026-01-01T03:00:00Z", "end": "2027-01-01"},
    )
    assert answer["value"] == 1


async def test_current_period_uses_the_live_subscription(merchant):
    subscription = await subscribe(merchant.id)
    customer = await Customer.get(id=subscription.customer_id)
    start, end = subscription.current_period_start, subscription.current_period_end
    await add_event(merchant.id, customer.id, at=start - timedelta(seconds=1))
    await add_event(merchant.id, customer.id, at=start)
    await add_event(merchant.id, customer.id, at=end - timedelta(seconds=1))
    await add_event(merchant.id, customer.id, at=end)
    metric = await metrics.create_metric(
        merchant.id, name="C", event_name="api.call", aggregation_type="COUNT"
    )
    answer = await metric_values.metric_value(
        merchant.id, metric.id, customer_id=customer.id, timeframe="CURRENT_PERIOD"
    )
    assert answer["value"] == 2
    assert answer["timeframe"] == {"type": "CURRENT_PERIOD", "start": start, "end": end}
    everything = await metric_values.metric_value(merchant.id, metric.id, customer_id=customer.id)
    assert (everything["value"], everything["timeframe"]["type"]) == (4, "ALL")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"timeframe": "CURRENT_PERIOD"}, "no live subscription"),
        ({"timeframe": "WEEK"}, "timeframe must be one of"),
        ({"timeframe": "CUSTOM", "start": "2026-01-01T00:00:00Z"}, "needs both start and end"),
        ({"timeframe": "CUSTOM", "start": "2026-01-02", "end": "2026-01-01"}, "before end"),
        ({"timeframe": "CUSTOM", "start": "soon", "end": "2026-01-01"}, "start must be an ISO"),
        ({"timeframe": "ALL", "start": "2026-01-01"}, "only used with timeframe CUSTOM"),
        ({"customer_id": ""}, "customerId is required"),
    ],
)
async def test_bad_requests(merchant, options, message):
    customer = await make_customer(merchant.id)
    metric = await metrics.create_metric(merchant.id, name="C", event_name="api.call")
    options = {"customer_id": customer.id, **options}
    with pytest.raises(Invalid, match=message):
        await metric_values.metric_value(merchant.id, metric.id, **options)


async def test_other_merchants_metric_customer_and_events_stay_apart(make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    ada, bea = await make_customer(alice.id), await make_customer(bob.id)
    metric = await metrics.create_metric(alice.id, name="S", event_name="api.call")
    await add_event(alice.id, ada.id, value=Decimal(1))
    await add_event(bob.id, ada.id, value=Decimal(50))  # same key, other merchant
    assert (await metric_values.metric_value(alice.id, metric.id, customer_id=ada.id))["value"] == 1
    with pytest.raises(NotFound, match="^Metric not found or access denied$"):
        await metric_values.metric_value(bob.id, metric.id, customer_id=bea.id)
    with pytest.raises(NotFound, match="^Customer not found or access denied$"):
        await metric_values.metric_value(alice.id, metric.id, customer_id=bea.id)


async def test_complex_query_sees_only_this_customers_events(make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    ada, eve = await make_customer(alice.id), await make_customer(alice.id)
    await add_event(alice.id, ada.id, value=Decimal(2), plan="pro")
    await add_event(alice.id, ada.id, value=Decimal(3), plan="free")
    await add_event(alice.id, eve.id, value=Decimal(40), plan="pro")
    await add_event(bob.id, ada.id, value=Decimal(500), plan="pro")
    metric = await metrics.create_metric(
        alice.id,
        name="Pro",
        event_name="api.call",
        query_type="complex",
        custom_query="SELECT sum(event_value) FROM events WHERE properties->>'plan' = 'pro'",
    )
    answer = await metric_values.metric_value(alice.id, metric.id, customer_id=ada.id)
    assert (answer["value"], answer["queryType"]) == (2, "complex")
    zero = await metric_values.usage_or_zero(alice.id, metric, keys=["nobody"], timeframe=ALL)
    assert zero == 0


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("SELECT event_string FROM events", "must return one number"),
        ("SELECT 1 / (count(*) - count(*)) FROM events", "failed: division by zero"),
        ("SELECT count(*) FROM events a, events b, events c, events d", "statement timeout"),
        (
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
            "SELECT count(*) FROM r",
            "statement timeout",
        ),
    ],
)
async def test_failing_complex_query_is_400_and_zero_usage(merchant, query, message):
    customer = await make_customer(merchant.id)
    await add_event(merchant.id, customer.id, value=Decimal(1), string="abc")
    await add_many(merchant.id, customer.id, 400)
    metric = await metrics.create_metric(
        merchant.id, name="X", event_name="api.call", query_type="complex", custom_query=query
    )
    with pytest.raises(Invalid, match=message):
        await metric_values.metric_value(merchant.id, metric.id, customer_id=customer.id)
    keys = customer_keys(customer)
    assert await metric_values.usage_or_zero(merchant.id, metric, keys=keys, timeframe=ALL) == 0
    assert await UsageEvent.filter(merchant_id=merchant.id).count() == 401
