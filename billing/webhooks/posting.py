"""One POST of one delivery to a merchant's endpoint, signed the Standard Webhooks way.

The body is the event as the merchant's server reads it, ``{id, type, createdAt, data:
{object}}``, and the headers are Standard Webhooks': ``webhook-id`` (the event id, so the same
on every retry and resend and a receiver can drop duplicates), ``webhook-timestamp`` and
``webhook-signature`` (made by the ``standardwebhooks`` package; during a secret rotation one
signature per secret, space-separated, as the standard allows).

Why the timestamp is the real time of sending while ``createdAt`` is the event's clock: a
receiver rejects a timestamp more than minutes away from its own clock (replay protection),
so it must say when the request left, whatever test clock wrote the event.

Why the request goes to an address and not to the URL: ``url_guard.resolve`` checks what the
host resolves to *now*, and the connection goes to that checked address (with the URL's Host
header and, for https, its name for SNI and the certificate), so a DNS answer that changes
between the check and the connection cannot point a delivery at Tally's own network.

Everything that is not a 2xx answer is a failed attempt, with words for what happened: a 3xx
(redirects are never followed), a timeout (``TIMEOUT`` for the whole attempt, the answer
included, so a receiver trickling bytes cannot hold a slot), a refused or dropped connection,
an address the guard blocks. Only the first ``ANSWER_BYTES`` of an answer are read and kept.
"""

import asyncio
import json
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from urllib.parse import urlsplit, urlunsplit

import httpx
from standardwebhooks.webhooks import Webhook

from billing.core.errors import Invalid
from billing.webhooks import url_guard

TIMEOUT = 10.0  # seconds a whole attempt may take; the tests shorten it
ANSWER_BYTES = 1024
USER_AGENT = "Tally-Webhooks/1"


@dataclass(frozen=True)
class Outcome:
    """What one attempt came to."""

    ok: bool
    status: int | None
    duration_ms: int
    answer: str
    error: str | None

    def words(self) -> str:
        """A few words for an endpoint's disabled reason: ``HTTP 500``, ``timeout``, ..."""
        if self.status is not None:
            return f"HTTP {self.status}"
        return (self.error or "no answer").split(":", 1)[0]


def iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def body_of(event_id: str, event_type: str, created_at: datetime, data: object) -> str:
    """The JSON text sent (and signed) for an event."""
    if isinstance(data, str):
        data = json.loads(data)
    return json.dumps(
        {"id": event_id, "type": event_type, "createdAt": iso(created_at), "data": {"object": data}}
    )


@lru_cache(maxsize=4096)
def _signer(secret: str) -> Webhook:
    return Webhook(secret)


def headers_of(event_id: str, body: str, secrets: list[str], sent_at: datetime) -> dict[str, str]:
    """The request's headers, one signature per secret."""
    signature = " ".join(_signer(secret).sign(event_id, sent_at, body) for secret in secrets)
    return {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "webhook-id": event_id,
        "webhook-timestamp": str(int(sent_at.timestamp())),
        "webhook-signature": signature,
    }


def _request(
    client: httpx.AsyncClient, url: str, address: str, headers: dict, body: str
) -> httpx.Request:
    """A request to ``address`` that otherwise reads as one to ``url``."""
    parts = urlsplit(url)
    host = f"[{address}]" if ":" in address else address
    port = f":{parts.port}" if parts.port else ""
    target = urlunsplit((parts.scheme, host + port, parts.path or "/", parts.query, ""))
    extensions = {"sni_hostname": parts.hostname} if parts.scheme == "https" else {}
    return client.build_request(
        "POST",
        target,
        content=body.encode(),
        headers={**headers, "host": parts.netloc},
        extensions=extensions,
    )


async def _answer(response: httpx.Response) -> str:
    """The first ``ANSWER_BYTES`` of the answer; the rest is never read."""
    kept = b""
    async for chunk in response.aiter_raw():
        kept += chunk
        if len(kept) >= ANSWER_BYTES:
            break
    return kept[:ANSWER_BYTES].decode("utf-8", errors="replace")


async def post(
    client: httpx.AsyncClient, url: str, event_id: str, body: str, secrets: list[str]
) -> Outcome:
    """POST ``body`` to ``url``'s checked address; never raises for what the receiver does."""
    started = time.monotonic()
    status, answer, error = None, "", None
    try:
        async with asyncio.timeout(TIMEOUT):
            address = (await url_guard.resolve(url))[0]
            headers = headers_of(event_id, body, secrets, datetime.now(UTC))
            response = await client.send(_request(client, url, address, headers, body), stream=True)
            try:
                status = response.status_code
                answer = await _answer(response)
            finally:
                await response.aclose()
    except Invalid as refused:
        error = f"blocked address: {refused.message}"
    except (TimeoutError, httpx.TimeoutException):
        error = f"timeout: no answer within {TIMEOUT:g} s"
    except httpx.ConnectError as failed:
        error = f"connection refused: {failed}" if str(failed) else "connection refused"
    except httpx.HTTPError as failed:
        error = f"connection failed: {failed or type(failed).__name__}"
    if status is not None and 300 <= status < 400:
        error = "redirect not followed"
    duration_ms = round((time.monotonic() - started) * 1000)
    ok = status is not None and 200 <= status < 300
    return Outcome(ok, status, duration_ms, answer, error[:500] if error else None)
