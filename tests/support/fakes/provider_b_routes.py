"""The HTTP side of the provider B fake: a ``http.server`` handler that reads a request's
body, bearer token and ``Idempotency-Key`` and answers what ``ProviderBFake.answer`` says,
as JSON, and the fake's reads (``read``). Kept apart from the fake's state and rules
(``provider_b_fake``)."""

import json
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.support.fakes.provider_b_events import payment_data

NOT_FOUND = 404, {"code": "NOT_FOUND", "message": "Not found"}
NO_PAYMENT = 404, {"code": "NOT_FOUND", "message": "Payment not found"}


def handler_for(fake: Any) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def _serve(self, method: str) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else {}
            except ValueError:
                body = {}
            authorization = self.headers.get("authorization") or ""
            token = authorization[7:] if authorization.startswith("Bearer ") else None
            key = self.headers.get("idempotency-key")
            status, answer = fake.answer(method, self.path, token, body, key)
            encoded = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(encoded)))
            self.end_headers()
            self.wfile.write(encoded)

        def do_GET(self) -> None:  # noqa: N802 - http.server's naming
            self._serve("GET")

        def do_POST(self) -> None:  # noqa: N802
            self._serve("POST")

        def log_message(self, format: str, *args) -> None:  # noqa: A002 - quiet
            pass

    return Handler


def read(fake: Any, route: list[str], token: str) -> tuple[int, dict]:
    """A GET of the fake's: ``route`` is the path after the environment."""
    if route == ["brands"]:
        return 200, {"items": []}
    if len(route) == 3 and route[0] == "webhooks" and route[2] == "secret":
        hook = fake.webhooks.get(route[1])
        if hook and hook["key"] == token:
            return 200, {"secret": hook["secret"]}
    if len(route) == 2 and route[0] == "payments":
        found = fake.payments.get(route[1])
        if found and found["token"] == token:
            return 200, payment_data(
                found["payment_id"],
                status=found["status"],
                metadata=found["metadata"],
                created_at=found["created_at"],
                error_message=found.get("error_message"),
                total_amount=found["amount"],
                currency=found["currency"],
            )
        return NO_PAYMENT
    if len(route) == 2 and route[0] == "refunds":
        refund = fake.refunds.get(route[1])
        if refund and fake.payments[refund["payment_id"]]["token"] == token:
            return 200, refund
    return NOT_FOUND
