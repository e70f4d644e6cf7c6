"""The custom-metric role's set-up: made and granted by Tally where its user may, idempotent and
safe to run concurrently, and one warning naming the SQL to run where its user may not."""

import asyncio
import logging
import uuid

import asyncpg
import pytest

from webapp import db, metrics_role


async def connect_as(database_url: str, user: str | None = None) -> asyncpg.Connection:
    credentials = db.credentials_from_url(database_url)
    return await asyncpg.connect(
        host=credentials["host"],
        port=credentials["port"],
        user=user or credentials["user"],
        password=None if user else credentials["password"] or None,
        database=credentials["database"],
    )


async def test_migrations_made_the_role_with_login_and_the_view_only(database_url):
    admin = await connect_as(database_url)
    try:
        role = await admin.fetchrow(
            "SELECT rolcanlogin, rolsuper, rolcreaterole, rolcreatedb FROM pg_roles"
            " WHERE rolname = $1",
            metrics_role.ROLE,
        )
        assert tuple(role) == (True, False, False, False)
        granted = await admin.fetch(
            "SELECT table_name, privilege_type FROM information_schema.role_table_grants"
            " WHERE grantee = $1 AND table_catalog = current_database()",
            metrics_role.ROLE,
        )
        assert [tuple(row) for row in granted] == [("metric_events", "SELECT")]
    finally:
        await admin.close()


async def test_preparing_again_and_at_once_changes_nothing(database_url):
    connections = [await connect_as(database_url) for _ in range(3)]
    try:
        done = await asyncio.gather(*(metrics_role.prepare(c) for c in connections))
        assert done == [True, True, True]
    finally:
        for connection in connections:
            await connection.close()


@pytest.fixture
async def scratch_roles(database_url):
    """A metric role name of this test's own and an unprivileged login role; both dropped."""
    suffix = uuid.uuid4().hex[:8]
    metric_role, plain_user = f"tally_metrics_{suffix}", f"tally_plain_{suffix}"
    admin = await connect_as(database_url)
    await admin.execute(f"CREATE ROLE {plain_user} LOGIN")
    yield metric_role, plain_user
    for role in (metric_role, plain_user):
        if await admin.fetchval("SELECT 1 FROM pg_roles WHERE rolname = $1", role):
            await admin.execute(f"DROP OWNED BY {role}")
            await admin.execute(f"DROP ROLE {role}")
    await admin.close()


async def test_without_the_right_to_create_roles_it_says_what_to_run(
    database_url, scratch_roles, caplog
):
    metric_role, plain_user = scratch_roles
    plain = await connect_as(database_url, plain_user)
    try:
        with caplog.at_level(logging.WARNING, logger="tally.metrics"):
            assert await metrics_role.prepare(plain, metric_role) is False
    finally:
        await plain.close()
    assert f"CREATE ROLE {metric_role} LOGIN PASSWORD" in caplog.text
    assert f"GRANT SELECT ON metric_events TO {metric_role}" in caplog.text

    admin = await connect_as(database_url)  # an administrator's run makes it
    try:
        assert await metrics_role.prepare(admin, metric_role) is True
    finally:
        await admin.close()
    made = await connect_as(database_url, metric_role)
    try:
        assert await made.fetchval("SELECT count(*) FROM metric_events") >= 0
        with pytest.raises(asyncpg.InsufficientPrivilegeError):
            await made.fetchval("SELECT count(*) FROM merchants")
    finally:
        await made.close()
