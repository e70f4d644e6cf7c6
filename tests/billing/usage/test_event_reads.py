"""The per-day chart data and filter parsing of billing/usage/event_reads.py."""

from datetime import UTC, date, datetime

import pytest

from billing.core.errors import Invalid
from billing.usage import event_reads, events
from billing.usage.event_reads import EventFilters

TODAY = date(2026, 3, 10)


async def store(merchant_id: str, name: str, day: int, hour: int = 12, customer="cust_a"):
    moment = datetime(2026, 3, day, hour, tzinfo=UTC).isoformat()
    await events.ingest_event(
        merchant_id, {"eventName": name, "customerId": customer, "eventTimestamp": moment}
    )


async def test_daily_counts_per_event_name_over_the_window(merchant):
    for day, hour in ((10, 0), (10, 23), (9, 5), (1, 12)):
        await store(merchant.id, "api-call", day, hour)
    await store(merchant.id, "login", 10)
    await store(merchant.id, "api-call", 10, customer="cust_b")
    chart = await event_reads.daily_counts(merchant.id, EventFilters(), days=3, today=TODAY)
    assert chart["days"] == [date(2026, 3, 8), date(2026, 3, 9), date(2026, 3, 10)]
    assert chart["series"] == [
        {"eventName": "api-call", "counts": [0, 1, 3]},
        {"eventName": "login", "counts": [0, 0, 1]},
    ]
    only_a = EventFilters(customer_ids=("cust_a",), event_names=("api-call",))
    chart = await event_reads.daily_counts(merchant.id, only_a, days=3, today=TODAY)
    assert chart["series"] == [{"eventName": "api-call", "counts": [0, 1, 2]}]


async def test_daily_counts_fold_quiet_names_into_other(merchant):
    for index in range(event_reads.CHART_SERIES + 2):
        for _ in range(index + 1):
            await store(merchant.id, f"name-{index:02d}", 10)
    chart = await event_reads.daily_counts(merchant.id, EventFilters(), days=1, today=TODAY)
    assert len(chart["series"]) == event_reads.CHART_SERIES + 1
    assert chart["series"][0] == {"eventName": "name-09", "counts": [10]}
    assert chart["series"][-1] == {"eventName": "other", "counts": [1 + 2]}


async def test_daily_counts_empty_account(merchant):
    chart = await event_reads.daily_counts(merchant.id, EventFilters(), days=30, today=TODAY)
    assert len(chart["days"]) == 30 and chart["days"][-1] == TODAY
    assert chart["series"] == []


def test_parse_filters_splits_trims_and_dedupes():
    filters = event_reads.parse_filters(
        {"eventName": ["a, b", "a", ""], "customerId": ["x"], "endDate": ["2026-03-01"]}
    )
    assert filters.event_names == ("a", "b")
    assert filters.customer_ids == ("x",)
    assert filters.end == datetime(2026, 3, 1, 23, 59, 59, 999999, tzinfo=UTC)


@pytest.mark.parametrize(
    "values", [{"limit": ["0"]}, {"limit": ["1001"]}, {"offset": ["x"]}, {"limit": ["9" * 12]}]
)
def test_parse_page_refuses_out_of_range(values):
    with pytest.raises(Invalid):
        event_reads.parse_page(values)


def test_parse_page_defaults():
    assert event_reads.parse_page({}) == (100, 0)
    assert event_reads.parse_page({"limit": ["1000"], "offset": ["5"]}) == (1000, 5)
