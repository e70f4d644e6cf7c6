"""billing.webhooks.sending: due deliveries POSTed to a real receiver, signed with the
endpoint's secret (verified with ``standardwebhooks``), and what came back recorded."""

import json
import time
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from billing.due_work import run_due
from billing.event_log.models import (
    DeliveryStatus,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
)
from billing.webhooks import delivery_rows, endpoints, posting
from tests.support.billing.webhook_sending import write_event, write_events
from tests.support.fakes.webhook_receiver import CLOSE, Redirect, Slow, receiving
from tests.support.fakes.webhook_receiving import unverified
from tests.support.processes.ports import free_port

CLOCK = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)


async def test_a_due_delivery_is_the_event_signed_with_the_endpoints_secret(merchant, receiver):
    endpoint, secret = await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/hooks")
    event = await write_event(merchant.id, CLOCK)
    report = await run_due(CLOCK, merchant_id=merchant.id)
    assert report.count("webhooks", "delivered") == 1
    [got] = receiver.at("/hooks")
    assert got.method == "POST" and got.headers["content-type"] == "application/json"
    assert got.headers["webhook-id"] == event.id
    assert Webhook(secret).verify(got.body, got.headers) == {
        "id": event.id,
        "type": "customer.updated",
        "createdAt": "2027-03-01T12:00:00Z",
        "data": {"object": event.data},
    }
    # The timestamp is when it was sent (receivers check it against their clock).
    assert abs(int(got.headers["webhook-timestamp"]) - time.time()) < 60
    delivery = await WebhookDelivery.get(event_id=event.id)
    assert (delivery.status, delivery.attempts) == (DeliveryStatus.SUCCEEDED, 1)
    [attempt] = await WebhookAttempt.filter(delivery_id=delivery.id)
    assert (attempt.attempt, attempt.attempted_at, attempt.response_status) == (1, CLOCK, 200)
    assert (attempt.response_body, attempt.error, attempt.next_attempt_at) == ("ok", None, None)
    assert attempt.endpoint_id == endpoint.id and attempt.duration_ms >= 0


async def test_the_receivers_check_catches_a_forged_a_tampered_and_a_stray_request(merchant):
    """What the ``receiver`` fixture checks after each test: every request it got verifies
    with a secret of the endpoint at its URL."""
    with receiving() as other:
        await endpoints.create_endpoint(merchant.id, url=f"{other.url}/hooks")
        event = await write_event(merchant.id, CLOCK)
        await run_due(CLOCK, merchant_id=merchant.id)
        assert await unverified(other) == []
        [sent] = other.at("/hooks")
        signed = {k: v for k, v in sent.headers.items() if k.startswith("webhook-")}
        now = datetime.now(UTC)
        forged = {
            **signed,
            "webhook-timestamp": str(int(now.timestamp())),
            "webhook-signature": Webhook(endpoints.new_secret()).sign(event.id, now, sent.body),
        }
        tampered = sent.body.replace('"customer.updated"', '"customer.deleted"', 1)
        async with httpx.AsyncClient(base_url=other.url) as http:
            await http.post("/hooks", content=sent.body, headers=forged)
            await http.post("/hooks", content=tampered, headers=signed)
            await http.post("/nobody", content=sent.body, headers=signed)
        problems = await unverified(other)
    assert problems == [
        f"/hooks ({event.id}): fails verification with every secret of its endpoint",
        f"/hooks ({event.id}): fails verification with every secret of its endpoint",
        f"/nobody ({event.id}): no endpoint with a secret this test can open has that URL",
    ]


async def test_nothing_is_sent_before_it_is_due_nor_twice(merchant, receiver):
    await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/hooks")
    await write_event(merchant.id, CLOCK)
    await run_due(CLOCK - timedelta(seconds=1), merchant_id=merchant.id)
    assert receiver.at("/hooks") == []
    await run_due(CLOCK, merchant_id=merchant.id)
    await run_due(CLOCK + timedelta(days=1), merchant_id=merchant.id)
    assert len(receiver.at("/hooks")) == 1


async def test_each_endpoint_gets_its_own_delivery_and_another_merchants_run_sends_none(
    make_merchant, receiver
):
    merchant, other = await make_merchant(), await make_merchant("Other Ltd")
    await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/one")
    await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/two")
    event = await write_event(merchant.id, CLOCK)
    await run_due(CLOCK, merchant_id=other.id)
    assert receiver.received == []
    await run_due(CLOCK, merchant_id=merchant.id)
    assert sorted(r.path for r in receiver.received) == ["/one", "/two"]
    assert {r.headers["webhook-id"] for r in receiver.received} == {event.id}


async def test_a_disabled_or_deleted_endpoint_is_not_sent_to(merchant, receiver):
    disabled, _ = await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/off")
    deleted, _ = await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/gone")
    event = await write_event(merchant.id, CLOCK)
    await endpoints.update_endpoint(merchant.id, disabled.id, status="disabled")
    await endpoints.delete_endpoint(merchant.id, deleted.id)
    await run_due(CLOCK, merchant_id=merchant.id)
    assert receiver.received == []
    statuses = {d.status for d in await WebhookDelivery.filter(event_id=event.id)}
    assert statuses == {DeliveryStatus.PENDING}


async def test_after_a_rotation_both_secrets_sign_for_24_hours_then_only_the_new_one(
    merchant, receiver
):
    endpoint, old = await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/hooks")
    _, new = await endpoints.rotate_secret(merchant.id, endpoint.id, now=CLOCK)
    for clock in (CLOCK, CLOCK + timedelta(hours=24)):
        await write_event(merchant.id, clock)
        await run_due(clock, merchant_id=merchant.id)
    during, after = receiver.at("/hooks")
    assert len(during.headers["webhook-signature"].split(" ")) == 2
    for secret in (old, new):
        Webhook(secret).verify(during.body, during.headers)
    assert len(after.headers["webhook-signature"].split(" ")) == 1
    Webhook(new).verify(after.body, after.headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(old).verify(after.body, after.headers)


async def failed_attempt(merchant, url: str) -> WebhookAttempt:
    event = await write_event(merchant.id, CLOCK)
    await run_due(CLOCK, merchant_id=merchant.id)
    delivery = await WebhookDelivery.get(event_id=event.id)
    assert (delivery.status, delivery.next_attempt_at) == (
        DeliveryStatus.PENDING,
        CLOCK + timedelta(seconds=5),
    )
    return await WebhookAttempt.get(delivery_id=delivery.id)


async def test_a_redirect_is_not_followed_and_fails_the_attempt(merchant, receiver):
    await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/moved")
    receiver.always("/moved", Redirect(f"{receiver.url}/elsewhere"))
    attempt = await failed_attempt(merchant, f"{receiver.url}/moved")
    assert (attempt.response_status, attempt.error) == (302, "redirect not followed")
    assert receiver.at("/elsewhere") == []


async def test_an_error_answer_is_kept_with_its_status(merchant, receiver):
    await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/broken")
    receiver.always("/broken", 500)
    attempt = await failed_attempt(merchant, f"{receiver.url}/broken")
    assert (attempt.response_status, attempt.response_body, attempt.error) == (
        500,
        "not this time",
        None,
    )


async def test_a_connection_closed_without_an_answer_fails_the_attempt(merchant, receiver):
    await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/hangup")
    receiver.always("/hangup", CLOSE)
    attempt = await failed_attempt(merchant, f"{receiver.url}/hangup")
    assert attempt.response_status is None
    assert attempt.error.startswith("connection failed")


async def test_a_refused_connection_fails_the_attempt(merchant):
    await endpoints.create_endpoint(merchant.id, url=f"http://127.0.0.1:{free_port()}/x")
    attempt = await failed_attempt(merchant, "")
    assert attempt.response_status is None
    assert attempt.error.startswith("connection refused")


async def test_no_answer_within_the_timeout_fails_the_attempt(merchant, receiver, monkeypatch):
    monkeypatch.setattr(posting, "TIMEOUT", 0.2)
    await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/slow")
    receiver.always("/slow", Slow(1.0))
    attempt = await failed_attempt(merchant, f"{receiver.url}/slow")
    assert attempt.response_status is None
    assert attempt.error == "timeout: no answer within 0.2 s"


async def test_only_the_first_kilobyte_of_an_answer_is_kept(merchant, receiver):
    await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/chatty")
    receiver.always("/chatty", 200)
    receiver.body = "x" * 5000
    event = await write_event(merchant.id, CLOCK)
    await run_due(CLOCK, merchant_id=merchant.id)
    attempt = await WebhookAttempt.get(event_id=event.id)
    assert attempt.response_body == "x" * 1024
    assert json.loads(receiver.at("/chatty")[0].body)["id"] == event.id


async def test_a_pass_sends_a_backlog_to_every_endpoint_once_a_slow_one_included(
    merchant, receiver
):
    for path in ("/fast", "/slow"):
        await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}{path}")
    receiver.always("/slow", Slow(0.05))
    ids = await write_events(merchant.id, CLOCK, 150)
    report = await run_due(CLOCK, merchant_id=merchant.id)
    assert report.count("webhooks", "delivered") == 300
    for path in ("/fast", "/slow"):
        assert sorted(r.headers["webhook-id"] for r in receiver.at(path)) == sorted(ids)
    assert not await WebhookDelivery.filter(
        merchant_id=merchant.id, status=DeliveryStatus.PENDING
    ).exists()


async def test_a_leased_delivery_is_left_alone_by_a_pass_at_a_clock_years_ahead(merchant, receiver):
    await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/hooks")
    event = await write_event(merchant.id, CLOCK)
    [job] = await delivery_rows.claim(CLOCK, merchant.id, {}, per_endpoint=8, limit=8)
    assert job.event_id == event.id  # a live sender holds it, posting

    report = await run_due(CLOCK + timedelta(days=400), merchant_id=merchant.id)
    assert report.count("webhooks", "delivered") == 0 and receiver.received == []
    delivery = await WebhookDelivery.get(event_id=event.id)
    assert (delivery.status, delivery.attempts) == (DeliveryStatus.PENDING, 0)


async def test_a_secret_this_server_cannot_open_fails_its_attempts_and_not_the_others(
    merchant, receiver
):
    broken, _ = await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/broken")
    await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/fine")
    # sealed with another server's key: this one cannot open it
    await WebhookEndpoint.filter(id=broken.id).update(secret="gAAAAABsealed-elsewhere")
    event = await write_event(merchant.id, CLOCK)
    report = await run_due(CLOCK, merchant_id=merchant.id)
    assert (report.count("webhooks", "delivered"), report.count("webhooks", "to retry")) == (1, 1)
    assert receiver.at("/broken") == [] and len(receiver.at("/fine")) == 1
    [attempt] = await WebhookAttempt.filter(event_id=event.id, endpoint_id=broken.id)
    assert attempt.response_status is None and "encryption key" in attempt.error
