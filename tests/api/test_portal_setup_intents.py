"""POST /v1/customers/portal/create-setup-intent: a real SetupIntent at localstripe when the
merchant's provider is A, a mandate link at the provider B fake when it is B, and a 400 that
says what to do when neither is configured or provider B's preconditions are missing."""

import asyncio

import stripe

from billing.payments.models import PaymentMethod
from tests.support.factories.card_payments import (
    GOOD_CARD,
    KEYS,
    SECRET,
    card_merchant,
    stored_card,
)
from tests.support.factories.portal import known_customer, portal_headers, session_token
from tests.support.factories.provider_b import b_merchant, deliver
from tests.support.factories.subscriptions import subscribe
from tests.support.fakes.provider_b_events import event_payload, subscription_data

SETUP = "/v1/customers/portal/create-setup-intent"


async def _setup(client, headers, body=None):
    response = await client.post(SETUP, json=body or {}, headers=headers)
    return response.status_code, await response.get_json()


def _mandates(fake, customer_id: str) -> list[dict]:
    """The fake's mandate links for one customer (the fake serves the whole session)."""
    return [m for m in fake.mandates if m["body"]["metadata"].get("customer_id") == customer_id]


def _intent_at_gateway(url: str, intent_id: str) -> dict:
    gateway = stripe.StripeClient(SECRET, base_addresses={"api": url})
    return gateway.v1.setup_intents.retrieve(intent_id).to_dict()


async def test_provider_a_answers_a_setup_intent_for_the_customer(
    client,
    make_merchant,
    provider_a_api,  # noqa: F811 (the fixture, imported above)
):
    merchant = await card_merchant(client, make_merchant)
    customer = await known_customer(merchant.id)
    status, body = await _setup(
        client, merchant.headers, {"externalCustomerId": customer.external_customer_id}
    )
    assert status == 200, body
    assert body["provider"] == "provider_a" and "provider_b" not in body
    intent = body["provider_a"]
    assert intent["publishableKey"] == KEYS["publicKey"]
    assert intent["clientSecret"].startswith(intent["intentId"] + "_secret_")
    found = await asyncio.to_thread(_intent_at_gateway, provider_a_api, intent["intentId"])
    assert found["metadata"] == {"customer_id": customer.id}
    assert found["usage"] == "off_session" and found["customer"].startswith("cus_")
    assert not await PaymentMethod.filter(customer_id=customer.id).exists()  # until the webhook


async def test_provider_a_reuses_the_gateway_customer_of_an_earlier_card(
    client,
    make_merchant,
    provider_a_api,  # noqa: F811
):
    merchant = await card_merchant(client, make_merchant)
    customer = await known_customer(merchant.id)
    earlier = await stored_card(provider_a_api, merchant.id, customer, GOOD_CARD)
    headers = portal_headers(await session_token(merchant.id, customer))
    status, body = await _setup(client, headers)
    assert status == 200, body
    intent_id = body["provider_a"]["intentId"]
    found = await asyncio.to_thread(_intent_at_gateway, provider_a_api, intent_id)
    assert found["customer"] == earlier.external_psp_customer_id


async def test_provider_b_answers_a_mandate_link_that_the_webhook_turns_into_a_method(
    client, make_merchant, provider_b
):
    merchant_id, signing = await b_merchant(make_merchant, provider_b)
    customer = await known_customer(merchant_id, country="de")
    await subscribe(merchant_id, customer=customer)
    headers = portal_headers(await session_token(merchant_id, customer))

    status, body = await _setup(client, headers)

    assert status == 200, body
    [mandate] = _mandates(provider_b, customer.id)
    assert body == {
        "provider": "provider_b",
        "provider_b": {"paymentLink": mandate["payment_link"]},
    }
    sent = mandate["body"]
    assert sent["on_demand"] == {"mandate_only": True} and sent["payment_link"] is True
    assert sent["metadata"] == {"customer_id": customer.id}
    assert sent["billing"] == {"country": "DE"} and sent["customer"]["email"] == customer.email
    assert sent["return_url"] == "https://app.example.com/account"
    assert mandate["key"].startswith(f"portal-mandate-{customer.id}-")

    data = subscription_data(
        mandate["subscription_id"], payment_method_id="pm_x", metadata=sent["metadata"]
    )
    await deliver(client, merchant_id, signing, event_payload("subscription.active", data))
    overview = await client.get("/v1/customers/portal/overview", headers=headers)
    [method] = (await overview.get_json())["portal"]["paymentMethods"]
    assert (method["provider"], method["paymentType"], method["status"]) == (
        "provider_b",
        "mandate",
        "active",
    )


async def test_provider_b_needs_an_active_subscription_and_a_country(
    client, make_merchant, provider_b
):
    merchant_id, _ = await b_merchant(make_merchant, provider_b)
    customer = await known_customer(merchant_id)
    headers = portal_headers(await session_token(merchant_id, customer))
    assert await _setup(client, headers) == (
        500,  # the spec's status for this row
        {"error": "Active subscription required to add mandate for provider B"},
    )
    await subscribe(merchant_id, customer=customer)
    status, body = await _setup(client, headers)
    assert status == 400 and "billing country" in body["error"]
    assert _mandates(provider_b, customer.id) == []


async def test_without_a_provider_it_says_what_to_configure(client, merchant):
    customer = await known_customer(merchant.id)
    status, body = await _setup(
        client, merchant.headers, {"externalCustomerId": customer.external_customer_id}
    )
    assert status == 400 and body["error"].startswith(
        "No payment provider is configured in live mode"
    )
    assert await _setup(client, merchant.headers) == (
        400,
        {"error": "externalCustomerId is required"},
    )
    assert await _setup(client, merchant.headers, {"externalCustomerId": "nobody"}) == (
        404,
        {"error": "Customer not found or access denied"},
    )
