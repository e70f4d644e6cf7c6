"""The loop that runs the due-work pass (``billing/due_work.py``) without anyone's cron job.

It passes every ``interval`` seconds and sooner when woken: it LISTENs on
``billing.core.due_signal.CHANNEL`` with a connection of its own, and a notification names the
instant something falls due, so the loop wakes then (at once for work already due). After each
pass it NOTIFYs ``DONE_CHANNEL`` with the pass's summary, which tests and operators can wait
for instead of guessing.

``tally serve`` runs it inside its worker processes with ``exclusive=True``: each worker asks
PostgreSQL for one session advisory lock and only the holder passes, so one worker (of all
``tally serve`` processes sharing the database) does the work; if it dies its connection
closes, the lock frees, and another worker takes over within an interval. ``tally worker``
runs it without the lock: any number of workers pass at once and the row claims keep every
item done once. While a loop passes (the lock held, for ``tally serve``) the webhook sender
listens beside it (``webapp/webhook_sender.py``), so deliveries go out moments after their
commit, and stops with it.

Nothing stops the loop but ``stop``: a failing pass or a dropped connection is logged and
tried again after an interval. ``stop`` also cancels a pass in progress (its open claim rolls
back and stays due for the next process), so a shutdown never waits for a long pass.
"""

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable
from datetime import UTC, datetime
from typing import TypeVar

import asyncpg

from billing.core.due_signal import CHANNEL, DONE_CHANNEL
from billing.due_work import run_due
from webapp import db
from webapp.webhook_sender import WebhookSender

log = logging.getLogger("tally.due_work")

# The advisory lock that picks the one serving worker which passes; any constant bigint that
# no other lock of the database uses.
SERVE_LOCK = 7_301_946_118

T = TypeVar("T")


class DueLoop:
    def __init__(self, database_url: str, interval: float, *, exclusive: bool) -> None:
        self.database_url = database_url
        self.interval = interval
        self.exclusive = exclusive
        self.stop = asyncio.Event()
        self._wake = asyncio.Event()
        self._wake_at: datetime | None = None

    def _on_notify(self, _connection, _pid, _channel, payload: str) -> None:
        """A notification names when something falls due: wake then, or at once."""
        try:
            moment = datetime.fromisoformat(payload)
        except ValueError:
            moment = datetime.now(UTC)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        if self._wake_at is None or moment < self._wake_at:
            self._wake_at = moment
        self._wake.set()  # re-compute the wait with the new wake-up time

    async def _wait_for_next_pass(self) -> None:
        """Return when ``interval`` has passed, when notified work falls due, or on stop.
        A notification for a later instant only shortens the wait, it does not end it."""
        deadline = asyncio.get_running_loop().time() + self.interval
        while not self.stop.is_set():
            left = deadline - asyncio.get_running_loop().time()
            if self._wake_at is not None:
                left = min(left, (self._wake_at - datetime.now(UTC)).total_seconds())
            if left <= 0:
                return
            self._wake.clear()
            waits = [
                asyncio.ensure_future(self.stop.wait()),
                asyncio.ensure_future(self._wake.wait()),
            ]
            await asyncio.wait(waits, timeout=left, return_when=asyncio.FIRST_COMPLETED)
            for waiting in waits:
                waiting.cancel()

    async def _connect(self) -> asyncpg.Connection:
        connection = await db.connect(self.database_url)
        await connection.add_listener(CHANNEL, self._on_notify)
        return connection

    async def _hold_lock(self, connection: asyncpg.Connection) -> None:
        """Return once this process holds the serving lock (never, if stopped first)."""
        while not self.stop.is_set():
            if await connection.fetchval("SELECT pg_try_advisory_lock($1)", SERVE_LOCK):
                log.info("due work runs in this process (every %s s)", self.interval)
                return
            await self.stop_or(self.interval)

    async def stop_or(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stop.wait(), seconds)

    async def _unless_stopped(self, work: Awaitable[T]) -> T | None:
        """``work``'s result, or None when ``stop`` comes first: then the work is cancelled, so
        a long pass never holds up a shutdown. Its open claim rolls back and stays due."""
        task = asyncio.ensure_future(work)
        stopping = asyncio.ensure_future(self.stop.wait())
        await asyncio.wait({task, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if task.done():
            return task.result()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return None

    async def _pass(self, connection: asyncpg.Connection) -> None:
        if self._wake_at is not None and self._wake_at <= datetime.now(UTC):
            self._wake_at = None  # this pass does it
        report = await self._unless_stopped(run_due())
        if report is None:
            return
        for line in report.lines():
            if not line.endswith(": nothing"):
                log.info("due work: %s", line)
        summary = {"now": report.now.isoformat(), "steps": report.steps}
        await connection.execute("SELECT pg_notify($1, $2)", DONE_CHANNEL, json.dumps(summary))

    async def run(self) -> None:
        """Pass until ``stop`` is set."""
        while not self.stop.is_set():
            connection = None
            sender = None
            try:
                connection = await self._connect()
                if self.exclusive:
                    await self._hold_lock(connection)
                if not self.stop.is_set():
                    sender = asyncio.create_task(WebhookSender(self.database_url).run())
                while not self.stop.is_set():
                    await self._pass(connection)
                    await self._wait_for_next_pass()
            except Exception:
                log.exception("due work loop failed; it starts again in %s s", self.interval)
                await self.stop_or(self.interval)
            finally:
                if sender is not None:
                    sender.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await sender
                if connection is not None:
                    await connection.close(timeout=5)
