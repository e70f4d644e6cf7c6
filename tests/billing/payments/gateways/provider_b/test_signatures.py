"""Provider B's webhook signatures (billing/payments/gateways/provider_b/signatures.py): a signed
event is verified and parsed; a tampered body, another secret, missing or malformed headers and an
old delivery are all one refusal; and the fake sends what a receiver can verify."""

import json
import threading
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from billing.payments.gateways.provider_b.signatures import InvalidSignature, verify_webhook
from tests.support.fakes.provider_b_events import (
    event_payload,
    new_webhook_secret,
    send_event,
    signed_headers,
)


def _signed(secret: str, **data):
    payload = event_payload("payment.succeeded", {"payment_id": "pay_1", **data})
    return payload, signed_headers(secret, payload)


def test_a_signed_event_is_verified_and_parsed():
    secret = new_webhook_secret()
    payload, headers = _signed(secret)
    event = verify_webhook(secret, payload.encode(), headers)
    assert event["type"] == "payment.succeeded"
    assert event["data"]["payment_id"] == "pay_1"


def test_a_tampered_body_is_refused():
    secret = new_webhook_secret()
    payload, headers = _signed(secret)
    tampered = payload.replace("pay_1", "pay_2")
    with pytest.raises(InvalidSignature) as refused:
        verify_webhook(secret, tampered, headers)
    assert refused.value.status == 401


def test_another_secret_is_refused():
    payload, headers = _signed(new_webhook_secret())
    with pytest.raises(InvalidSignature):
        verify_webhook(new_webhook_secret(), payload, headers)


@pytest.mark.parametrize("missing", ["webhook-id", "webhook-timestamp", "webhook-signature"])
def test_missing_headers_are_refused(missing):
    secret = new_webhook_secret()
    payload, headers = _signed(secret)
    del headers[missing]
    with pytest.raises(InvalidSignature):
        verify_webhook(secret, payload, headers)


@pytest.mark.parametrize(
    "signature", ["", "v1", "v1,not base64!", "garbage", "v2,AAAA", "v1,AAAA v1"]
)
def test_malformed_signatures_are_refused(signature):
    secret = new_webhook_secret()
    payload, headers = _signed(secret)
    with pytest.raises(InvalidSignature):
        verify_webhook(secret, payload, {**headers, "webhook-signature": signature})


def test_an_old_delivery_is_refused():
    """A signature more than five minutes old is a replay, not a delivery."""
    secret = new_webhook_secret()
    payload = event_payload("payment.failed", {})
    headers = signed_headers(secret, payload, timestamp=datetime.now(UTC) - timedelta(hours=1))
    with pytest.raises(InvalidSignature):
        verify_webhook(secret, payload, headers)


def test_the_fake_event_envelope_is_json():
    body = json.loads(event_payload("refund.succeeded", {"refund_id": "ref_1"}))
    assert set(body) == {"business_id", "type", "timestamp", "data"}


def test_the_fake_sends_events_a_receiver_can_verify():
    """``send_event`` POSTs exactly the signed body and headers a real delivery carries."""
    received: list[tuple[bytes, dict]] = []

    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            body = self.rfile.read(int(self.headers["content-length"]))
            received.append((body, dict(self.headers.items())))
            self.send_response(204)
            self.end_headers()

        def log_message(self, format: str, *args) -> None:  # noqa: A002
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        secret = new_webhook_secret()
        payload = event_payload("payment.succeeded", {"payment_id": "pay_9"})
        url = f"http://127.0.0.1:{server.server_address[1]}/hook"
        assert send_event(url, secret, payload, msg_id="msg_1").status_code == 204
    finally:
        server.shutdown()
        server.server_close()
    body, headers = received[0]
    assert headers["webhook-id"] == "msg_1"
    assert verify_webhook(secret, body, headers)["data"]["payment_id"] == "pay_9"
