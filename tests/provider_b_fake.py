"""A small fake of provider B (Dodo Payments) that the official ``dodopayments`` SDK talks
HTTP to, and a sender of Standard-Webhooks-signed events.

No public fake of this provider exists, and mocking the SDK would test nothing of how Tally
uses it; so this is a real HTTP server (``http.server`` in a thread, on a free loopback port)
that answers only the calls Tally makes, in the JSON shapes the SDK's types declare.

Shape
-----
The provider's two environments are two hosts (``test.`` and ``live.dodopayments.com``); an
API base set in Tally's settings stands for both, with the environment as the first path
segment (``{base}/test_mode/...``, ``{base}/live_mode/...``). The fake serves both that way.
A key belongs to one environment, as at the provider: used in the other one it answers 401.

State (``ProviderBFake``): ``keys`` (bearer token -> environment) and ``webhooks`` (id -> the
endpoint's details, its signing secret and the key that made it). ``add_key`` makes a key.

Calls answered (``Authorization: Bearer <key>``; an unknown key or the wrong environment
answers 401 ``{"code": "UNAUTHORIZED", ...}``; anything else 404):

- ``GET /{env}/brands``: ``{"items": []}`` (the SDK's ``brands.list()``, Tally's key check);
- ``POST /{env}/webhooks``: a ``WebhookDetails`` (id, url, description, metadata, dates);
- ``GET /{env}/webhooks/{id}/secret``: ``{"secret": "whsec_..."}`` (own key's webhooks only).

Charges, answered statefully and recorded (with the ``Idempotency-Key`` header) in
``charges`` and ``links``; a key seen before answers the first answer again:

- ``POST /{env}/subscriptions/{id}/charge``: ``{"payment_id": ...}`` (a mandate charge);
- ``POST /{env}/products``: a one-time ``Product`` (what a link sells);
- ``POST /{env}/payments``: a ``PaymentCreateResponse`` with its ``payment_link``;
- ``POST /{env}/subscriptions``: a ``SubscriptionCreateResponse`` (an on-demand subscription,
  the mandate) with its ``payment_link``, recorded in ``mandates``.

``settled_event(record, succeeded=...)`` builds the ``payment.succeeded`` / ``payment.failed``
event the provider would send for one of them.

``fail_next`` makes the next call answer 500 (a provider outage); ``refuse_webhooks`` makes
webhook creation answer 422 (the provider refusing Tally's URL).

Events: ``event_payload`` wraps ``payment_data`` (``payment.succeeded``, ``payment.failed``,
``payment.cancelled``) or ``subscription_data`` (``subscription.active``,
``subscription.update_payment_method``, the mandate) in the provider's envelope, in the
shapes of the SDK's webhook event types.

Sending events: ``signed_headers`` gives the three Standard Webhooks headers for a payload
(for Quart's test client), ``send_event`` POSTs a signed event to a URL (for a live server).
"""

import base64
import json
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
from standardwebhooks import Webhook

ENVIRONMENTS = ("test_mode", "live_mode")


def new_webhook_secret() -> str:
    """A signing secret in the provider's form: ``whsec_`` and 24 random bytes in base64."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()


def signed_headers(
    secret: str, payload: str, *, msg_id: str | None = None, timestamp: datetime | None = None
) -> dict[str, str]:
    """The ``webhook-id``, ``webhook-timestamp`` and ``webhook-signature`` headers with which
    the provider would deliver ``payload`` (the exact body text) signed with ``secret``."""
    msg_id = msg_id or "msg_" + secrets.token_hex(12)
    timestamp = timestamp or datetime.now(UTC)
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(int(timestamp.timestamp())),
        "webhook-signature": Webhook(secret).sign(msg_id, timestamp, payload),
    }


def event_payload(event_type: str, data: dict, *, business_id: str = "bus_fake") -> str:
    """An event body in the provider's envelope: business_id, type, timestamp and data."""
    return json.dumps(
        {
            "business_id": business_id,
            "type": event_type,
            "timestamp": datetime.now(UTC).isoformat(),
            "data": data,
        }
    )


def payment_data(
    payment_id: str, *, status: str = "succeeded", metadata: dict | None = None, **fields
) -> dict:
    """A ``Payment`` as the SDK's ``payment.*`` webhook events carry it (every required
    field, so ``PaymentSucceededWebhookEvent`` and its siblings validate it)."""
    now = datetime.now(UTC).isoformat()
    return {
        "payment_id": payment_id,
        "status": status,
        "billing": {"country": "US"},
        "brand_id": "bnd_fake",
        "business_id": "bus_fake",
        "created_at": now,
        "currency": "USD",
        "customer": {"customer_id": "cus_fake", "email": "ada@example.com", "name": "Ada"},
        "digital_products_delivered": False,
        "disputes": [],
        "includes_usage": False,
        "is_multi_subscription": False,
        "is_update_payment_method": False,
        "metadata": metadata or {},
        "payment_provider": "dodo",
        "refunds": [],
        "retry_attempt": 0,
        "service_periods": [],
        "settlement_amount": 4900,
        "settlement_currency": "USD",
        "subscription_ids": [],
        "total_amount": 4900,
        **fields,
    }


def subscription_data(
    subscription_id: str, *, payment_method_id: str | None, metadata: dict | None = None
) -> dict:
    """An on-demand ``Subscription`` (provider B's mandate) as ``subscription.*`` events
    carry it, with every field the SDK requires."""
    now = datetime.now(UTC).isoformat()
    return {
        "subscription_id": subscription_id,
        "payment_method_id": payment_method_id,
        "status": "active",
        "on_demand": True,
        "addons": [],
        "billing": {"country": "US"},
        "brand_id": "bnd_fake",
        "cancel_at_next_billing_date": False,
        "created_at": now,
        "credit_entitlement_cart": [],
        "currency": "USD",
        "customer": {"customer_id": "cus_fake", "email": "ada@example.com", "name": "Ada"},
        "has_payment_method": payment_method_id is not None,
        "metadata": metadata or {},
        "meter_credit_entitlement_cart": [],
        "meters": [],
        "next_billing_date": now,
        "payment_frequency_count": 1,
        "payment_frequency_interval": "Month",
        "previous_billing_date": now,
        "product_id": "pdt_fake",
        "quantity": 1,
        "recurring_pre_tax_amount": 0,
        "subscription_period_count": 10,
        "subscription_period_interval": "Year",
        "tax_inclusive": False,
        "trial_period_days": 0,
    }


def settled_event(record: dict, *, succeeded: bool = True, message: str = "Declined") -> str:
    """The ``payment.succeeded`` / ``payment.failed`` event the provider sends for one of the
    fake's ``charges`` or ``links`` (its payment id and the metadata Tally sent)."""
    metadata = record["body"].get("metadata") or {}
    if succeeded:
        data = payment_data(record["payment_id"], metadata=metadata)
        return event_payload("payment.succeeded", data)
    data = payment_data(
        record["payment_id"], status="failed", metadata=metadata, error_message=message
    )
    return event_payload("payment.failed", data)


def send_event(
    url: str, secret: str, payload: str, *, msg_id: str | None = None, **headers: str
) -> httpx.Response:
    """POST ``payload`` to ``url`` as the provider delivers a webhook: signed with ``secret``,
    JSON, with the Standard Webhooks headers (``headers`` adds or overrides some)."""
    signed = signed_headers(secret, payload, msg_id=msg_id)
    all_headers = {"content-type": "application/json", **signed, **headers}
    return httpx.post(url, content=payload.encode(), headers=all_headers, timeout=10)


class ProviderBFake:
    """The fake's state and its server; ``url`` is the API base to configure Tally with."""

    def __init__(self) -> None:
        self.keys: dict[str, str] = {}
        self.webhooks: dict[str, dict] = {}
        self.calls: list[tuple[str, str]] = []  # (method, path), for assertions
        self.charges: list[dict] = []  # mandate charges: subscription_id, body, key, payment_id
        self.links: list[dict] = []  # payment links: body, key, payment_id, payment_link
        self.mandates: list[dict] = []  # mandate links: body, key, subscription_id, payment_link
        self.products: dict[str, dict] = {}
        self._answered: dict[str, tuple[int, dict]] = {}  # idempotency key -> first answer
        self.failures = 0
        self.refuse_webhooks = False
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> "ProviderBFake":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def add_key(self, environment: str = "test_mode") -> str:
        """A new secret key that the fake accepts in ``environment`` only."""
        assert environment in ENVIRONMENTS
        key = f"fake_{environment.split('_')[0]}_" + secrets.token_urlsafe(24)
        self.keys[key] = environment
        return key

    def fail_next(self, count: int = 1) -> None:
        """Answer the next ``count`` calls with a 500, as an outage would."""
        self.failures = count

    def webhook_for(self, url: str) -> dict | None:
        """The last webhook endpoint registered for ``url``."""
        found = [hook for hook in self.webhooks.values() if hook["url"] == url]
        return found[-1] if found else None

    # --- the calls, as the handler routes them: (status, body) ---

    def answer(
        self, method: str, path: str, token: str | None, body: dict, key: str | None = None
    ) -> tuple[int, dict]:
        with self._lock:
            self.calls.append((method, path))
            if self.failures:
                self.failures -= 1
                return 500, {"code": "INTERNAL", "message": "Provider outage (fake)"}
            parts = [part for part in path.split("?")[0].split("/") if part]
            if not parts or parts[0] not in ENVIRONMENTS:
                return 404, {"code": "NOT_FOUND", "message": "Unknown environment"}
            environment, route = parts[0], parts[1:]
            if token is None or self.keys.get(token) != environment:
                return 401, {"code": "UNAUTHORIZED", "message": "Invalid API key"}
            if method == "POST" and key and key in self._answered:
                return self._answered[key]
            if (
                method == "POST"
                and route in (["products"], ["payments"], ["subscriptions"])
                or (
                    method == "POST"
                    and len(route) == 3
                    and route[::2] == ["subscriptions", "charge"]
                )
            ):
                answered = self._charge(route, body, key)
                if key:
                    self._answered[key] = answered
                return answered
            if method == "GET" and route == ["brands"]:
                return 200, {"items": []}
            if method == "POST" and route == ["webhooks"] and self.refuse_webhooks:
                return 422, {"code": "INVALID_URL", "message": "Webhook URL refused (fake)"}
            if method == "POST" and route == ["webhooks"] and isinstance(body.get("url"), str):
                return 200, self._create_webhook(token, body)
            if method == "GET" and len(route) == 3 and route[0] == "webhooks":
                hook = self.webhooks.get(route[1])
                if route[2] == "secret" and hook and hook["key"] == token:
                    return 200, {"secret": hook["secret"]}
            return 404, {"code": "NOT_FOUND", "message": "Not found"}

    def _charge(self, route: list[str], body: dict, key: str | None) -> tuple[int, dict]:
        now = datetime.now(UTC).isoformat()
        payment_id = "pay_" + secrets.token_hex(10)
        metadata = body.get("metadata") or {}
        if route == ["subscriptions"]:
            return self._mandate(body, key, payment_id)
        if route[0] == "subscriptions":
            self.charges.append(
                {"subscription_id": route[1], "body": body, "key": key, "payment_id": payment_id}
            )
            return 200, {"payment_id": payment_id}
        if route == ["products"]:
            product = {
                "product_id": "pdt_" + secrets.token_hex(10),
                "brand_id": "bnd_fake",
                "business_id": "bus_fake",
                "created_at": now,
                "updated_at": now,
                "credit_entitlements": [],
                "entitlements": [],
                "is_recurring": False,
                "license_key_enabled": False,
                "metadata": metadata,
                "price": body.get("price"),
                "tax_category": body.get("tax_category"),
                "name": body.get("name"),
            }
            self.products[product["product_id"]] = product
            return 200, product
        cart = body.get("product_cart") or []
        product = self.products.get(cart[0]["product_id"]) if cart else None
        if product is None or not (body.get("billing") or {}).get("country"):
            return 422, {"code": "INVALID_REQUEST", "message": "Unknown product (fake)"}
        link = f"{self.url}/checkout/{payment_id}"
        customer = body.get("customer") or {}
        self.links.append(
            {"body": body, "key": key, "payment_id": payment_id, "payment_link": link}
        )
        return 200, {
            "payment_id": payment_id,
            "payment_link": link if body.get("payment_link") else None,
            "client_secret": "secret_" + secrets.token_hex(8),
            "customer": {
                "customer_id": "cus_" + secrets.token_hex(6),
                "email": customer.get("email", ""),
                "name": customer.get("name") or "",
            },
            "metadata": metadata,
            "total_amount": product["price"]["price"],
            "product_cart": [{"product_id": product["product_id"], "quantity": 1}],
        }

    def _mandate(self, body: dict, key: str | None, payment_id: str) -> tuple[int, dict]:
        product = self.products.get(body.get("product_id") or "")
        if product is None or not (body.get("billing") or {}).get("country"):
            return 422, {"code": "INVALID_REQUEST", "message": "Unknown product (fake)"}
        subscription_id = "sub_" + secrets.token_hex(10)
        link = f"{self.url}/mandate/{subscription_id}"
        self.mandates.append(
            {"body": body, "key": key, "subscription_id": subscription_id, "payment_link": link}
        )
        customer = body.get("customer") or {}
        return 200, {
            "addons": [],
            "customer": {
                "customer_id": "cus_" + secrets.token_hex(6),
                "email": customer.get("email", ""),
                "name": customer.get("name") or "",
            },
            "metadata": body.get("metadata") or {},
            "payment_id": payment_id,
            "payment_method_required": True,
            "recurring_pre_tax_amount": 0,
            "subscription_id": subscription_id,
            "payment_link": link if body.get("payment_link") else None,
        }

    def _create_webhook(self, token: str, body: dict) -> dict:
        now = datetime.now(UTC).isoformat()
        details = {
            "id": "wh_" + secrets.token_hex(10),
            "url": body["url"],
            "description": body.get("description") or "",
            "metadata": body.get("metadata") or {},
            "filter_types": body.get("filter_types") or [],
            "disabled": bool(body.get("disabled")),
            "created_at": now,
            "updated_at": now,
        }
        self.webhooks[details["id"]] = {**details, "secret": new_webhook_secret(), "key": token}
        return details


def _handler_for(fake: ProviderBFake) -> type[BaseHTTPRequestHandler]:
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


@contextmanager
def running_fake() -> Iterator[ProviderBFake]:
    """A started fake, stopped afterwards."""
    fake = ProviderBFake().start()
    try:
        yield fake
    finally:
        fake.stop()
