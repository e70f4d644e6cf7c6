"""A front for localstripe that adds the one API it lacks: webhook endpoints.

localstripe answers every call Tally makes to provider A except ``POST /v1/webhook_endpoints``
(registering the endpoint that sends the five events). To prove what Tally asks for there, and
what it keeps from the answer, this server records that request and answers as the gateway
does (an endpoint with its id and signing secret); every other request is passed to localstripe
unchanged, so the SDK still makes its real calls against a real fake gateway.
"""

import contextlib
import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl

import httpx

from billing.core.ids import random_base62


@dataclass
class EndpointsFront:
    url: str
    registered: list[dict] = field(default_factory=list)  # each request's form, decoded


def _decoded(form: str) -> dict:
    """``url=…&enabled_events[0]=a&enabled_events[1]=b`` as ``{url, enabled_events: [a, b]}``."""
    decoded: dict = {}
    for key, value in parse_qsl(form, keep_blank_values=True):
        if key.endswith("]") and "[" in key:
            decoded.setdefault(key.split("[", 1)[0], []).append(value)
        else:
            decoded[key] = value
    return decoded


@contextlib.contextmanager
def endpoints_front(localstripe: str):
    """The front's base URL and what it recorded, while the ``with`` block runs."""
    front = EndpointsFront(url="")

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:  # quiet
            pass

        def _answer(self, status: int, body: bytes, content_type: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def _handle(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            if self.command == "POST" and self.path == "/v1/webhook_endpoints":
                form = _decoded(body.decode())
                front.registered.append(form)
                endpoint = {
                    "id": f"we_{random_base62(24)}",
                    "object": "webhook_endpoint",
                    "url": form.get("url"),
                    "enabled_events": form.get("enabled_events", []),
                    "secret": f"whsec_{random_base62(32)}",
                    "status": "enabled",
                    "livemode": False,
                }
                self._answer(200, json.dumps(endpoint).encode(), "application/json")
                return
            headers = {
                k: v for k, v in self.headers.items() if k.lower() not in ("host", "content-length")
            }
            passed = httpx.request(
                self.command, localstripe + self.path, headers=headers, content=body
            )
            content_type = passed.headers.get("Content-Type", "application/json")
            self._answer(passed.status_code, passed.content, content_type)

        do_GET = do_POST = do_DELETE = _handle

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    front.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield front
    finally:
        server.shutdown()
        server.server_close()
