"""A merchant's webhook receiver for the tests and the benchmark: a real HTTP server on
127.0.0.1 (a free port) in threads of the test process, recording every request.

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

import contextlib
import threading
import time
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


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


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # a sender opens dozens of connections at once


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
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length).decode()
                receiver._answer(self, body)

            def log_message(self, *args) -> None:
                pass

        self.server = _Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "Receiver":
        self._thread.start()
        return self

    def __exit__(self, *_exc) -> None:
        self.server.shutdown()
        self.server.server_close()

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

    def _answer(self, handler: BaseHTTPRequestHandler, body: str) -> None:
        headers = {k.lower(): v for k, v in handler.headers.items()}
        with self._changed:
            behaviour = self._status(handler.path, headers)
            status = _status_of(behaviour)
            self.received.append(Received(handler.command, handler.path, headers, body, status))
            self._changed.notify_all()
        if isinstance(behaviour, Slow):
            time.sleep(behaviour.seconds)
        if behaviour == CLOSE:
            handler.close_connection = True
            handler.connection.close()
            return
        extra = {"location": behaviour.location} if isinstance(behaviour, Redirect) else {}
        text = (self.body or "ok").encode() if status < 300 else b"not this time"
        handler.send_response(status)
        for name, value in {**extra, "content-length": str(len(text))}.items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(text)


@contextlib.contextmanager
def receiving() -> Iterator[Receiver]:
    with Receiver() as receiver:
        yield receiver
