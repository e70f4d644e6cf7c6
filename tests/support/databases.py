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

A test or a module whose subject acts on every merchant of a database (an unscoped due pass,
``tally run-due`` and ``tally worker`` processes, a served due-work loop) takes a database of its
own the same way (``own_database``): a clone of the template, dropped after it. Every other
test stays in the worker's database and scopes what it runs to its own merchant
(``run_due(now, merchant_id=...)``).

Each worker drops its own database when its session ends and then the template, if it is still
there: a worker that needs it later builds it again, so no order of endings leaves one behind.
"""

import asyncio
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
_server_used: str | None = None  # the server this process made the template on, if any


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


async def _template_ready(connection: asyncpg.Connection, base: str, template: str) -> None:
    """Build the run's template with the migrations unless it is there (under the lock)."""
    global _server_used
    _server_used = base
    exists = "SELECT 1 FROM pg_database WHERE datname = $1"
    if not await connection.fetchval(exists, template):
        await connection.execute(f'CREATE DATABASE "{template}"')
        try:
            await db.migrate(with_database(base, template))  # closes its connections
        except BaseException:
            await connection.execute(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')
            raise


async def worker_database(base: str) -> str:
    """This worker's database, cloned from the run's template (built first if no worker has
    yet); its URL."""
    template, mine = _names(base)
    async with _turn(base, template) as connection:
        await _template_ready(connection, base, template)
        await connection.execute(f'DROP DATABASE IF EXISTS "{mine}" WITH (FORCE)')
        await connection.execute(f'CREATE DATABASE "{mine}" TEMPLATE "{template}"')
    return with_database(base, mine)


@contextlib.asynccontextmanager
async def own_database(label: str = "own"):
    """A database of one test's or one module's own, cloned from the run's template (migrated
    already: a ``tally serve`` started on it finds nothing to apply), dropped on exit; its URL.

    For tests whose subject acts on every merchant of a database: an unscoped due pass, a
    ``tally run-due`` or ``tally worker`` process, a served due-work loop. In the worker's
    database they would act on every other test's rows (and those tests' on theirs)."""
    base = server_url()
    template, mine = _names(base)
    name = f"{mine}_{label}_{uuid.uuid4().hex[:6]}"
    async with _turn(base, template) as connection:
        await _template_ready(connection, base, template)
        await connection.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    try:
        yield with_database(base, name)
    finally:
        await admin(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _drop_template_if_last(connection: asyncpg.Connection, base: str) -> None:
    """Drop the run's template unless another worker's database (or a test's own clone) of
    this run is still there: a worker that finishes first must not take the template from one
    still running, whose next ``own_database`` would have to build it again mid-session, in a
    process whose ORM is already open on its own database."""
    template, _ = _names(base)
    prefix = db.credentials_from_url(base)["database"]
    others = "SELECT count(*) FROM pg_database WHERE starts_with(datname, $1)"
    if not await connection.fetchval(others, f"{prefix}_{run_id()}_"):
        await connection.execute(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')


async def drop_worker_database(base: str) -> None:
    """Drop this worker's database, and the run's template if no other worker still runs."""
    template, mine = _names(base)
    async with _turn(base, template) as connection:
        await connection.execute(f'DROP DATABASE IF EXISTS "{mine}" WITH (FORCE)')
        await _drop_template_if_last(connection, base)


async def _drop_template(base: str) -> None:
    template, _ = _names(base)
    async with _turn(base, template) as connection:
        await _drop_template_if_last(connection, base)


def drop_template_at_exit() -> None:
    """Drop the run's template if this process built or cloned it (at the session's end: a
    run of tests that only clone databases of their own has no worker database to drop it
    with)."""
    if _server_used is not None:
        asyncio.run(_drop_template(_server_used))
