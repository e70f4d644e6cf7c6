"""Provider B through the official SDK, against the fake: key checks per environment, webhook
creation, Standard Webhooks signatures, and the configuration stored sealed. (The
``provider_b`` fixture is the fake, so the adapter module is imported as ``adapter``.)"""

import json
import threading
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from billing.core.errors import Invalid, NotFound, Unavailable
from billing.payments import provider_b as adapter
from billing.payments import provider_b_config, setup
from billing.payments.models import ProviderConfig
from tests.conftest import in_test_mode
from tests.provider_b_events import event_payload, new_webhook_secret, send_event, signed_headers


async def test_a_key_is_valid_in_its_own_environment_only(provider_b):
    test_key = provider_b.add_key("test_mode")
    live_key = provider_b.add_key("live_mode")
    assert await _checked(test_key) == (True, "test_mode")
    assert await _checked(live_key) == (True, "live_mode")


async def _checked(key: str) -> tuple[bool, str | None]:
    check = await adapter.validate_key(key)
    assert check.message
    return check.success, check.environment


async def test_an_unknown_key_is_refused_without_raising(provider_b):
    check = await adapter.validate_key("not-a-known-key")
    assert check == (False, adapter.REFUSED, None)


async def test_an_outage_is_not_taken_for_a_bad_key(provider_b):
    provider_b.fail_next(4)  # both environments, each with its one retry
    check = await adapter.validate_key(provider_b.add_key("test_mode"))
    assert check == (False, adapter.UNREACHABLE, None)


async def test_a_webhook_is_created_with_its_signing_secret(provider_b):
    key = provider_b.add_key("live_mode")
    webhook_id, secret = await adapter.create_webhook(
        key, "live_mode", "http://tally.example/v1/public/webhook-provider-b/mer_1"
    )
    made = provider_b.webhooks[webhook_id]
    assert made["secret"] == secret and secret.startswith("whsec_")
    assert made["url"] == "http://tally.example/v1/public/webhook-provider-b/mer_1"
    assert "payment.succeeded" in made["filter_types"]


def _signed(secret: str, **data):
    payload = event_payload("payment.succeeded", {"payment_id": "pay_1", **data})
    return payload, signed_headers(secret, payload)


def test_a_signed_event_is_verified_and_parsed():
    secret = new_webhook_secret()
    payload, headers = _signed(secret)
    event = adapter.verify_webhook(secret, payload.encode(), headers)
    assert event["type"] == "payment.succeeded"
    assert event["data"]["payment_id"] == "pay_1"


def test_a_tampered_body_is_refused():
    secret = new_webhook_secret()
    payload, headers = _signed(secret)
    tampered = payload.replace("pay_1", "pay_2")
    with pytest.raises(adapter.InvalidSignature) as refused:
        adapter.verify_webhook(secret, tampered, headers)
    assert refused.value.status == 401


def test_another_secret_is_refused():
    payload, headers = _signed(new_webhook_secret())
    with pytest.raises(adapter.InvalidSignature):
        adapter.verify_webhook(new_webhook_secret(), payload, headers)


@pytest.mark.parametrize("missing", ["webhook-id", "webhook-timestamp", "webhook-signature"])
def test_missing_headers_are_refused(missing):
    secret = new_webhook_secret()
    payload, headers = _signed(secret)
    del headers[missing]
    with pytest.raises(adapter.InvalidSignature):
        adapter.verify_webhook(secret, payload, headers)


@pytest.mark.parametrize(
    "signature", ["", "v1", "v1,not base64!", "garbage", "v2,AAAA", "v1,AAAA v1"]
)
def test_malformed_signatures_are_refused(signature):
    secret = new_webhook_secret()
    payload, headers = _signed(secret)
    with pytest.raises(adapter.InvalidSignature):
        adapter.verify_webhook(secret, payload, {**headers, "webhook-signature": signature})


def test_an_old_delivery_is_refused():
    """A signature more than five minutes old is a replay, not a delivery."""
    secret = new_webhook_secret()
    payload = event_payload("payment.failed", {})
    headers = signed_headers(secret, payload, timestamp=datetime.now(UTC) - timedelta(hours=1))
    with pytest.raises(adapter.InvalidSignature):
        adapter.verify_webhook(secret, payload, headers)


async def test_saved_secrets_are_sealed_in_the_database(provider_b, make_merchant):
    account = await make_merchant()
    key = provider_b.add_key("live_mode")
    saved = await provider_b_config.save_config(account.id, key)
    row = await ProviderConfig.get(id=saved["id"])
    assert row.merchant_id == account.id and row.provider == "provider_b"
    assert key not in row.secret_key_sealed
    assert setup.unseal(row.secret_key_sealed) == key
    hook = provider_b.webhooks[row.webhook_id]
    assert hook["secret"] not in row.webhook_secret_sealed
    assert setup.unseal(row.webhook_secret_sealed) == hook["secret"]
    assert hook["url"] == setup.webhook_url(f"/v1/public/webhook-provider-b/{account.id}")
    assert (row.has_webhook, row.environment) == (True, "live_mode")


async def test_saving_the_same_key_again_keeps_its_webhook(provider_b, make_merchant):
    account = await make_merchant()
    key = provider_b.add_key("live_mode")
    first = await provider_b_config.save_config(account.id, key)
    before = len(provider_b.webhooks)
    second = await provider_b_config.save_config(account.id, key)
    assert second["id"] == first["id"]
    assert len(provider_b.webhooks) == before
    assert await ProviderConfig.filter(merchant_id=account.id).count() == 1


async def test_a_new_key_replaces_the_old_one(provider_b, make_merchant):
    account = await make_merchant()
    await provider_b_config.save_config(account.id, provider_b.add_key("live_mode"))
    signing = new_webhook_secret()
    newer = provider_b.add_key("live_mode")
    await provider_b_config.save_config(account.id, newer, signing)
    row = await provider_b_config.get_config(account.id)
    assert setup.unseal(row.secret_key_sealed) == newer
    assert setup.unseal(row.webhook_secret_sealed) == signing
    assert row.webhook_id is None and row.has_webhook


async def test_each_mode_takes_only_its_own_kind_of_key(provider_b, make_merchant):
    live = await make_merchant()
    test = await in_test_mode(live)
    with pytest.raises(Invalid, match="test-mode key, and this is the live-mode account"):
        await provider_b_config.save_config(live.id, provider_b.add_key("test_mode"))
    with pytest.raises(Invalid, match="live-mode key, and this is the test-mode account"):
        await provider_b_config.save_config(test.id, provider_b.add_key("live_mode"))
    await provider_b_config.save_config(test.id, provider_b.add_key("test_mode"))
    assert (await provider_b_config.get_config(test.id)).environment == "test_mode"
    with pytest.raises(NotFound):
        await provider_b_config.get_config(live.id)


async def test_a_refused_webhook_still_saves_the_key_and_says_so(provider_b, make_merchant):
    account = await make_merchant()
    provider_b.refuse_webhooks = True
    try:
        saved = await provider_b_config.save_config(account.id, provider_b.add_key("live_mode"))
    finally:
        provider_b.refuse_webhooks = False
    assert saved["message"] == provider_b_config.SAVED + provider_b_config.NO_WEBHOOK
    row = await provider_b_config.get_config(account.id)
    assert (row.has_webhook, row.webhook_id, row.webhook_secret_sealed) == (False, None, None)


async def test_an_outage_saves_nothing(provider_b, make_merchant):
    account = await make_merchant()
    provider_b.fail_next(4)
    with pytest.raises(Unavailable):
        await provider_b_config.save_config(account.id, provider_b.add_key("live_mode"))
    assert not await ProviderConfig.filter(merchant_id=account.id).exists()


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
    assert adapter.verify_webhook(secret, body, headers)["data"]["payment_id"] == "pay_9"
