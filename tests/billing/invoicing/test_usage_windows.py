"""Many usage windows measured at once answer exactly what each measured alone answers.

Events sit on hour edges, inside hours and outside the windows, under a customer's id and its
``ext:`` key; windows are whole hours, ragged at both ends, inside one hour, empty, and
shortened by a trial. Every aggregation is compared with ``cycles.measured``, the path a
single cycle (and the upcoming invoice) takes.
"""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from billing.catalog.metrics import create_metric, delete_metric
from billing.customers.models import Customer
from billing.invoicing.cycles import UsageWindow, measured
from billing.invoicing.usage_windows import measure_windows
from billing.usage import events
from tests.support.factories.subscriptions import make_customer

T0 = datetime(2031, 3, 1, tzinfo=UTC)
H = timedelta(hours=1)
# (offset from T0, value, by external id)
EVENTS = [
    (timedelta(0), 5, False),  # exactly on an hour: inside windows starting at T0
    (timedelta(minutes=30), 2.5, True),
    (H - timedelta(microseconds=1), 7, False),  # the last instant of the first hour
    (H, 1, True),
    (2 * H + timedelta(minutes=15), 10, False),
    (5 * H + timedelta(minutes=59), 0.25, True),
    (6 * H, 3, False),  # exactly at the end of some windows: outside them
    (-H, 100, False),  # before every window
]
WINDOWS = [
    (timedelta(0), 6 * H),  # whole hours only
    (timedelta(minutes=10), 5 * H + timedelta(minutes=59, seconds=30)),  # ragged ends
    (timedelta(minutes=20), timedelta(minutes=50)),  # inside one hour
    (H - timedelta(microseconds=1), H + timedelta(microseconds=1)),  # across an edge
    (3 * H, 5 * H),  # nothing happened
    (2 * H, 2 * H),  # empty
    (-2 * H, 7 * H),  # everything
]


async def _customer_with_usage(merchant_id: str, event_name: str) -> Customer:
    customer = await make_customer(merchant_id)
    customer.external_customer_id = f"crm-{customer.id[-6:]}"
    await customer.save()
    batch = []
    for offset, value, by_ext in EVENTS:
        who = (
            {"extCustomerId": customer.external_customer_id}
            if by_ext
            else {"customerId": customer.id}
        )
        at = (T0 + offset).isoformat()
        batch.append({"eventName": event_name, **who, "eventValue": value, "eventTimestamp": at})
        batch.append(
            {"eventName": event_name, **who, "eventString": f"s{value}", "eventTimestamp": at}
        )
    await events.ingest_batch(merchant_id, {"events": batch})
    return customer


@pytest.mark.parametrize(
    "aggregation", ["SUM", "COUNT", "MIN", "MAX", "AVG", "LATEST", "UNIQUE_COUNT"]
)
async def test_every_window_matches_measuring_it_alone(merchant, aggregation):
    metric = await create_metric(
        merchant.id, name=f"M {aggregation}", event_name="work", aggregation_type=aggregation
    )
    customers = [await _customer_with_usage(merchant.id, "work") for _ in range(2)]
    plain = await make_customer(merchant.id)  # no external id, no usage
    windows = [
        UsageWindow((c.id, f"ext:{c.external_customer_id}"), metric.id, T0 + lo, T0 + hi, T0 + lo)
        for c in customers
        for lo, hi in WINDOWS
    ]
    windows += [UsageWindow((plain.id,), metric.id, T0, T0 + 6 * H, T0)]
    at_once = await measure_windows(merchant.id, windows)
    alone = {window: await measured(merchant.id, window) for window in windows}
    assert at_once == alone
    # and the figures themselves, for the sums: whole hours, ragged ends, one hour, an edge
    if aggregation == "SUM":
        first = [at_once[window] for window in windows[: len(WINDOWS)]]
        assert first == [Decimal("25.75"), Decimal("20.75"), Decimal("2.5"), Decimal(8)] + [
            Decimal(0),
            Decimal(0),
            Decimal("128.75"),
        ]


async def test_no_metric_a_deleted_one_and_an_empty_window_measure_nothing(merchant):
    metric = await create_metric(merchant.id, name="Gone", event_name="gone")
    customer = await _customer_with_usage(merchant.id, "gone")
    keys = (customer.id, f"ext:{customer.external_customer_id}")
    await delete_metric(merchant.id, metric.id)
    windows = [
        UsageWindow(keys, metric.id, T0, T0 + 6 * H, T0),
        UsageWindow(keys, None, T0, T0 + 6 * H, T0),
        UsageWindow(keys, "mtr_doesnotexist0000000000", T0, T0 + 6 * H, T0),
    ]
    assert set((await measure_windows(merchant.id, windows)).values()) == {Decimal(0)}


async def test_another_merchants_metric_measures_nothing(merchant, make_merchant):
    other = await make_merchant("Other Co")
    metric = await create_metric(other.id, name="Theirs", event_name="theirs")
    customer = await _customer_with_usage(other.id, "theirs")
    window = UsageWindow((customer.id,), metric.id, T0, T0 + 6 * H, T0)
    assert await measure_windows(merchant.id, [window]) == {window: Decimal(0)}
    assert (await measure_windows(other.id, [window]))[window] == Decimal(22)  # its id only
