"""Retries of a failed delivery on the schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h,
then failed), driven by due passes at those clocks, and an endpoint that failed everything
for 5 days disabled with its reason."""

from datetime import UTC, datetime, timedelta

from billing.due_work import run_due
from billing.event_log.models import (
    DeliveryStatus,
    EndpointStatus,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
)
from billing.webhooks import endpoints
from tests.support.billing.webhook_sending import write_event

CLOCK = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)
WAITS = [
    timedelta(seconds=5),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=5),
    timedelta(hours=10),
    timedelta(hours=10),
]


async def test_a_failing_delivery_is_retried_on_the_schedule_with_the_same_id_then_failed(
    merchant, receiver
):
    endpoint, secret = await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/down")
    receiver.always("/down", 500)
    event = await write_event(merchant.id, CLOCK)
    clock = CLOCK
    for number, wait in enumerate([*WAITS, None], start=1):
        await run_due(clock - timedelta(seconds=1), merchant_id=merchant.id)  # not yet due
        assert len(receiver.at("/down")) == number - 1
        report = await run_due(clock, merchant_id=merchant.id)
        delivery = await WebhookDelivery.get(event_id=event.id)
        [attempt] = await WebhookAttempt.filter(delivery_id=delivery.id, attempt=number)
        assert (attempt.attempted_at, attempt.response_status) == (clock, 500)
        if wait is None:
            assert report.count("webhooks", "undeliverable") == 1
            assert (delivery.status, delivery.next_attempt_at) == (DeliveryStatus.FAILED, None)
            assert attempt.next_attempt_at is None
        else:
            assert report.count("webhooks", "to retry") == 1
            assert (delivery.status, delivery.attempts) == (DeliveryStatus.PENDING, number)
            assert delivery.next_attempt_at == attempt.next_attempt_at == clock + wait
            clock += wait
    received = receiver.at("/down")
    assert len(received) == 8
    assert {r.headers["webhook-id"] for r in received} == {event.id}
    await run_due(clock + timedelta(days=3), merchant_id=merchant.id)
    assert len(receiver.at("/down")) == 8
    stored = await WebhookEndpoint.get(id=endpoint.id)
    assert (stored.status, stored.failing_since) == (EndpointStatus.ENABLED, CLOCK)


async def test_a_retry_that_succeeds_ends_the_delivery_and_the_failure_streak(merchant, receiver):
    endpoint, _ = await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/flaky")
    receiver.answer("/flaky", 503)
    event = await write_event(merchant.id, CLOCK)
    await run_due(CLOCK, merchant_id=merchant.id)
    assert (await WebhookEndpoint.get(id=endpoint.id)).failing_since == CLOCK
    report = await run_due(CLOCK + timedelta(seconds=5), merchant_id=merchant.id)
    assert report.count("webhooks", "delivered") == 1
    delivery = await WebhookDelivery.get(event_id=event.id)
    assert (delivery.status, delivery.attempts) == (DeliveryStatus.SUCCEEDED, 2)
    assert [r.headers["webhook-id"] for r in receiver.at("/flaky")] == [event.id, event.id]
    assert (await WebhookEndpoint.get(id=endpoint.id)).failing_since is None


async def test_an_endpoint_that_failed_everything_for_5_days_is_disabled_and_says_why(
    merchant, receiver
):
    endpoint, _ = await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/dead")
    receiver.always("/dead", 500)
    await write_event(merchant.id, CLOCK)
    await run_due(CLOCK, merchant_id=merchant.id)
    almost = CLOCK + timedelta(days=5) - timedelta(minutes=1)
    await write_event(merchant.id, almost)
    await run_due(almost, merchant_id=merchant.id)
    assert (await WebhookEndpoint.get(id=endpoint.id)).status == EndpointStatus.ENABLED

    later = CLOCK + timedelta(days=5)
    await write_event(merchant.id, later)
    await run_due(later, merchant_id=merchant.id)
    stored = await WebhookEndpoint.get(id=endpoint.id)
    assert stored.status == EndpointStatus.DISABLED
    assert stored.disabled_reason == (
        "Disabled on 2027-03-06: every delivery failed for 5 days (last: HTTP 500)"
    )
    sent = len(receiver.at("/dead"))
    await write_event(merchant.id, later + timedelta(hours=1))
    await run_due(later + timedelta(days=1), merchant_id=merchant.id)
    assert len(receiver.at("/dead")) == sent


async def test_one_success_in_the_5_days_keeps_the_endpoint_enabled(merchant, receiver):
    endpoint, _ = await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/patchy")
    receiver.answer("/patchy", 500)
    await write_event(merchant.id, CLOCK)
    await run_due(CLOCK, merchant_id=merchant.id)
    await run_due(CLOCK + timedelta(days=1), merchant_id=merchant.id)  # the retry succeeds
    receiver.always("/patchy", 500)
    later = CLOCK + timedelta(days=5)
    await write_event(merchant.id, later)
    await run_due(later, merchant_id=merchant.id)
    stored = await WebhookEndpoint.get(id=endpoint.id)
    assert (stored.status, stored.failing_since) == (EndpointStatus.ENABLED, later)
