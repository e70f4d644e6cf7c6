"""The test databases: one migrated template per test run, and a clone of it for each
pytest-xdist worker (or for the one process of a run without workers).

Every worker needs the same schema, and replaying the migrations takes seconds, so they run
once per run, into ``<base>_tmpl_<run>``; each worker then gets ``<base>_<run>_<worker>``
by ``CREATE DATABASE ... TEMPLATE``, a copy of the files rather than a replay. The migrations
stay under test: the template is built by them (and ``tests/migrations`` tests them apart).

The workers of one run agree on the names through xdist's run id (``PYTEST_XDIST_TESTRUNUID``,
the same in every worker of a run) and take turns with a PostgreSQL advisory lock keyed by the
template's name: whichever comes first builds the template, the others only clone it.
PostgreSQL refuses to copy a database another session is connected to, so nothing keeps a
connection to the template: the migration closes its own before the lock is let go, and the
clone is made from a connection to the ``postgres`` database.

Each worker drops its own database when its session ends and then the template, if it is still
there: a worker that needs it later builds it again, so no order of endings leaves one behind.
"""

import contextlib
import fcntl
import os
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from webapp import db

ROOT = Path(__file__).resolve().parents[2]
EMBEDDED = ROOT / "var" / "test-pgdata"
_RUN = uuid.uuid4().hex[:8]  # this process's run id, when xdist gives none


def server_url() -> str:
    """``TEST_DATABASE_URL``, else the embedded server in ``var/test-pgdata`` (started once
    however many workers ask at the same moment: they take turns on a lock file)."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        return url
    EMBEDDED.parent.mkdir(parents=True, exist_ok=True)
    with open(EMBEDDED.parent / "test-pgdata.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return db.start_embedded(EMBEDDED, database="tally_test")


async def _connect_admin(url: str) -> asyncpg.Connection:
    credentials = db.credentials_from_url(url)
    return await asyncpg.connect(
        host=credentials["host"],
        port=credentials["port"],
        user=credentials["user"],
        password=credentials["password"] or None,
        database="postgres",
    )


async def admin(url: str, statement: str) -> None:
    """Run one statement (``CREATE DATABASE``, ``DROP DATABASE``) on the server of ``url``."""
    connection = await _connect_admin(url)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


def with_database(url: str, name: str) -> str:
    """``url`` with its database replaced by ``name`` (host, port, user and options kept)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def run_id() -> str:
    return os.environ.get("PYTEST_XDIST_TESTRUNUID", _RUN)[:8]


def worker_name() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def _names(base: str) -> tuple[str, str]:
    """The run's template and this worker's database, both named after the base database."""
    prefix = db.credentials_from_url(base)["database"]
    return f"{prefix}_tmpl_{run_id()}", f"{prefix}_{run_id()}_{worker_name()}"


@contextlib.asynccontextmanager
async def _turn(base: str, template: str):
    """An admin connection holding the run's advisory lock: one worker at a time builds,
    clones or drops the template."""
    connection = await _connect_admin(base)
    try:
        await connection.execute("SELECT pg_advisory_lock(hashtext($1))", template)
        try:
            yield connection
        finally:
            await connection.execute("SELECT pg_advisory_unlock(hashtext($1))", template)
    finally:
        await connection.close()


async def worker_database(base: str) -> str:
    """This worker's database, cloned from the run's template (built first if no worker has
    yet); its URL."""
    template, mine = _names(base)
    async with _turn(base, template) as connection:
        exists = "SELECT 1 FROM pg_database WHERE datname = $1"
        if not await connection.fetchval(exists, template):
            await connection.execute(f'CREATE DATABASE "{template}"')
            try:
                await db.migrate(with_database(base, template))  # closes its connections
            except BaseException:
                await connection.execute(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')
                raise
        await connection.execute(f'DROP DATABASE IF EXISTS "{mine}" WITH (FORCE)')
        await connection.execute(f'CREATE DATABASE "{mine}" TEMPLATE "{template}"')
    return with_database(base, mine)


async def drop_worker_database(base: str) -> None:
    """Drop this worker's database and the run's template (if no other worker has yet)."""
    template, mine = _names(base)
    async with _turn(base, template) as connection:
        await connection.execute(f'DROP DATABASE IF EXISTS "{mine}" WITH (FORCE)')
        await connection.execute(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')
