"""Saving provider A's keys registers the webhook endpoint: what Tally asks the gateway for (the
five events of the spec, at ``{TALLY_PUBLIC_URL}/v1/public/webhook/{merchantId}``), and what it
keeps from the answer (the endpoint's id, ``hasWebhook`` true, and its signing secret, which
then authenticates that merchant's deliveries).

localstripe has no webhook-endpoints API, so the gateway here is localstripe behind a front
that adds that one call (``tests.support.fakes.provider_a_endpoints``); the refused
registration (the URL to add by hand, ``hasWebhook`` false) is tested against localstripe
alone in ``test_provider_a``.
"""

import dataclasses

import pytest

from billing.payments import provider_a_config, setup
from tests.support.api.provider_a import EVENTS, LIVE
from tests.support.factories.webhooks import stripe_event, stripe_headers
from tests.support.fakes.provider_a_endpoints import endpoints_front

PUBLIC_URL = "https://billing.example.com"


@pytest.fixture
def front(app, localstripe_url):  # noqa: F811 (the fixture, imported above)
    """Provider A pointed at the front for one test, Tally's public address ``PUBLIC_URL``."""
    previous = setup.current()
    with endpoints_front(localstripe_url) as running:
        setup.configure(
            dataclasses.replace(previous, provider_a_api_base=running.url, public_url=PUBLIC_URL)
        )
        try:
            yield running
        finally:
            setup.configure(previous)


async def test_saving_keys_registers_the_five_events_at_the_public_url(client, merchant, front):
    response = await client.post("/v1/provider-a/config", json=LIVE, headers=merchant.headers)
    assert response.status_code == 200, await response.get_json()
    saved = await response.get_json()
    url = f"{PUBLIC_URL}/v1/public/webhook/{merchant.id}"

    [asked] = front.registered
    assert asked["url"] == url
    assert asked["enabled_events"] == EVENTS
    assert saved["message"] == "Provider A configured; its webhook endpoint is registered"
    assert saved["webhook"]["id"].startswith("we_")
    assert saved["webhook"] == {"id": saved["webhook"]["id"], "url": url, "enabled_events": EVENTS}

    config = await (await client.get("/v1/provider-a/config", headers=merchant.headers)).get_json()
    assert config["hasWebhook"] is True
    assert "whsec" not in str(config)  # the signing secret is kept, never answered

    # The kept secret is the endpoint's: a delivery it signs is received, another is refused.
    secret = await provider_a_config.webhook_secret(merchant.id)
    assert secret and secret.startswith("whsec_")
    payload = stripe_event("customer.created", {"id": "cus_x", "object": "customer"})
    path = f"/v1/public/webhook/{merchant.id}"
    signed = await client.post(path, data=payload, headers=stripe_headers(secret, payload))
    assert (signed.status_code, await signed.get_json()) == (200, {"received": True})
    forged = stripe_headers("whsec_" + "x" * 32, payload)
    assert (await client.post(path, data=payload, headers=forged)).status_code == 400


async def test_a_secret_sent_by_hand_gives_way_to_the_registered_endpoints(client, merchant, front):
    body = {**LIVE, "webhookSecret": "whsec_handmade42"}
    response = await client.post("/v1/provider-a/config", json=body, headers=merchant.headers)
    assert response.status_code == 200
    assert await provider_a_config.webhook_secret(merchant.id) != "whsec_handmade42"
    assert len(front.registered) == 1
