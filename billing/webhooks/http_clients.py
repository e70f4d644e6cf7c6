"""The HTTP clients of one sending pass: small ``httpx`` pools, several per endpoint.

Why not one client with ``CONCURRENCY`` connections: httpx (httpcore's pool) slows down sharply
as one pool grows. Measured on two cores against a loopback receiver: one client with 64
connections made about 150 requests/s, eight clients of 8 connections about 630, the same
requests. So each endpoint gets clients of ``SIZE`` connections, as many as its requests in
flight need, and a request goes to the least busy one (keeping its connections alive for the
next request to that endpoint).
"""

import contextlib
import ssl
from collections.abc import AsyncIterator
from functools import cache

import httpx

SIZE = 8


@cache
def _tls() -> ssl.SSLContext:
    """One TLS context for every client: making one loads the CA store (a few milliseconds),
    and a pass makes clients as it goes."""
    return httpx.create_ssl_context()


class Clients:
    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self._clients: dict[str, list[list]] = {}  # endpoint -> [[client, in flight], ...]

    def _new(self) -> httpx.AsyncClient:
        limits = httpx.Limits(max_connections=SIZE, max_keepalive_connections=SIZE)
        return httpx.AsyncClient(
            timeout=self.timeout,
            follow_redirects=False,
            limits=limits,
            trust_env=False,
            verify=_tls(),
        )

    @contextlib.asynccontextmanager
    async def client(self, endpoint_id: str) -> AsyncIterator[httpx.AsyncClient]:
        """A client for one request to ``endpoint_id``."""
        clients = self._clients.setdefault(endpoint_id, [])
        entry = min(clients, key=lambda e: e[1], default=None)
        if entry is None or entry[1] >= SIZE:
            entry = [self._new(), 0]
            clients.append(entry)
        entry[1] += 1
        try:
            yield entry[0]
        finally:
            entry[1] -= 1

    async def aclose(self) -> None:
        for clients in self._clients.values():
            for client, _ in clients:
                await client.aclose()
