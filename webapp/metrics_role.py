"""The database role custom metrics run as, ``tally_metrics``: made, granted and logged in with.

Merchant-written SQL (complex metrics) runs on a pool of its own whose connections log in as
this role (``billing/usage/metric_sandbox.py``). A login of its own, not ``SET ROLE`` on Tally's
connections: PostgreSQL checks a role switch against the *session* user, so SQL running after
``SET LOCAL ROLE tally_metrics`` on a connection of Tally's user could switch back with
``set_config('role', 'none', true)`` and read everything Tally can read. A session that logged
in as ``tally_metrics`` has no role to switch back to.

The role may log in and SELECT from the ``metric_events`` view, nothing else (as every role,
it is a member of PUBLIC: it can read the system catalogs open to all, none of Tally's tables).
Every migration run (``tally migrate``, ``tally serve``, the test and benchmark set-up) calls
:func:`prepare`, which, under a transaction-scoped advisory lock so concurrent starts do not
collide:

- creates the role when it is missing and Tally's user may create roles (a superuser, as on the
  embedded server, or CREATEROLE), with ``TALLY_METRICS_PASSWORD`` as its password when set;
- grants it CONNECT on the database and SELECT on ``metric_events`` when it lacks them (Tally's
  user owns the view; CONNECT needs the database's owner and is PUBLIC's by default anyway).

Where Tally's user may not create roles, the operator runs :func:`operator_sql` once (README,
"Using an external PostgreSQL"); until then :func:`prepare` logs one warning saying so, and
custom metrics answer 503 rather than run as Tally's own role.
"""

import logging
import os

import asyncpg

log = logging.getLogger("tally.metrics")

ROLE = "tally_metrics"
PASSWORD_VARIABLE = "TALLY_METRICS_PASSWORD"
VIEW = "metric_events"
LOCK_KEY = 0x7A11_3E7C  # pg_advisory_xact_lock key of this set-up, any constant of our own


def operator_sql(role: str = ROLE, database: str = "tally") -> str:
    """What an administrator runs once where Tally's user may not create roles."""
    return (
        f"CREATE ROLE {role} LOGIN PASSWORD '…'; "
        f"GRANT CONNECT ON DATABASE {database} TO {role}; "
        f"GRANT SELECT ON {VIEW} TO {role};"
    )


def password() -> str | None:
    """The role's password (``TALLY_METRICS_PASSWORD``); unset where the server trusts local
    logins, as the embedded one does."""
    return os.environ.get(PASSWORD_VARIABLE) or None


async def _create_role(connection: asyncpg.Connection, role: str) -> bool:
    """Create the role if Tally's user may; False when it may not."""
    allowed = await connection.fetchval(
        "SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user"
    )
    if not allowed:
        return False
    statement = await connection.fetchval(
        "SELECT format('CREATE ROLE %I LOGIN NOSUPERUSER NOINHERIT', $1::text)"
        " || coalesce(format(' PASSWORD %L', $2::text), '')",
        role,
        password(),
    )
    try:
        async with connection.transaction():  # a savepoint: a lost race must not end ours
            await connection.execute(statement)
        log.info("created the database role %s for custom metrics", role)
    except (asyncpg.DuplicateObjectError, asyncpg.UniqueViolationError):
        pass  # made meanwhile by the set-up of another database on the same server
    return True


async def _grant(connection: asyncpg.Connection, role: str, check: str, grant: str) -> bool:
    """Run ``grant`` unless ``check`` (with the role as $1) says it is held; False when Tally's
    user may not grant it."""
    if await connection.fetchval(check, role):
        return True
    try:
        async with connection.transaction():
            await connection.execute(grant)
    except asyncpg.InsufficientPrivilegeError:
        return False
    return True


async def prepare(connection: asyncpg.Connection, role: str = ROLE) -> bool:
    """Make the role and its grants where missing (idempotent); False, after one warning naming
    the SQL to run, when the role is missing and Tally's user may not create it or grant it
    what it needs."""
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1)", LOCK_KEY)
        user, database, quoted = await connection.fetchrow(
            "SELECT current_user, current_database(), quote_ident(current_database())"
        )
        exists = await connection.fetchval("SELECT 1 FROM pg_roles WHERE rolname = $1", role)
        made = bool(exists) or await _create_role(connection, role)
        granted = made and all(
            [
                await _grant(
                    connection,
                    role,
                    "SELECT has_database_privilege($1, current_database(), 'CONNECT')",
                    f"GRANT CONNECT ON DATABASE {quoted} TO {role}",
                ),
                await _grant(
                    connection,
                    role,
                    f"SELECT has_table_privilege($1, '{VIEW}', 'SELECT')",
                    f"GRANT SELECT ON {VIEW} TO {role}",
                ),
            ]
        )
    if not granted:
        log.warning(
            "custom SQL metrics are off until the database role %s exists with its grants, "
            "which %s may not make; run as an administrator: %s",
            role,
            user,
            operator_sql(role, quoted),
        )
    return granted


def credentials(database_credentials: dict) -> dict:
    """Connection arguments of the metric pool: Tally's server and database, the role's login."""
    keys = ("host", "port", "database")
    return {
        **{key: database_credentials[key] for key in keys},
        "user": ROLE,
        "password": password(),
    }
