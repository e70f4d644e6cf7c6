"""The payment event stream across processes: two real ``tally serve`` processes share the
database; a client watches a payment on the first while the provider's signed webhook reaches
the second. Only PostgreSQL NOTIFY connects them, so this is what a deployment with many
servers does.

Both processes get this test run's encryption key, so they can open the webhook secret that
the test stores sealed with it.
"""

import asyncio
import json

import httpx
import pytest

from tests.conftest import two_served
from tests.support.factories.webhooks import (
    configure,
    new_stripe_secret,
    pending_payment,
    stripe_event,
    stripe_headers,
)

WAIT = 20  # seconds before giving up on a message that should come at once


@pytest.fixture(scope="module")
def two_servers(database_url, settings, tmp_path_factory):
    with two_served(
        database_url,
        tmp_path_factory,
        {
            "TALLY_ENCRYPTION_KEY": settings.encryption_key,
            "TALLY_SECRET_KEY": settings.secret_key,
        },
    ) as base_urls:
        yield base_urls


async def messages(response: httpx.Response):
    """The stream's messages, one ``(field lines)`` string each."""
    lines = []
    async for line in response.aiter_lines():
        if line:
            lines.append(line)
        elif lines:
            yield "\n".join(lines)
            lines = []


def status_of(message: str) -> dict:
    event, data = message.split("\n")
    assert event == "event: status"
    return json.loads(data.removeprefix("data: "))


async def test_a_webhook_handled_by_one_process_reaches_a_stream_on_another(
    two_servers, make_merchant
):
    first, second = two_servers
    merchant = await make_merchant()
    secret = new_stripe_secret()
    await configure(merchant.id, "provider_a", secret)
    payment = await pending_payment(merchant.id, "provider_a", "pi_two_processes")
    payload = stripe_event(
        "payment_intent.succeeded", {"id": "pi_two_processes", "object": "payment_intent"}
    )
    async with httpx.AsyncClient(timeout=WAIT) as http:
        url = f"{first}/v1/public/events/pi_two_processes?key={merchant.publishable_key}"
        async with http.stream("GET", url) as response:
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/event-stream")
            stream = messages(response)
            first_message = await asyncio.wait_for(anext(stream), WAIT)
            assert status_of(first_message)["status"] == "pending"

            webhook = await http.post(
                f"{second}/v1/public/webhook/{merchant.id}",
                content=payload.encode(),
                headers=stripe_headers(secret, payload),
            )
            assert (webhook.status_code, webhook.json()) == (200, {"received": True})

            paid = status_of(await asyncio.wait_for(anext(stream), WAIT))
            assert (paid["paymentId"], paid["status"]) == (payment.id, "succeeded")
            assert [rest async for rest in stream] == []  # the stream ended after it


async def test_the_header_key_and_a_foreign_id_over_http(two_servers, make_merchant):
    first, _ = two_servers
    merchant = await make_merchant()
    other = await make_merchant(name="Other Ltd")
    await pending_payment(merchant.id, "provider_b", "pay_served_private")
    async with httpx.AsyncClient(base_url=first, timeout=WAIT) as http:
        foreign = await http.get(
            "/v1/public/events/pay_served_private", headers=other.public_headers
        )
        assert foreign.status_code == 404
        assert foreign.json() == {"error": "Payment intent not found or access denied"}
        async with http.stream(
            "GET", "/v1/public/events/pay_served_private", headers=merchant.public_headers
        ) as response:
            first_message = await asyncio.wait_for(anext(messages(response)), WAIT)
            assert status_of(first_message)["paymentIntentId"] == "pay_served_private"
