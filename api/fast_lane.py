"""The fast lane: the two routes merchant servers call on every action of their own users,
served straight from ASGI.

``POST /v1/events`` and ``GET /v1/entitlements/{customer}/feature/{slug}`` carry most of the
traffic, and Quart's per-request machinery (app and request contexts, signals, hooks, routing,
response conversion) costs more CPU than their own work: on the 2-core machines a bare Quart
route answers about 2,000 requests/s on one worker, where a bare ASGI callable under the same
server answers about 14,000 (see bench/README.md). The lane takes these two routes before Quart
sees them and runs the same handlers the Quart routes run (``api.events.accept_event``,
``api.entitlements.entitlement_check``), with the same authentication
(``billing.accounts.api_keys.authenticate``), the same body limit and JSON decoding, and the
same error mapping (``api.errors.api_error``), so an answer is byte for byte the one Quart
would give (``tests/api/test_fast_lane.py`` compares both for every error row).

The Quart routes stay: they are what the OpenAPI document describes, they answer when the lane
is switched off (``TALLY_FAST_LANE=off``, for comparing), and every other method or path shape
(a trailing slash, ``HEAD``, ``OPTIONS``) still reaches Quart and gets Quart's answer.
"""

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

from quart import Quart

from api import entitlements, events
from api.common import json_bytes
from api.errors import HTTP_MESSAGES, api_error
from billing.accounts.api_keys import authenticate
from webapp.auth import SECRET, parse_bearer

JSON_HEADERS = [(b"content-type", b"application/json"), (b"x-content-type-options", b"nosniff")]

Handler = Callable[[str, re.Match, dict, bytes], Awaitable[Any]]


@dataclass(frozen=True)
class LaneRoute:
    method: str
    path: re.Pattern
    status: int  # of a success
    failure: str  # the route's 500 message, as its Quart route's ``fails_as`` gives it
    handler: Handler  # (merchant id, path match, ASGI scope, body) -> JSON body


async def _event(merchant: str, match: re.Match, scope: dict, body: bytes) -> Any:
    return await events.accept_event(merchant, body, _header(scope, b"content-type") or None)


async def _check(merchant: str, match: re.Match, scope: dict, body: bytes) -> Any:
    checked = entitlements.CustomerQuery.model_validate(_query(scope))
    return await entitlements.entitlement_check(merchant, match[1], match[2], checked)


ROUTES = (
    LaneRoute("POST", re.compile(r"/v1/events"), 202, events.STORE_FAILED, _event),
    LaneRoute(
        "GET",
        re.compile(r"/v1/entitlements/([^/]+)/feature/([^/]+)"),
        200,
        entitlements.CHECK_FAILED,
        _check,
    ),
)


class BodyTooLarge(Exception):
    """The body passed the app's ``MAX_CONTENT_LENGTH``."""


class Disconnected(Exception):
    """The client went away before its body arrived; nobody is left to answer."""


class FastLane:
    """ASGI middleware in front of Quart's ``asgi_app`` (Quart's documented way to wrap it)."""

    def __init__(self, app: Quart) -> None:
        self.app = app
        self.inner = app.asgi_app
        self.max_body = app.config["MAX_CONTENT_LENGTH"]

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            for route in ROUTES:
                if scope["method"] == route.method:
                    match = route.path.fullmatch(scope["path"])
                    if match:
                        return await self._serve(route, match, scope, receive, send)
        await self.inner(scope, receive, send)

    async def _serve(self, route: LaneRoute, match: re.Match, scope, receive, send) -> None:
        try:
            key = await authenticate(
                parse_bearer(_header(scope, b"authorization")), key_type=SECRET
            )
            body = await self._body(receive)
            answer = await route.handler(key.merchant_id, match, scope, body)
            status = route.status
        except Disconnected:
            return
        except BodyTooLarge:
            status, answer = 413, {"error": HTTP_MESSAGES[413]}
        except Exception as error:  # noqa: BLE001 - mapped exactly as Quart's handlers map it
            status, answer = api_error(error, route.failure)
        encoded = json_bytes(self.app, answer)
        headers = [*JSON_HEADERS, (b"content-length", str(len(encoded)).encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": encoded})

    async def _body(self, receive) -> bytes:
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise Disconnected
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                raise BodyTooLarge
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def _header(scope, name: bytes) -> str:
    for key, value in scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return ""


def _query(scope) -> dict[str, Any]:
    """Query arguments as quart-schema hands them to a query model: a repeated name (or one
    ending in ``[]``) becomes a list, so the model refuses it the same way."""
    pairs = parse_qsl(scope["query_string"].decode("latin-1"), keep_blank_values=True)
    values: dict[str, list[str]] = {}
    for name, value in pairs:
        values.setdefault(name, []).append(value)
    return {
        name.removesuffix("[]"): found if name.endswith("[]") or len(found) > 1 else found[0]
        for name, found in values.items()
    }
