"""The payment event streams of one process, fed by one listening connection.

A stream of ``GET /v1/public/events/{id}`` subscribes an ``asyncio.Queue`` under its
(merchant row, payment) here. The hub LISTENs on ``payment_events.CHANNEL`` with one
connection of its own (as ``webapp/due_loop.py`` does), however many streams are open, and
puts each notification on the queues of that payment's streams: a webhook handled by any
process of any machine reaches every stream, and an open stream costs a queue, not a
database connection.

Order without gaps: a stream subscribes first and reads the stored status second, so a change
committed in between is either in that read or on its queue (or both: a status already sent
is not sent again). Statuses only move forward (pending, then succeeded or failed), so
comparing with the last one sent is enough.

When the listening connection drops, notifications sent meanwhile are lost: the hub connects
again and tells every stream to read its payment's status afresh (``RESYNC``). On shutdown it
tells every stream to end (``CLOSED``), so open streams never hold up a stop.
"""

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Iterator

import asyncpg

from billing.payments.collection import payment_events
from webapp import db

log = logging.getLogger("tally.event_stream")

HEARTBEAT_SECONDS = 15.0
RETRY_SECONDS = 1.0  # before connecting again after the listening connection failed
CHECK_SECONDS = 30.0  # how often an idle listening connection is asked whether it still works
RESYNC = object()
CLOSED = object()


def status_message(event: dict) -> str:
    return f"event: status\ndata: {json.dumps(event)}\n\n"


HEARTBEAT_MESSAGE = ": heartbeat\n\n"


class PaymentEventHub:
    def __init__(self, database_url: str, heartbeat: float = HEARTBEAT_SECONDS) -> None:
        self.database_url = database_url
        self.heartbeat = heartbeat
        self._streams: dict[tuple[str, str], set[asyncio.Queue]] = {}
        self._stop = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._connection: asyncpg.Connection | None = None

    @property
    def open_streams(self) -> int:
        return sum(len(queues) for queues in self._streams.values())

    @property
    def listener_pid(self) -> int | None:
        """The database server process of the listening connection (None between two)."""
        return self._connection.get_server_pid() if self._connection is not None else None

    def _on_notify(self, _connection, _pid, _channel, payload: str) -> None:
        parsed = payment_events.parse_notification(payload)
        if parsed is None:
            log.warning("ignored a payment event that is not one: %.200s", payload)
            return
        merchant_id, payment_id, event = parsed
        for queue in self._streams.get((merchant_id, payment_id), ()):
            queue.put_nowait(event)

    def _tell_every_stream(self, item: object) -> None:
        for queues in self._streams.values():
            for queue in queues:
                queue.put_nowait(item)

    @contextlib.contextmanager
    def subscribe(self, merchant_id: str, payment_id: str) -> Iterator[asyncio.Queue]:
        key = (merchant_id, payment_id)
        queue: asyncio.Queue = asyncio.Queue()
        self._streams.setdefault(key, set()).add(queue)
        try:
            yield queue
        finally:
            queues = self._streams.get(key)
            if queues is not None:
                queues.discard(queue)
                if not queues:
                    del self._streams[key]

    async def stream(self, merchant_id: str, payment_id: str) -> AsyncIterator[str]:
        """The server-sent events of one payment: its status now, each change, a heartbeat
        comment when nothing was sent for ``heartbeat`` seconds; it ends after a final
        status (or on shutdown)."""
        with self.subscribe(merchant_id, payment_id) as queue:
            event = await payment_events.current_event(merchant_id, payment_id)
            yield status_message(event)
            while not payment_events.is_final(event):
                try:
                    async with asyncio.timeout(self.heartbeat):  # no task a wait, unlike wait_for
                        item = await queue.get()
                except TimeoutError:
                    yield HEARTBEAT_MESSAGE
                    continue
                if item is CLOSED:
                    return
                if item is RESYNC:
                    item = await payment_events.current_event(merchant_id, payment_id)
                if item["status"] != event["status"]:
                    event = item
                    yield status_message(event)

    async def start(self) -> None:
        """Listen before the first request, so no stream can subscribe unheard; keep listening
        (connecting again when the connection fails) until ``close``."""
        connection = await self._connect()
        self._task = asyncio.create_task(self._run(connection))

    async def close(self) -> None:
        self._stop.set()
        self._tell_every_stream(CLOSED)
        if self._task is not None:
            await self._task

    async def _connect(self) -> asyncpg.Connection:
        connection = await db.connect(self.database_url)
        await connection.add_listener(payment_events.CHANNEL, self._on_notify)
        self._connection = connection
        return connection

    async def _run(self, connection: asyncpg.Connection | None) -> None:
        while not self._stop.is_set():
            try:
                if connection is None:
                    connection = await self._connect()
                    self._tell_every_stream(RESYNC)  # what was sent meanwhile is lost
                await self._watch(connection)
            except Exception:
                log.exception("payment events: listening failed; again in %s s", RETRY_SECONDS)
                await self._stop_or(RETRY_SECONDS)
            finally:
                self._connection = None
                if connection is not None:
                    with contextlib.suppress(Exception):
                        await connection.close(timeout=5)
                connection = None

    async def _watch(self, connection: asyncpg.Connection) -> None:
        """Return on stop; raise when the connection is lost or stops answering."""
        lost = asyncio.Event()
        connection.add_termination_listener(lambda _connection: lost.set())
        while not self._stop.is_set():
            stopping = asyncio.ensure_future(self._stop.wait())
            dropping = asyncio.ensure_future(lost.wait())
            await asyncio.wait(
                {stopping, dropping}, timeout=CHECK_SECONDS, return_when=asyncio.FIRST_COMPLETED
            )
            stopping.cancel()
            dropping.cancel()
            if lost.is_set():
                raise ConnectionError("the listening connection was closed")
            if not self._stop.is_set():
                await connection.execute("SELECT 1", timeout=5)

    async def _stop_or(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stop.wait(), seconds)
