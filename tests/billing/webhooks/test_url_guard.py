"""billing.webhooks.url_guard with the address rule on (the suite turns it off to receive on
loopback): private targets refused when an endpoint is created and again at each delivery."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.core.errors import Invalid
from billing.due_work import run_due
from billing.event_log.models import DeliveryStatus, WebhookAttempt, WebhookDelivery
from billing.webhooks import endpoints, url_guard
from tests.support.billing.webhook_sending import write_event
from tests.support.fakes.webhook_receiver import receiving

CLOCK = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def receiver():
    with receiving() as running:
        yield running


@pytest.fixture
def guarded():
    """The address rule on for this test, as in production; restored after."""
    was = url_guard.allows_private()
    url_guard.configure(allow_private=False)
    yield
    url_guard.configure(allow_private=was)


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8080/hooks",
        "http://localhost/hooks",
        "http://10.1.2.3/hooks",
        "http://192.168.0.10/hooks",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]/hooks",
        "http://100.64.0.1/hooks",
        "http://0.0.0.0/hooks",
    ],
)
async def test_a_private_address_is_refused_at_creation(merchant, guarded, url):
    with pytest.raises(Invalid) as refused:
        await endpoints.create_endpoint(merchant.id, url=url)
    assert (refused.value.code, refused.value.field) == ("webhook_url_private", "url")


@pytest.mark.parametrize("url", ["ftp://example.com/x", "javascript:alert(1)", "http://", 7])
async def test_only_http_urls_are_accepted_whatever_the_rule(merchant, url):
    with pytest.raises(Invalid) as refused:
        await endpoints.create_endpoint(merchant.id, url=url)
    assert refused.value.code == "webhook_url_invalid"


def test_public_addresses_pass_and_private_ones_do_not():
    assert url_guard.is_public("93.184.216.34") and url_guard.is_public("2606:4700::1111")
    for address in ("127.0.0.1", "10.0.0.1", "169.254.169.254", "::ffff:127.0.0.1", "fe80::1"):
        assert not url_guard.is_public(address)


async def test_a_delivery_to_an_address_now_refused_is_a_failed_attempt_not_a_request(
    merchant, receiver
):
    await endpoints.create_endpoint(merchant.id, url=f"{receiver.url}/hooks")  # allowed then
    event = await write_event(merchant.id, CLOCK)
    was = url_guard.allows_private()
    url_guard.configure(allow_private=False)
    try:
        report = await run_due(CLOCK, merchant_id=merchant.id)
    finally:
        url_guard.configure(allow_private=was)
    assert receiver.received == []
    assert report.count("webhooks", "to retry") == 1
    delivery = await WebhookDelivery.get(event_id=event.id)
    assert (delivery.status, delivery.next_attempt_at) == (
        DeliveryStatus.PENDING,
        CLOCK + timedelta(seconds=5),
    )
    attempt = await WebhookAttempt.get(delivery_id=delivery.id)
    assert attempt.response_status is None
    assert attempt.error == "blocked address: url must resolve to a public internet address"
