"""A merchant's webhook receiver for the tests and the benchmark: a real HTTP/1.1 server on
127.0.0.1 (a free port), recording every request. It runs an event loop of its own in a
thread of the test process (one thread for every connection, not one each: a thread per
connection measured under 150 requests/s at 64 connections on two cores, the interpreter
lock passed between them).

Each path answers 200 unless told otherwise: ``answer(path, *behaviours)`` queues what the
next requests to ``path`` get (then 200 again), ``always(path, behaviour)`` sets what every
request gets. A behaviour is a status (``500``), ``Slow(seconds, status)``, ``CLOSE`` (the
connection is closed without an answer), ``Redirect(location)`` or ``FailFirst(times)`` (500
for the first requests of each ``webhook-id``).
``receiving()`` runs one for a ``with`` block (the tests' ``receiver`` fixture).

Unit tests read ``received`` after the pass that sent (the server answered before the pass
recorded the attempt); tests of another process wait with ``wait_for``, bounded by a
deadline.
"""

import asyncio
import contextlib
import threading
import time
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http import HTTPStatus


@dataclass(frozen=True)
class Slow:
    seconds: float
    status: int = 200


@dataclass(frozen=True)
class Redirect:
    location: str


@dataclass(frozen=True)
class FailFirst:
    """500 for the first ``times`` requests of each ``webhook-id``, then 200."""

    times: int = 1


CLOSE = "close"


@dataclass
class Received:
    method: str
    path: str
    headers: dict[str, str]
    body: str
    status: int | None  # what it was answered (None: the connection was closed)
    at: float = field(default_factory=time.time)  # wall clock on receipt


def _status_of(behaviour: object) -> int | None:
    if isinstance(behaviour, Slow):
        return behaviour.status
    if isinstance(behaviour, Redirect):
        return 302
    return None if behaviour == CLOSE else int(behaviour)


class Receiver:
    def __init__(self) -> None:
        self.received: list[Received] = []
        self.body: str | None = None  # what a 2xx answer says ("ok" unless set)
        self._plans: dict[str, deque] = {}
        self._seen: Counter[tuple[str, str]] = Counter()
        self._defaults: dict[str, object] = {}
        self._changed = threading.Condition()
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._serve, "127.0.0.1", 0, backlog=512), self._loop
        ).result(10)
        self.url = f"http://127.0.0.1:{self._server.sockets[0].getsockname()[1]}"

    def __enter__(self) -> "Receiver":
        return self

    def __exit__(self, *_exc) -> None:
        async def close() -> None:
            self._server.close()
            for writer in list(self._writers):
                writer.close()
            serving = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in serving:  # connections still answering (slowly)
                task.cancel()
            await asyncio.gather(*serving, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(close(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        self._loop.close()

    def answer(self, path: str, *behaviours: object) -> None:
        with self._changed:
            self._plans.setdefault(path, deque()).extend(behaviours)

    def always(self, path: str, behaviour: object) -> None:
        with self._changed:
            self._defaults[path] = behaviour

    def at(self, path: str) -> list[Received]:
        with self._changed:
            return [r for r in self.received if r.path == path]

    def wait_for(self, count: int, seconds: float, path: str | None = None) -> list[Received]:
        """The requests (to ``path``, when given) once there are ``count``; fewer if
        ``seconds`` pass first."""
        deadline = time.monotonic() + seconds
        with self._changed:
            while True:
                got = [r for r in self.received if path is None or r.path == path]
                left = deadline - time.monotonic()
                if len(got) >= count or left <= 0:
                    return got
                self._changed.wait(left)

    def _status(self, path: str, headers: dict[str, str]) -> object:
        """What to answer, the request recorded (under the lock)."""
        plan = self._plans.get(path)
        behaviour = plan.popleft() if plan else self._defaults.get(path, 200)
        key = (path, headers.get("webhook-id", ""))
        self._seen[key] += 1
        if isinstance(behaviour, FailFirst):
            behaviour = 500 if self._seen[key] <= behaviour.times else 200
        return behaviour

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection: HTTP/1.1 requests, kept alive until the client closes it."""
        self._writers.add(writer)
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, ConnectionError):
                    return
                request_line, *lines = head.decode("latin-1").split("\r\n")
                method, path, _ = request_line.split(" ", 2)
                headers = {
                    name.strip().lower(): value.strip()
                    for name, _, value in (line.partition(":") for line in lines if line)
                }
                body = await reader.readexactly(int(headers.get("content-length") or 0))
                if not await self._answer(writer, method, path, headers, body.decode()):
                    return
        except (asyncio.CancelledError, asyncio.IncompleteReadError, ConnectionError):
            return  # the receiver closing, or the client hanging up mid-request
        finally:
            self._writers.discard(writer)
            writer.close()

    async def _answer(self, writer, method: str, path: str, headers: dict, body: str) -> bool:
        """Answer one request as told; False when the connection is to be closed."""
        with self._changed:
            behaviour = self._status(path, headers)
            status = _status_of(behaviour)
            self.received.append(Received(method, path, headers, body, status))
            self._changed.notify_all()
        if isinstance(behaviour, Slow):
            await asyncio.sleep(behaviour.seconds)
        if status is None:
            return False
        extra = f"location: {behaviour.location}\r\n" if isinstance(behaviour, Redirect) else ""
        text = (self.body or "ok").encode() if status < 300 else b"not this time"
        writer.write(
            f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\n{extra}"
            f"content-length: {len(text)}\r\n\r\n".encode()
            + text
        )
        await writer.drain()
        return True


@contextlib.contextmanager
def receiving() -> Iterator[Receiver]:
    with Receiver() as receiver:
        yield receiver
