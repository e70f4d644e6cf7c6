"""The due-work loop runs by itself: inside ``tally serve`` (one worker process only), as
``tally worker``, woken by NOTIFY when something falls due, never doing a change twice.

No test sleeps: each waits for the loops' own pass notices (``DONE_CHANNEL``) with a deadline.
The loops pass at real time over every merchant of the database they are given, so the module
has one of its own (``module_database``); assertions look at this test's rows.
"""

import asyncio
import json
import logging
from datetime import timedelta

import pytest

from billing.core.due_signal import DONE_CHANNEL
from billing.core.models import utcnow
from billing.subscriptions.models import ScheduledChange
from tests.conftest import free_port, stop_process, tally_process
from tests.support.billing.due_work import assert_each_applied_once, due_changes
from tests.support.billing.subscriptions.scheduled_changes import migration_target, schedule
from tests.support.factories.subscriptions import subscribe
from webapp import db
from webapp.due_loop import DueLoop

pytestmark = pytest.mark.usefixtures("module_database")

DEADLINE = 120  # seconds; generous for a loaded machine, never reached when things work


class PassNotices:
    """The pass summaries the loops NOTIFY, with the database process id that sent each (one
    per loop: every loop has a listening connection of its own)."""

    def __init__(self, database_url: str) -> None:
        self.database_url = database_url
        self.queue: asyncio.Queue[tuple[int, dict]] = asyncio.Queue()
        self.senders: set[int] = set()

    async def __aenter__(self) -> "PassNotices":
        self.connection = await db.connect(self.database_url)
        await self.connection.add_listener(DONE_CHANNEL, self._heard)
        return self

    async def __aexit__(self, *_exc) -> None:
        await self.connection.close()

    def _heard(self, _connection, pid: int, _channel: str, payload: str) -> None:
        self.senders.add(pid)
        self.queue.put_nowait((pid, json.loads(payload)))

    async def next(self) -> tuple[int, dict]:
        return await asyncio.wait_for(self.queue.get(), DEADLINE)

    async def until(self, condition) -> None:
        """Wait for passes until ``await condition()`` holds (checked after each pass)."""
        while not await condition():
            await self.next()

    async def from_loops(self, count: int) -> None:
        """Wait until ``count`` different loops have passed at least once (so all listen)."""
        while len(self.senders) < count:
            await self.next()


def applied(*changes: ScheduledChange):
    async def check() -> bool:
        ids = [change.id for change in changes]
        return await ScheduledChange.filter(id__in=ids, status="applied").count() == len(ids)

    return check


async def test_a_served_process_applies_a_due_change_by_itself(merchant, module_database, tmp_path):
    """An hour between passes, so only the notice of the new change can wake the loop; two
    worker processes, of which exactly one passes."""
    async with PassNotices(module_database) as passes:
        server = tally_process(
            module_database,
            tmp_path,
            *("serve", "--port", str(free_port()), "--workers", "2"),
            due_work="3600",
        )
        try:
            await passes.next()  # the first pass at start: the loop listens now
            sub = await subscribe(merchant.id)
            plan, price = await migration_target(sub)
            change = await schedule(sub, plan, price, utcnow() - timedelta(seconds=1))
            await passes.until(applied(change))
            # two workers, one lock: every pass came from the same loop
            assert len(passes.senders) == 1
        finally:
            assert stop_process(server) == 0
    change = await ScheduledChange.get(id=change.id)
    assert change.result_subscription_id is not None


async def test_a_worker_and_a_served_loop_apply_each_change_once(
    merchant, module_database, tmp_path
):
    async with PassNotices(module_database) as passes:
        server = tally_process(
            module_database,
            tmp_path / "serve",
            "serve",
            "--port",
            str(free_port()),
            due_work="3600",
        )
        worker = tally_process(module_database, tmp_path / "worker", "worker", due_work="3600")
        try:
            await passes.from_loops(2)
            subs = await due_changes(merchant.id)  # twelve moves due a minute ago, each notified
            changes = await ScheduledChange.filter(merchant_id=merchant.id)
            await passes.until(applied(*changes))
            await assert_each_applied_once(merchant.id, subs)
        finally:
            assert stop_process(worker) == 0  # SIGTERM ends a worker cleanly
            assert stop_process(server) == 0


async def test_a_notice_for_later_wakes_the_loop_at_that_instant(merchant, module_database):
    """A change due two seconds from now is applied by a loop that would otherwise sleep an
    hour, and not before it is due."""
    loop = DueLoop(module_database, 3600, exclusive=False)
    async with PassNotices(module_database) as passes:
        task = asyncio.create_task(loop.run())
        try:
            await passes.next()
            sub = await subscribe(merchant.id)
            plan, price = await migration_target(sub)
            due = utcnow() + timedelta(seconds=2)
            change = await schedule(sub, plan, price, due)
            await passes.until(applied(change))
        finally:
            loop.stop.set()
            await asyncio.wait_for(task, DEADLINE)
    assert (await ScheduledChange.get(id=change.id)).applied_at >= due


async def test_an_unreachable_database_never_stops_the_loop():
    """The loop logs the failure and tries again after its interval until it is stopped."""
    loop = DueLoop("postgresql://postgres@127.0.0.1:1/nothing", 0.1, exclusive=False)
    failures: asyncio.Queue[logging.LogRecord] = asyncio.Queue()

    class Heard(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            failures.put_nowait(record)

    handler = Heard(level=logging.ERROR)
    logging.getLogger("tally.due_work").addHandler(handler)
    task = asyncio.create_task(loop.run())
    try:
        for _ in range(2):  # failed, waited, tried again and failed again
            record = await asyncio.wait_for(failures.get(), DEADLINE)
            assert "due work loop failed" in record.getMessage()
        assert not task.done()
    finally:
        loop.stop.set()
        await asyncio.wait_for(task, DEADLINE)
        logging.getLogger("tally.due_work").removeHandler(handler)
