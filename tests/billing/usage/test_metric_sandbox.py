"""The custom-metric sandbox: its role reads only the metric view (tested straight on its
connections, as if the parser check had been bypassed), its session limits, error texts kept
from the caller, the per-merchant and pool limits, and a merchant's slow metrics leaving the
shared pool to everybody else."""

import asyncio
import logging
from contextlib import AsyncExitStack

import asyncpg
import pytest
from tortoise import connections

from billing.catalog import metrics
from billing.core.db_access import pool_client
from billing.core.errors import Invalid, TooManyRequests, Unavailable
from billing.usage import metric_sandbox, metric_values
from billing.usage.metric_values import Timeframe, customer_keys
from tests.support.billing.usage.metric_values import add_many
from tests.support.factories.subscriptions import make_customer
from webapp import db, metrics_role

ALL = Timeframe("ALL")
OTHER_TABLES = [
    "merchants",
    "users",
    "api_keys",
    "customers",
    "metrics",
    "usage_events",
    "subscriptions",
    "aerich",
    "pg_authid",
    "pg_catalog.pg_statistic",
]


async def tally_user() -> str:
    rows = await connections.get("default").execute_query_dict("SELECT current_user AS name")
    return rows[0]["name"]


@pytest.mark.parametrize("table", OTHER_TABLES)
async def test_the_role_may_read_no_other_table(merchant, table):
    async with metric_sandbox.session(merchant.id) as connection:
        with pytest.raises(asyncpg.InsufficientPrivilegeError):
            await connection.fetchval(f"SELECT count(*) FROM {table}")


async def test_the_role_is_its_own_session_user_and_reads_the_view(merchant):
    customer = await make_customer(merchant.id)
    await add_many(merchant.id, customer.id, 3)
    async with metric_sandbox.session(merchant.id) as connection:
        assert tuple(await connection.fetchrow("SELECT current_user, session_user")) == (
            metrics_role.ROLE,
            metrics_role.ROLE,
        )
        count = "SELECT count(*) FROM metric_events WHERE merchant_id = $1"
        assert await connection.fetchval(count, merchant.id) == 3


@pytest.mark.parametrize(
    "statement",
    [
        "SELECT set_config('role', '{user}', true)",
        "SET ROLE {user}",
        "SET SESSION AUTHORIZATION {user}",
    ],
)
async def test_the_role_cannot_become_tallys_user(merchant, statement):
    """What ``SET LOCAL ROLE`` on Tally's own connections could not prevent."""
    user = await tally_user()
    async with metric_sandbox.session(merchant.id) as connection:
        with pytest.raises(asyncpg.InsufficientPrivilegeError):
            await connection.execute(statement.format(user=user))


async def test_nothing_can_be_written(merchant):
    async with metric_sandbox.session(merchant.id) as connection:
        with pytest.raises(asyncpg.ReadOnlySQLTransactionError):
            await connection.execute("CREATE TEMP TABLE scratch (n int)")


async def test_session_limits_hold_and_come_back_after_a_changed_setting(merchant):
    names = ("statement_timeout", "work_mem", "lock_timeout", "transaction_read_only")
    async with metric_sandbox.session(merchant.id) as connection:
        shown = {name: await connection.fetchval(f"SHOW {name}") for name in names}
        pid = await connection.fetchval("SELECT pg_backend_pid()")
        await connection.execute(
            "SELECT set_config('work_mem', '1GB', false), set_config('statement_timeout', '0', "
            "false)"
        )
    assert shown == {
        "statement_timeout": "1s",
        "work_mem": "2MB",
        "lock_timeout": "500ms",
        "transaction_read_only": "on",
    }
    async with metric_sandbox.session(merchant.id) as connection:
        assert await connection.fetchval("SELECT pg_backend_pid()") == pid  # the same session
        assert await connection.fetchval("SHOW work_mem") == "2MB"
        assert await connection.fetchval("SHOW statement_timeout") == "1s"


@pytest.mark.parametrize(
    ("query", "detail"),
    [
        ("SELECT CAST(version() AS int)", "PostgreSQL"),
        ("SELECT CAST(user AS int)", metrics_role.ROLE),
        ("SELECT CAST(current_setting('server_version') AS int)", "invalid input syntax"),
        ("SELECT count(*) FROM api_keys", "permission denied"),
    ],
)
async def test_database_error_texts_are_logged_not_answered(merchant, caplog, query, detail):
    logged = caplog.at_level(logging.WARNING, logger="tally.metrics")
    with logged, pytest.raises(Invalid) as raised:
        await metric_sandbox.first_row(merchant.id, "metric_x", query, [])
    assert raised.value.message == "The metric query failed"
    assert detail in caplog.text and merchant.id in caplog.text


async def test_a_merchant_runs_two_queries_at_once_others_wait_or_get_429(make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    assert metric_sandbox.PER_MERCHANT == 2
    first, second = metric_sandbox.session(alice.id), metric_sandbox.session(alice.id)
    await first.__aenter__()
    await second.__aenter__()
    try:
        assert metric_sandbox.running(alice.id) == 2
        with pytest.raises(TooManyRequests, match="^Too many metric queries of this account"):
            await metric_sandbox.first_row(alice.id, "metric_x", "SELECT 1", [])
        waiting = asyncio.create_task(
            metric_sandbox.first_row(alice.id, "metric_x", "SELECT 2", [])
        )
        # Bob is not held up by Alice; the round trip lets Alice's third query start waiting.
        assert (await metric_sandbox.first_row(bob.id, "metric_y", "SELECT 3", []))[0] == 3
    finally:
        await first.__aexit__(None, None, None)
    try:
        assert (await waiting)[0] == 2  # it waited for the slot the first query left
    finally:
        await second.__aexit__(None, None, None)
    assert metric_sandbox.running(alice.id) == 0


async def test_a_full_pool_answers_503_to_a_third_merchant(make_merchant):
    merchants = [await make_merchant() for _ in range(3)]
    held = metric_sandbox.POOL_SIZE // metric_sandbox.PER_MERCHANT
    async with AsyncExitStack() as stack:
        for merchant in merchants[:held]:
            for _ in range(metric_sandbox.PER_MERCHANT):
                await stack.enter_async_context(metric_sandbox.session(merchant.id))
        assert metric_sandbox.pool_in_use() == metric_sandbox.POOL_SIZE
        with pytest.raises(Unavailable, match="^Custom metrics are busy on this server"):
            await metric_sandbox.first_row(merchants[-1].id, "metric_x", "SELECT 1", [])


async def test_a_role_with_more_rights_or_none_is_never_used(merchant, database_url):
    """Merchant SQL never runs as Tally's own (here: superuser) role nor as a role that does
    not exist: custom metrics answer 503 instead."""
    admin = db.credentials_from_url(database_url)
    usable = metrics_role.credentials(admin)
    privileged = await connections.get("default").execute_query_dict(
        "SELECT rolsuper OR rolcreaterole OR rolcreatedb AS yes FROM pg_roles"
        " WHERE rolname = current_user"
    )
    users = ["tally_no_such_role"] + ([admin["user"]] if privileged[0]["yes"] else [])
    try:
        for user in users:
            metric_sandbox.configure({**usable, "user": user, "password": admin["password"]})
            await metric_sandbox.close()
            with pytest.raises(Unavailable, match="^Custom SQL metrics are not available"):
                await metric_sandbox.first_row(merchant.id, "metric_x", "SELECT 1", [])
    finally:
        metric_sandbox.configure(usable)
        await metric_sandbox.close()
    assert (await metric_sandbox.first_row(merchant.id, "metric_x", "SELECT 1", []))[0] == 1


async def test_slow_metrics_of_one_merchant_leave_the_shared_pool_alone(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    heavy, bea = await make_customer(alice.id), await make_customer(bob.id)
    await add_many(alice.id, heavy.id, 400)
    await add_many(bob.id, bea.id, 5)
    slow = await metrics.create_metric(
        alice.id,
        name="Slow",
        event_name="api.call",
        query_type="complex",
        custom_query="SELECT count(*) FROM events a, events b, events c, events d",
    )
    quick = await metrics.create_metric(
        bob.id,
        name="Quick",
        event_name="api.call",
        query_type="complex",
        custom_query="SELECT count(*) FROM events",
    )
    shared = pool_client()._pool
    async with AsyncExitStack() as stack:
        # Two of Alice's queries hold their sandbox connections for as long as this block
        # lasts, as slow ones do, and more of her reads than the shared pool has connections
        # wait for their turn.
        for _ in range(metric_sandbox.PER_MERCHANT):
            await stack.enter_async_context(metric_sandbox.session(alice.id))
        reads = [
            asyncio.create_task(
                metric_values.compute(alice.id, slow, keys=customer_keys(heavy), timeframe=ALL)
            )
            for _ in range(shared.get_max_size() + 2)
        ]
        response = await client.get("/v1/customers", headers=bob.headers)
        assert response.status_code == 200
        assert [row["id"] for row in (await response.get_json())["customers"]] == [bea.id]
        assert shared.get_idle_size() == shared.get_size()  # Alice holds none of them
        assert metric_sandbox.running(alice.id) == metric_sandbox.PER_MERCHANT
        answer = await metric_values.metric_value(bob.id, quick.id, customer_id=bea.id)
        assert answer["value"] == 5
    outcomes = await asyncio.gather(*reads, return_exceptions=True)
    assert {type(outcome) for outcome in outcomes} <= {TooManyRequests, Invalid}
    assert any(isinstance(outcome, TooManyRequests) for outcome in outcomes)
