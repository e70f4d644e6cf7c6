"""A small fake of provider B (Dodo Payments) that the official ``dodopayments`` SDK talks
HTTP to. Its events and their signing are in ``provider_b_events``, its answers' JSON in
``provider_b_objects``, the HTTP plumbing in ``provider_b_routes``.

No public fake of this provider exists, and mocking the SDK would test nothing of how Tally
uses it; so this is a real HTTP server (``http.server`` in a thread, on a free loopback port)
that answers only the calls Tally makes.

The provider's two environments are two hosts (``test.`` and ``live.dodopayments.com``); an
API base set in Tally's settings stands for both, with the environment as the first path
segment (``{base}/test_mode/...``, ``{base}/live_mode/...``). A key belongs to one environment,
as at the provider: used in the other one it answers 401 ``{"code": "UNAUTHORIZED"}``. Any call
not listed answers 404.

- ``GET /{env}/brands``: ``{"items": []}`` (the SDK's ``brands.list()``, Tally's key check);
- ``POST /{env}/webhooks``, ``GET /{env}/webhooks/{id}/secret`` (own key's webhooks only);
- charges: ``POST /{env}/subscriptions/{id}/charge`` (a mandate, recorded in ``charges``),
  ``POST /{env}/products`` and ``POST /{env}/payments`` (a link, recorded in ``links``);
- mandates: ``POST /{env}/subscriptions``, an on-demand subscription with its
  ``payment_link`` (the portal's provider B setup link, recorded in ``mandates``);
- refunds: ``POST /{env}/refunds`` (``refunds.create``: ``payment_id``, ``reason``,
  ``metadata``, optional ``items`` ``[{item_id, amount}]``; recorded in ``refunds``) and
  ``GET /{env}/refunds/{id}``. A refund of a payment the key did not make answers 404; one of
  more than is left, or whose items name another product than the payment's (each payment
  sold one: the link's, the mandate subscription's when the fake made it, ``add_payment``'s
  own) or no amount, 422; all ``{"code", "message"}`` as the provider's errors are;
- ``GET /{env}/payments/{id}``: a ``Payment`` (``payments.retrieve``), own key's only. A charge
  or a link stays ``processing`` until ``settle_payment`` settles it as the customer or the
  bank would; ``backdate_payment`` makes one older (a link left unpaid past its lifetime).

Every POST with an ``Idempotency-Key`` seen before answers the first answer again.

State (``ProviderBFake``): ``keys`` (bearer token -> environment, ``add_key`` makes one),
``webhooks``, ``payments`` (payment id -> amount, currency, what is refunded; the charges and
links made here, and ``add_payment`` for a payment made before the test), ``refunds``. A
payment's refunds answer ``succeeded`` unless ``add_payment(..., refund_status="pending")``
asked otherwise; ``settle_refund`` then settles one as the provider later would, and answers
the ``refund.*`` event it sends. ``fail_next`` makes the next call answer 500 (an outage);
``lose_next`` makes it do the next call and answer 500 (the answer lost on the way; the
same key then replays the first answer); ``refuse_webhooks`` makes webhook creation answer
422.
"""

import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from http.server import ThreadingHTTPServer

from tests.support.fakes import provider_b_objects as objects
from tests.support.fakes.provider_b_events import new_webhook_secret, refund_event
from tests.support.fakes.provider_b_routes import NO_PAYMENT, NOT_FOUND, handler_for, read

ENVIRONMENTS = ("test_mode", "live_mode")
TOO_MUCH = "The refund amount is more than is left to refund on this payment"


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
        self.payments: dict[str, dict] = {}  # id -> amount, currency, refunded, token, ...
        self.refunds: dict[str, dict] = {}  # id -> the refund object as answered
        self.refund_keys: dict[str, str | None] = {}  # refund id -> its Idempotency-Key
        self._answered: dict[str, tuple[int, dict]] = {}  # idempotency key -> first answer
        self.failures = 0
        self.losses = 0
        self.refuse_webhooks = False
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler_for(self))
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

    def add_payment(
        self, key: str, amount_cents: int, currency: str = "USD", refund_status="succeeded"
    ) -> str:
        """A paid payment made with ``key``, as if a customer paid a link earlier; its id.
        Its refunds answer ``refund_status`` (``pending``: the provider settles them later)."""
        payment_id = objects.new_id("pay")
        product_id = objects.new_id("pdt")
        self._payment(payment_id, key, amount_cents, currency, refund_status, product_id=product_id)
        return payment_id

    def settle_refund(self, refund_id: str, *, succeeded: bool) -> str:
        """Settle a pending refund as the provider later does (a failed one gives its amount
        back to the payment); the ``refund.*`` event it sends for it."""
        with self._lock:
            refund = self.refunds[refund_id]
            refund["status"] = "succeeded" if succeeded else "failed"
            if not succeeded:
                self.payments[refund["payment_id"]]["refunded"] -= refund["amount"]
        return refund_event(refund, succeeded=succeeded)

    def settle_payment(self, payment_id: str, status: str, message: str | None = None) -> None:
        """Give a charge or link the ``status`` the provider would (``succeeded``,
        ``failed`` with ``message``, ``cancelled``), without sending any webhook."""
        with self._lock:
            self.payments[payment_id].update(status=status, error_message=message)

    def backdate_payment(self, payment_id: str, created_at: datetime) -> None:
        with self._lock:
            self.payments[payment_id]["created_at"] = created_at.isoformat()

    def fail_next(self, count: int = 1) -> None:
        """Answer the next ``count`` calls with a 500, as an outage would."""
        self.failures = count

    def lose_next(self, count: int = 1) -> None:
        """Do the next ``count`` calls but answer them 500, as an answer lost in transit."""
        self.losses = count

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
            answered = self._call(method, route, token, body, key)
            if self.losses:
                self.losses -= 1
                return 500, {"code": "INTERNAL", "message": "Answer lost (fake)"}
            return answered

    def _call(self, method, route, token, body, key) -> tuple[int, dict]:
        if method == "POST":
            if key and key in self._answered:
                return self._answered[key]
            answered = self._post(route, token, body, key)
            if key and answered[0] < 500:
                self._answered[key] = answered
            return answered
        return read(self, route, token) if method == "GET" else NOT_FOUND

    def _post(self, route: list[str], token: str, body: dict, key: str | None):
        if len(route) == 3 and route[::2] == ["subscriptions", "charge"]:
            payment_id = objects.new_id("pay")
            amount, currency = body.get("product_price") or 0, body.get("product_currency")
            product_id = self._mandate_product(route[1])
            self._payment(
                payment_id,
                token,
                amount,
                currency or "USD",
                status="processing",
                metadata=body.get("metadata") or {},
                product_id=product_id,
            )
            self.charges.append(
                {"subscription_id": route[1], "body": body, "key": key, "payment_id": payment_id}
            )
            return 200, {"payment_id": payment_id}
        if route == ["products"]:
            made = objects.product(body)
            self.products[made["product_id"]] = made
            return 200, made
        if route == ["payments"]:
            return self._link(token, body, key)
        if route == ["subscriptions"]:
            return self._mandate(body, key)
        if route == ["refunds"]:
            return self._refund(token, body, key)
        if route == ["webhooks"] and self.refuse_webhooks:
            return 422, {"code": "INVALID_URL", "message": "Webhook URL refused (fake)"}
        if route == ["webhooks"] and isinstance(body.get("url"), str):
            details = objects.webhook_details(body)
            self.webhooks[details["id"]] = {
                **details,
                "secret": new_webhook_secret(),
                "key": token,
            }
            return 200, details
        return NOT_FOUND

    def _mandate(self, body: dict, key: str | None) -> tuple[int, dict]:
        if body.get("product_id") not in self.products or not (body.get("billing") or {}).get(
            "country"
        ):
            return 422, {"code": "INVALID_REQUEST", "message": "Unknown product (fake)"}
        subscription_id = "sub_" + secrets.token_hex(10)
        link = f"{self.url}/mandate/{subscription_id}"
        self.mandates.append(
            {"body": body, "key": key, "subscription_id": subscription_id, "payment_link": link}
        )
        return 200, objects.mandate(body, subscription_id, objects.new_id("pay"), link)

    def _mandate_product(self, subscription_id: str) -> str | None:
        made = [m for m in self.mandates if m["subscription_id"] == subscription_id]
        return made[-1]["body"].get("product_id") if made else None

    def _payment(self, payment_id, token, amount, currency, refund_status="succeeded", **more):
        self.payments[payment_id] = objects.stored_payment(
            payment_id, token, amount, currency, refund_status=refund_status, **more
        )

    def _link(self, token: str, body: dict, key: str | None) -> tuple[int, dict]:
        cart = body.get("product_cart") or []
        sold = self.products.get(cart[0]["product_id"]) if cart else None
        if sold is None or not (body.get("billing") or {}).get("country"):
            return 422, {"code": "INVALID_REQUEST", "message": "Unknown product (fake)"}
        payment_id = objects.new_id("pay")
        link = f"{self.url}/checkout/{payment_id}"
        price = sold["price"]
        self._payment(
            payment_id,
            token,
            price["price"],
            price["currency"],
            status="processing",
            metadata=body.get("metadata") or {},
            product_id=sold["product_id"],
        )
        self.links.append(
            {"body": body, "key": key, "payment_id": payment_id, "payment_link": link}
        )
        return 200, objects.payment_created(payment_id, link, body, sold)

    def _refund(self, token: str, body: dict, key: str | None) -> tuple[int, dict]:
        payment = self.payments.get(body.get("payment_id"))
        if payment is None or payment["token"] != token:
            return NO_PAYMENT
        left = payment["amount"] - payment["refunded"]
        amount = objects.refund_items_amount(body.get("items"), payment, left)
        if isinstance(amount, str):
            return 422, {"code": "INVALID_REQUEST", "message": amount}
        if not 0 < amount <= left:
            return 422, {"code": "REFUND_AMOUNT_EXCEEDED", "message": TOO_MUCH}
        payment["refunded"] += amount
        refund = objects.refund(payment, body, amount, payment["refund_status"])
        self.refunds[refund["refund_id"]] = refund
        self.refund_keys[refund["refund_id"]] = key
        return 200, refund


@contextmanager
def running_fake() -> Iterator[ProviderBFake]:
    """A started fake, stopped afterwards."""
    fake = ProviderBFake().start()
    try:
        yield fake
    finally:
        fake.stop()
