"""billing.webhooks.url_guard with the address rule on (the suite turns it off to receive on
loopback): private targets refused when an endpoint is created and again at each delivery."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.core.errors import Invalid
from billing.due_work import run_due
from billing.event_log.models import DeliveryStatus, WebhookAttempt, WebhookDelivery
from billing.webhooks import endpoints, url_guard
from tests.support.billing.webhook_sending import write_event

CLOCK = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)


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


@pytest.mark.parametrize(
    ("address", "public"),
    [
        ("93.184.216.34", True),
        ("2606:4700::1111", True),
        ("127.0.0.1", False),
        ("10.0.0.1", False),
        ("169.254.169.254", False),
        ("fe80::1", False),
        # IPv4-mapped IPv6 (::ffff:0:0/96): judged by the address it carries
        ("::ffff:127.0.0.1", False),
        ("::ffff:169.254.169.254", False),
        ("::ffff:10.0.0.1", False),
        ("::ffff:93.184.216.34", True),
        # NAT64, the well-known prefix (64:ff9b::/96): the IPv4 address in the last 32 bits
        ("64:ff9b::7f00:1", False),  # 127.0.0.1
        ("64:ff9b::a9fe:a9fe", False),  # 169.254.169.254
        ("64:ff9b::c0a8:1", False),  # 192.168.0.1
        ("64:ff9b::6440:1", False),  # 100.64.0.1 (carrier-grade NAT)
        ("64:ff9b::5db8:d822", True),  # 93.184.216.34
        # NAT64, the local-use prefix (64:ff9b:1::/48): refused whatever it carries
        ("64:ff9b:1::7f00:1", False),
        ("64:ff9b:1::5db8:d822", False),
        # 6to4 (2002::/16): the IPv4 address in bits 16 to 47
        ("2002:7f00:1::", False),  # 127.0.0.1
        ("2002:a00:1::1", False),  # 10.0.0.1
        ("2002:a9fe:a9fe::", False),  # 169.254.169.254
        ("2002:5db8:d822::1", True),  # 93.184.216.34
    ],
)
def test_an_address_is_public_only_when_it_and_any_ipv4_address_it_carries_are(address, public):
    assert url_guard.is_public(address) is public


@pytest.mark.parametrize("url", ["http://[64:ff9b::7f00:1]/hooks", "http://[2002:a9fe:a9fe::]/"])
async def test_a_translated_private_address_is_refused_at_creation(merchant, guarded, url):
    with pytest.raises(Invalid) as refused:
        await endpoints.create_endpoint(merchant.id, url=url)
    assert refused.value.code == "webhook_url_private"


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
