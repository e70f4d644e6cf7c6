"""Usage checkpoints: written by a read that added up many hours, used by the next reads, and
never stale: late events (also one still being written while the checkpoint is read), the
rollup back-fill and other merchants' data all count exactly as the events say.

"Used" is shown by removing the hourly rollups a checkpoint covers: a read that still answers
the full total took those hours from the checkpoint.
"""

import asyncio
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tortoise import connections

from billing.core.db_access import pool_client
from billing.usage import usage_checkpoints, usage_totals
from billing.usage.event_inputs import parse_batch
from billing.usage.event_writer import WRITE_SQL, _columns
from billing.usage.metric_values import customer_keys
from billing.usage.models import UsageEvent
from billing.usage.rollup_backfill import backfill_merchant
from tests.support.billing.usage.reference import reference
from tests.support.billing.usage.usage_totals import (
    event_body,
    matches,
    metric,
    new_customer,
    one,
    simple_rows,
    store,
)

SUM = metric("SUM")


def this_hour() -> datetime:
    return datetime.now(UTC).replace(minute=0, second=0, microsecond=0)


def hours_ago(hours: int, minute: int = 30) -> datetime:
    return this_hour() - timedelta(hours=hours) + timedelta(minutes=minute)


async def query(sql: str, *args) -> list[dict]:
    return await connections.get("default").execute_query_dict(sql, list(args))


async def checkpoints(merchant_id: str) -> list[dict]:
    return await query(
        "SELECT customer_key, window_start, through, event_count, value_sum FROM usage_checkpoints"
        " WHERE merchant_id = $1 ORDER BY customer_key",
        merchant_id,
    )


async def busy_customer(merchant_id: str, hours=range(2, 22)):
    """A customer with one event (value = hours ago) in each of ``hours`` past hours."""
    customer = await new_customer(merchant_id)
    await store(merchant_id, customer, [one(hour, hours_ago(hour)) for hour in hours])
    return customer


async def total(merchant_id: str, customer, start=None) -> Decimal:
    """The SUM over a window from ``start`` (default: 30 hours ago, mid-hour) into next month,
    like a credit grant's."""
    start = start or hours_ago(30, minute=10)
    end = this_hour() + timedelta(days=30)
    keys = customer_keys(customer)
    return await usage_totals.usage(merchant_id, SUM, keys=keys, start=start, end=end)


async def drop_rollups_before(merchant_id: str, moment: datetime) -> None:
    await query(
        "DELETE FROM usage_rollups WHERE merchant_id = $1 AND bucket_start < $2",
        merchant_id,
        moment,
    )


async def test_a_long_sum_writes_a_checkpoint_that_the_next_read_uses(merchant):
    customer = await busy_customer(merchant.id)
    assert await checkpoints(merchant.id) == []
    assert await total(merchant.id, customer) == sum(range(2, 22))

    saved = {row["customer_key"]: row for row in await checkpoints(merchant.id)}
    assert set(saved) == set(customer_keys(customer))  # the external key's is empty
    mine = saved[customer.id]
    assert mine["window_start"] == hours_ago(30, minute=10)  # the window's exact start
    assert this_hour() - timedelta(hours=1) <= mine["through"] <= this_hour()
    covered = [hour for hour in range(2, 22) if hours_ago(hour) < mine["through"]]
    assert mine["event_count"] == len(covered) and mine["value_sum"] == sum(covered)
    assert saved[f"ext:{customer.external_customer_id}"]["event_count"] == 0

    await drop_rollups_before(merchant.id, mine["through"])
    assert await total(merchant.id, customer) == sum(range(2, 22))


async def test_the_first_partial_hour_is_in_the_checkpoint(merchant):
    """The window starts 30 hours ago at :10; its events up to the first whole hour are added
    up into the checkpoint too, so later reads never go back to the start of the period."""
    customer = await busy_customer(merchant.id)
    before, inside = one(5, hours_ago(30, minute=5)), one(7, hours_ago(30, minute=40))
    await store(merchant.id, customer, [before, inside])
    assert await total(merchant.id, customer) == sum(range(2, 22)) + 7
    mine = {row["customer_key"]: row for row in await checkpoints(merchant.id)}[customer.id]
    covered = [hour for hour in range(2, 22) if hours_ago(hour) < mine["through"]]
    assert (mine["event_count"], mine["value_sum"]) == (len(covered) + 1, sum(covered) + 7)
    assert await total(merchant.id, customer) == sum(range(2, 22)) + 7  # counted once

    await store(merchant.id, customer, [one(100, hours_ago(30, minute=50))])  # late, inside
    assert await total(merchant.id, customer) == sum(range(2, 22)) + 107
    mine = {row["customer_key"]: row for row in await checkpoints(merchant.id)}[customer.id]
    assert mine["value_sum"] == sum(covered) + 107

    await query(
        "DELETE FROM usage_events WHERE merchant_id = $1 AND event_timestamp < $2",
        merchant.id,
        hours_ago(29, minute=0),
    )
    await drop_rollups_before(merchant.id, mine["through"])
    assert await total(merchant.id, customer) == sum(range(2, 22)) + 107


async def test_a_short_sum_writes_no_checkpoint(merchant):
    customer = await busy_customer(merchant.id, hours=range(2, 2 + 12))
    assert await total(merchant.id, customer) == sum(range(2, 14))
    assert await checkpoints(merchant.id) == []


async def test_a_late_event_counts_and_the_checkpoint_moves_on(merchant):
    customer = await busy_customer(merchant.id)
    await total(merchant.id, customer)
    await store(merchant.id, customer, [one(1000, hours_ago(10, minute=5))])  # late
    marks = await query(
        "SELECT customer_key FROM usage_late_writes WHERE merchant_id = $1", merchant.id
    )
    assert marks == [{"customer_key": customer.id}]

    assert await total(merchant.id, customer) == sum(range(2, 22)) + 1000
    mine = {row["customer_key"]: row for row in await checkpoints(merchant.id)}[customer.id]
    covered = [hour for hour in range(2, 22) if hours_ago(hour) < mine["through"]]
    assert mine["value_sum"] == sum(covered) + 1000  # read again, after the late write
    await drop_rollups_before(merchant.id, mine["through"])
    assert await total(merchant.id, customer) == sum(range(2, 22)) + 1000


async def test_a_late_write_still_running_while_a_checkpoint_is_read_is_not_lost(merchant):
    customer = await busy_customer(merchant.id)
    late = parse_batch(merchant.id, {"events": [event_body(customer, one(500, hours_ago(5)))]})
    async with pool_client().acquire_connection() as writer:
        transaction = writer.transaction()
        await transaction.start()
        await writer.fetch(WRITE_SQL, *_columns(late))
        # The checkpoint is read now, without the uncommitted event.
        assert await total(merchant.id, customer) == sum(range(2, 22))
        assert len(await checkpoints(merchant.id)) == 2
        await transaction.commit()
    assert await total(merchant.id, customer) == sum(range(2, 22)) + 500


async def test_a_running_transaction_holds_the_checkpoint_back_to_its_start(merchant):
    async with pool_client().acquire_connection() as other:
        transaction = other.transaction()
        await transaction.start()
        started = await other.fetchval("SELECT now()")
        await asyncio.sleep(0.05)
        async with pool_client().acquire_connection() as saver, saver.transaction():
            assert await saver.fetchval(usage_checkpoints.OLDEST_START_SQL) <= started
        await transaction.commit()
    async with pool_client().acquire_connection() as saver, saver.transaction():
        assert await saver.fetchval(usage_checkpoints.OLDEST_START_SQL) > started


async def test_the_backfill_makes_checkpoints_before_it_stale(merchant):
    customer = await busy_customer(merchant.id)
    await total(merchant.id, customer)
    received = datetime.now(UTC) - timedelta(hours=1)
    await UsageEvent.bulk_create(
        [
            UsageEvent(
                merchant_id=merchant.id,
                idempotency_key=f"import-{hour}",
                event_name=SUM.event_name,
                customer_key=customer.id,
                customer_id=customer.id,
                event_value=Decimal(7000),
                properties={},
                event_timestamp=hours_ago(hour, minute=45),
                received_at=received,
            )
            for hour in (4, 12)
        ]
    )
    assert await total(merchant.id, customer) == sum(range(2, 22))  # no rollups yet
    await backfill_merchant(merchant.id, batch_size=5000, cutoff_seconds=0)
    assert await total(merchant.id, customer) == sum(range(2, 22)) + 14000


async def test_another_merchants_checkpoint_never_counts(make_merchant):
    ours, theirs = await make_merchant(), await make_merchant()
    customer = await busy_customer(ours.id)
    stranger = await new_customer(theirs.id)
    stranger.external_customer_id = customer.external_customer_id  # the same ext: key
    await stranger.save()
    await store(theirs.id, stranger, [one(1, hours_ago(3), by_external_id=True)])
    assert await total(ours.id, customer) == sum(range(2, 22))
    assert await total(theirs.id, stranger) == 1
    assert await checkpoints(theirs.id) == []


async def test_prune_removes_checkpoints_no_read_moved_in_weeks(merchant):
    old, fresh = await busy_customer(merchant.id), await busy_customer(merchant.id)
    await total(merchant.id, old)
    await total(merchant.id, fresh)
    await query(
        "UPDATE usage_checkpoints SET updated_at = now() - interval '36 days'"
        " WHERE merchant_id = $1 AND customer_key = $2",
        merchant.id,
        old.id,
    )
    assert await usage_checkpoints.prune(datetime.now(UTC)) >= 1
    left = {row["customer_key"] for row in await checkpoints(merchant.id)}
    assert old.id not in left and fresh.id in left
    assert await total(merchant.id, old) == sum(range(2, 22))  # rebuilt from the rollups


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    batches=st.lists(
        st.lists(
            st.tuples(st.integers(0, 40), st.integers(0, 59), st.integers(-50, 50)),
            min_size=1,
            max_size=15,
        ),
        min_size=1,
        max_size=5,
    ),
    aggregation=st.sampled_from(["COUNT", "SUM", "MIN", "MAX", "AVG", "LATEST"]),
)
async def test_reads_between_writes_match_the_reference(merchant, batches, aggregation):
    """Events of the last 40 hours (late and timely) arrive in batches; after each one, the
    total over a grant-like window equals the plain-Python aggregate of everything stored."""
    customer = await new_customer(merchant.id)
    chosen = metric(aggregation)
    start, stored = hours_ago(36, minute=20), []
    for batch in batches:
        events = [one(value, hours_ago(hour, minute)) for hour, minute, value in batch]
        await store(merchant.id, customer, events)
        stored += [event for event in events if event["at"] >= start]
        keys = customer_keys(customer)
        end = this_hour() + timedelta(days=30)
        answer = await usage_totals.usage(merchant.id, chosen, keys=keys, start=start, end=end)
        expected = reference(aggregation, simple_rows(stored))
        assert matches(answer, expected, aggregation), (aggregation, answer, expected)
