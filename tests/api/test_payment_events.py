"""GET /v1/public/events/{paymentIntentId} in process: what a browser's EventSource reads.

Status changes are made by the real outcome functions in a committed transaction, so they
travel through PostgreSQL NOTIFY to the app's one listening connection and on to the stream.
"""

import asyncio
import contextlib
import json
from datetime import UTC, datetime

import pytest
from tortoise import connections
from tortoise.transactions import in_transaction

from billing.payments.collection.payment_events import NOT_FOUND
from billing.payments.collection.payment_outcomes import mark_failed, mark_succeeded
from billing.payments.models import Payment
from tests.conftest import in_test_mode
from tests.support.factories.webhooks import pending_payment

PAID_AT = datetime(2030, 1, 1, 12, tzinfo=UTC)
WAIT = 10  # seconds before a test gives up on a message that should come at once


def path(intent_id: str) -> str:
    return f"/v1/public/events/{intent_id}"


class Stream:
    """One open stream of the in-process client, read message by message."""

    def __init__(self, connection) -> None:
        self.connection = connection
        self.buffer = ""

    async def message(self) -> str:
        while "\n\n" not in self.buffer:
            chunk = await asyncio.wait_for(self.connection.receive(), WAIT)
            self.buffer += chunk.decode()
        message, _, self.buffer = self.buffer.partition("\n\n")
        return message

    async def status(self) -> dict:
        message = await self.message()
        event, data = message.split("\n")
        assert event == "event: status"
        return json.loads(data.removeprefix("data: "))

    async def ended(self) -> bool:
        """Whether the server ended the stream here (its last, empty body part)."""
        return self.buffer == "" and await asyncio.wait_for(self.connection.receive(), WAIT) == b""


@contextlib.asynccontextmanager
async def open_stream(client, target: str, headers: dict | None = None):
    async with client.request(target, headers=headers or {}) as connection:
        await connection.send_complete()
        yield Stream(connection)


@pytest.fixture
def hub(app):
    return app.extensions["tally.payment_events"]


async def test_current_status_then_the_change_then_the_end(client, merchant, hub):
    payment = await pending_payment(merchant.id, "provider_a", "pi_stream_paid")
    async with open_stream(client, path("pi_stream_paid"), merchant.public_headers) as stream:
        assert await stream.status() == {
            "paymentIntentId": "pi_stream_paid",
            "paymentId": payment.id,
            "status": "pending",
            "invoiceId": payment.invoice_id,
            "amountCents": 4900,
            "currency": payment.currency,
            "errorMessage": None,
        }
        async with in_transaction():
            assert await mark_succeeded(payment.id, PAID_AT)
        paid = await stream.status()
        assert (paid["paymentIntentId"], paid["status"]) == ("pi_stream_paid", "succeeded")
        assert await stream.ended()
        assert hub.open_streams == 0


async def test_the_key_in_the_query_and_a_failure_with_its_message(client, merchant):
    payment = await pending_payment(merchant.id, "provider_a", "pi_stream_declined")
    key = merchant.publishable_key
    async with open_stream(client, f"{path('pi_stream_declined')}?key={key}") as stream:
        assert (await stream.status())["status"] == "pending"
        async with in_transaction():
            assert await mark_failed(payment.id, "Your card was declined.")
        failed = await stream.status()
        assert (failed["status"], failed["errorMessage"]) == ("failed", "Your card was declined.")
        assert await stream.ended()


async def test_a_final_status_is_sent_once_and_the_stream_ends(client, merchant):
    payment = await pending_payment(merchant.id, "provider_a")  # no provider id yet
    async with in_transaction():
        await mark_succeeded(payment.id, PAID_AT)
    async with open_stream(client, path(payment.id), merchant.public_headers) as stream:
        event = await stream.status()
        assert (event["paymentIntentId"], event["status"]) == (payment.id, "succeeded")
        assert await stream.ended()


async def test_a_rolled_back_change_is_never_sent(client, merchant):
    payment = await pending_payment(merchant.id, "provider_a", "pi_stream_rollback")
    async with open_stream(client, path("pi_stream_rollback"), merchant.public_headers) as stream:
        assert (await stream.status())["status"] == "pending"
        with pytest.raises(RuntimeError):
            async with in_transaction():
                await mark_failed(payment.id, "declined")
                raise RuntimeError("the webhook's transaction fails after the outcome")
        async with in_transaction():
            await mark_succeeded(payment.id, PAID_AT)
        assert (await stream.status())["status"] == "succeeded"  # no "failed" before it
        assert await stream.ended()


async def test_heartbeats_while_nothing_changes(client, merchant, hub, monkeypatch):
    monkeypatch.setattr(hub, "heartbeat", 0.05)
    payment = await pending_payment(merchant.id, "provider_b", "pay_stream_quiet")
    async with open_stream(client, path("pay_stream_quiet"), merchant.public_headers) as stream:
        assert (await stream.status())["status"] == "pending"
        assert await stream.message() == ": heartbeat"
        assert await stream.message() == ": heartbeat"
        async with in_transaction():
            await mark_succeeded(payment.id, PAID_AT)
        assert (await stream.status())["status"] == "succeeded"
        assert await stream.ended()


async def test_the_answer_is_an_event_stream_anyone_may_read(client, merchant):
    payment = await pending_payment(merchant.id, "provider_a", "pi_stream_headers")
    async with in_transaction():
        await mark_succeeded(payment.id, PAID_AT)
    response = await client.get(path("pi_stream_headers"), headers=merchant.public_headers)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    body = await response.get_data(as_text=True)
    assert body.startswith("event: status\ndata: ") and '"status": "succeeded"' in body


async def test_other_merchants_and_the_other_mode_see_nothing(client, merchant, make_merchant):
    await pending_payment(merchant.id, "provider_a", "pi_stream_private")
    other = await make_merchant(name="Other Ltd")
    test_mode = await in_test_mode(merchant)
    for headers in (other.public_headers, test_mode.public_headers):
        response = await client.get(path("pi_stream_private"), headers=headers)
        assert response.status_code == 404
        assert await response.get_json() == {"error": NOT_FOUND}
    missing = await client.get(path("pi_nobody_has_this"), headers=merchant.public_headers)
    assert (missing.status_code, await missing.get_json()) == (404, {"error": NOT_FOUND})


@pytest.mark.parametrize("segment", ["x" * 201, "pi_%00nul", "pi_with space", "%E2%82%AC"])
async def test_odd_ids_answer_as_missing(client, merchant, segment):
    response = await client.get(path(segment), headers=merchant.public_headers)
    assert (response.status_code, await response.get_json()) == (404, {"error": NOT_FOUND})


async def test_keys_that_do_not_open_a_stream(client, merchant):
    await pending_payment(merchant.id, "provider_a", "pi_stream_keys")
    target = path("pi_stream_keys")
    cases = [
        ({}, target, "Missing publishable key: send it in the 'X-Service-Key' header"),
        (
            merchant.headers,
            target,
            "Missing publishable key: send it in the 'X-Service-Key' header",
        ),
        (
            {"X-Service-Key": merchant.secret_key},
            target,
            "This endpoint requires a publishable key",
        ),
        ({}, f"{target}?key={merchant.secret_key}", "This endpoint requires a publishable key"),
        ({}, f"{target}?key=pk_live_unknown", "Invalid or revoked API key"),
    ]
    for headers, url, message in cases:
        response = await client.get(url, headers=headers)
        assert (response.status_code, await response.get_json()) == (401, {"error": message})
    assert await Payment.filter(provider_payment_id="pi_stream_keys").count() == 1


class ClientGone(Exception):
    """The browser tab closes."""


async def test_a_client_that_leaves_frees_its_stream(client, merchant, hub):
    await pending_payment(merchant.id, "provider_a", "pi_stream_left")
    with pytest.raises(ClientGone):  # leaving the block disconnects and awaits the server
        async with open_stream(client, path("pi_stream_left"), merchant.public_headers) as stream:
            assert (await stream.status())["status"] == "pending"
            assert hub.open_streams == 1
            raise ClientGone
    assert hub.open_streams == 0


async def test_streams_catch_up_after_the_listening_connection_drops(client, merchant, hub):
    payment = await pending_payment(merchant.id, "provider_a", "pi_stream_dropped")
    async with open_stream(client, path("pi_stream_dropped"), merchant.public_headers) as stream:
        assert (await stream.status())["status"] == "pending"
        dropped = hub.listener_pid
        connection = connections.get("default")
        await connection.execute_query("SELECT pg_terminate_backend($1)", [dropped])
        # Paid while the hub may not be listening: its notification can be lost, and the
        # hub has every stream read its status again once it listens anew.
        async with in_transaction():
            await mark_succeeded(payment.id, PAID_AT)
        assert (await stream.status())["status"] == "succeeded"
        assert await stream.ended()
    assert hub.listener_pid not in (None, dropped)


async def _listening_backends() -> set[int]:
    """The pids of this database's connections whose last statement was a LISTEN."""
    rows = await connections.get("default").execute_query_dict(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
        "AND query ILIKE 'LISTEN%'"
    )
    return {row["pid"] for row in rows}


async def test_many_streams_share_the_one_listening_connection(client, merchant, hub):
    intents = [f"pi_stream_shared_{n}" for n in range(3)]
    for intent in intents:
        await pending_payment(merchant.id, "provider_a", intent)
    before = await _listening_backends()
    assert hub.listener_pid in before
    with pytest.raises(ClientGone):  # leaving disconnects the clients (see above)
        async with contextlib.AsyncExitStack() as streams:
            for intent in intents:
                stream = await streams.enter_async_context(
                    open_stream(client, path(intent), merchant.public_headers)
                )
                assert (await stream.status())["status"] == "pending"
            assert hub.open_streams == 3
            assert await _listening_backends() == before  # no connection of their own
            raise ClientGone
    assert hub.open_streams == 0
