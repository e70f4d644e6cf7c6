"""Where merchant-written metric SQL runs: a pool, a role and limits of its own.

A custom (complex) metric may run for its whole statement timeout. On Tally's shared pool such
queries held the connections every other request needs: 30 concurrent reads of one slow
metric took another merchant's customer list from 2 ms to 1-4 s (``bench/noisy_neighbour.py``).
Here they never touch the shared pool:

- **own pool**: at most :data:`POOL_SIZE` connections per process, opened on first use, logging
  in as the ``tally_metrics`` role (made and granted by ``webapp/metrics_role.py``), which may
  read only the ``metric_events`` view. Each connection is checked once: a role that is a
  superuser, may create roles or databases, or is a member of any role is refused, so merchant
  SQL never runs with more rights than that view;
- **per-merchant limit**: at most :data:`PER_MERCHANT` queries of one merchant at a time per
  process, so one merchant holds at most half of the pool. A query beyond the limit waits up to
  :data:`SLOT_WAIT` seconds for a slot (a burst is smoothed, a waiting request holds no
  connection), then answers 429; one that finds the whole pool busy as long answers 503;
- **session limits**, set when the connection opens: ``statement_timeout`` 1 s (was 2 s on the
  shared pool), ``work_mem`` 2 MB (sorts and hashes of one node; PostgreSQL's default is 4 MB),
  ``lock_timeout`` 500 ms, every transaction READ ONLY;
- **one transaction per query, always rolled back**: whatever a query changed in its session
  (a setting, had a function slipped through the parser check) is undone before the connection
  is used again; asyncpg's reset on release drops advisory locks and listeners.

Database error texts never reach the caller: they can carry data (a failed cast prints the text
it could not read, ``CAST(version() AS int)`` the server's version). The caller gets
``The metric query failed`` with, for a few kinds of failure, a reason in our own words; the
database's text is logged (logger ``tally.metrics``) with the merchant and metric.
"""

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg

from billing.core.errors import Invalid, TooManyRequests, Unavailable

log = logging.getLogger("tally.metrics")

POOL_SIZE = 4
PER_MERCHANT = 2
SLOT_WAIT = 1.0
SESSION_SETTINGS = {
    "statement_timeout": "1s",
    "work_mem": "2MB",
    "lock_timeout": "500ms",
    "default_transaction_read_only": "on",
    "idle_in_transaction_session_timeout": "5s",
    "application_name": "tally-metrics",
}

FAILED = "The metric query failed"
BUSY = "Too many metric queries of this account are running; try again in a moment"
POOL_BUSY = "Custom metrics are busy on this server; try again in a moment"
UNAVAILABLE = "Custom SQL metrics are not available on this server"
# Our own words for failures worth telling apart, by SQLSTATE or its two-letter class.
REASONS = {
    "57014": "statement timeout (a metric query may run 1 second)",
    "22012": "division by zero",
    "53": "it needed more memory or disk than a metric query may use",
    "54": "it is too complex",
}
PRIVILEGED_ROLE = """
    SELECT r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolreplication OR r.rolbypassrls
           OR EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.member = r.oid)
    FROM pg_roles r WHERE r.rolname = current_user
"""


class _Slot:
    """One merchant's queries in this process: a semaphore of :data:`PER_MERCHANT` places,
    how many hold one (``running``) and how many hold or wait for one (``users``)."""

    def __init__(self) -> None:
        self.places = asyncio.Semaphore(PER_MERCHANT)
        self.users = 0
        self.running = 0


class _Sandbox:
    """The process's metric pool (opened on first use) and its merchants' slots."""

    def __init__(self) -> None:
        self.credentials: dict | None = None
        self.opening: asyncio.Future | None = None
        self.slots: dict[str, _Slot] = {}


_sandbox = _Sandbox()


def configure(credentials: dict | None) -> None:
    """Where the pool logs in (host, port, database, user, password); None: metrics off."""
    _sandbox.credentials = credentials


async def close() -> None:
    """Close the pool (it opens again on the next use, with the credentials configured)."""
    opening, _sandbox.opening = _sandbox.opening, None
    if opening is not None and opening.done() and not opening.exception():
        await opening.result().close()


async def _refuse_privileged(connection: asyncpg.Connection) -> None:
    if await connection.fetchval(PRIVILEGED_ROLE) is not False:
        raise PermissionError(
            "the metric role has more rights than reading metric_events (superuser, "
            "CREATEROLE, CREATEDB, REPLICATION, BYPASSRLS or a member of another role)"
        )


async def _pool() -> asyncpg.Pool:
    if _sandbox.credentials is None:
        log.warning("custom metric refused: no database is configured for metric queries")
        raise Unavailable(UNAVAILABLE, code="custom_sql_unavailable")
    opening = _sandbox.opening
    if opening is None or opening.get_loop() is not asyncio.get_running_loop():
        opening = _sandbox.opening = asyncio.ensure_future(
            asyncpg.create_pool(
                **_sandbox.credentials,
                min_size=0,
                max_size=POOL_SIZE,
                server_settings=SESSION_SETTINGS,
                init=_refuse_privileged,
            )
        )
    try:
        return await asyncio.shield(opening)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        _sandbox.opening = None
        log.error("custom metrics cannot open their pool: %s", error)
        raise Unavailable(UNAVAILABLE, code="custom_sql_unavailable") from None


def pool_in_use() -> int:
    """Connections of the metric pool running a query now (0 before its first use)."""
    opening = _sandbox.opening
    if opening is None or not opening.done() or opening.exception():
        return 0
    pool = opening.result()
    return pool.get_size() - pool.get_idle_size()


def running(merchant_id: str) -> int:
    """The merchant's metric queries holding a slot in this process now."""
    slot = _sandbox.slots.get(merchant_id)
    return slot.running if slot else 0


@asynccontextmanager
async def _merchant_slot(merchant_id: str, deadline: float) -> AsyncIterator[None]:
    slot = _sandbox.slots.get(merchant_id)
    if slot is None:
        slot = _sandbox.slots[merchant_id] = _Slot()
    slot.users += 1
    try:
        try:
            async with asyncio.timeout_at(deadline):
                await slot.places.acquire()
        except TimeoutError:
            log.info("metric query of merchant %s refused: %d running", merchant_id, slot.running)
            raise TooManyRequests(BUSY, code="metric_queries_busy") from None
        slot.running += 1
        try:
            yield
        finally:
            slot.running -= 1
            slot.places.release()
    finally:
        slot.users -= 1
        if slot.users == 0:
            del _sandbox.slots[merchant_id]


@asynccontextmanager
async def session(merchant_id: str) -> AsyncIterator[asyncpg.Connection]:
    """A connection of the metric pool inside a READ ONLY transaction that is rolled back
    afterwards, once the merchant's slot and a connection were had within :data:`SLOT_WAIT`."""
    deadline = asyncio.get_running_loop().time() + SLOT_WAIT
    async with _merchant_slot(merchant_id, deadline):
        pool = await _pool()
        try:
            wait = max(0.1, deadline - asyncio.get_running_loop().time())
            connection = await pool.acquire(timeout=wait)
        except TimeoutError:
            log.warning("metric query of merchant %s refused: the metric pool is busy", merchant_id)
            raise Unavailable(POOL_BUSY, code="metric_pool_busy") from None
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, PermissionError) as error:
            log.error("custom metrics cannot reach the database as their own role: %s", error)
            raise Unavailable(UNAVAILABLE, code="custom_sql_unavailable") from None
        try:
            transaction = connection.transaction(readonly=True)
            await transaction.start()
            try:
                yield connection
            finally:
                await transaction.rollback()
        finally:
            await pool.release(connection)


def _public_reason(error: asyncpg.PostgresError) -> str:
    code = error.sqlstate or ""
    reason = REASONS.get(code) or REASONS.get(code[:2])
    return f"{FAILED}: {reason}" if reason else FAILED


async def first_row(merchant_id: str, metric_id: str, sql: str, args: list):
    """The first row of ``sql`` run in the sandbox, or None; a failure is a 400 in our words
    (the database's text is logged), a full slot or pool a 429 or 503."""
    try:
        async with session(merchant_id) as connection:
            return await connection.fetchrow(sql, *args)
    except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        log.warning(
            "metric %s of merchant %s failed: %s (SQLSTATE %s; %s)",
            metric_id,
            merchant_id,
            str(error) or type(error).__name__,
            getattr(error, "sqlstate", None),
            getattr(error, "detail", None) or "no detail",
        )
        if isinstance(error, asyncpg.PostgresError):
            raise Invalid(_public_reason(error)) from None
        raise Invalid(FAILED, code="metric_query_failed") from None
