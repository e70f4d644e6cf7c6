"""The hosted portal's live card path without a browser, against a real localstripe: the
page loads provider A's script (from the API base's stand-in) and allows its origin in its
Content-Security-Policy; ``/portal/cards/intent`` answers the SetupIntent's client secret;
``/portal/cards/confirmed`` records a card confirmed at the gateway once, and refuses an
intent of another customer or one that never existed exactly as missing, storing nothing."""

import asyncio

import pytest
import stripe

from billing.payments.models import PaymentMethod
from tests.support.factories.card_payments import GOOD_CARD
from tests.support.factories.portal import known_customer
from tests.support.webapp.portal_pages import html_of, post, signed_in

LIVE_KEYS = {"secretKey": "sk_live_51HxLiveCards0c4d", "publicKey": "pk_live_51HxLiveCards"}


@pytest.fixture
def gateway(provider_a_api):  # noqa: F811 (the fixture, imported above)
    return provider_a_api


async def live_merchant(client, make_merchant):
    account = await make_merchant()  # a live merchant row
    saved = await client.post("/v1/provider-a/config", json=LIVE_KEYS, headers=account.headers)
    assert saved.status_code == 200, await saved.get_json()
    return account


def _confirm_at_gateway(url: str, client_secret: str) -> str:
    """What provider A's script does in the browser: confirm the intent with a card."""
    gateway = stripe.StripeClient(LIVE_KEYS["secretKey"], base_addresses={"api": url})
    card = {"number": GOOD_CARD, "exp_month": 12, "exp_year": 2034, "cvc": "123"}
    method = gateway.v1.payment_methods.create(params={"type": "card", "card": card})
    intent_id = client_secret.split("_secret_")[0]
    gateway.v1.setup_intents.confirm(intent_id, params={"payment_method": method.id})
    return intent_id


async def test_the_live_page_loads_the_providers_script_and_allows_only_its_origin(
    client, make_merchant, gateway
):
    account = await live_merchant(client, make_merchant)
    customer = await known_customer(account.id)
    page, _ = await signed_in(client, account.id, customer)
    assert f'<script src="{gateway}/js.stripe.com/v3/"></script>' in page
    assert 'data-key="pk_live_51HxLiveCards"' in page and 'name="number"' not in page
    policy = (await client.get("/portal/")).headers["Content-Security-Policy"]
    for directive in ("script-src", "connect-src", "frame-src"):
        assert f"{directive} 'self' {gateway.rstrip('/')};" in policy, policy
    elsewhere = (await client.get("/login")).headers["Content-Security-Policy"]
    assert gateway not in elsewhere


async def test_a_card_confirmed_in_the_browser_is_recorded_once(client, make_merchant, gateway):
    account = await live_merchant(client, make_merchant)
    customer = await known_customer(account.id)
    _, csrf = await signed_in(client, account.id, customer)
    made = await post(client, "/portal/cards/intent", csrf)
    assert made.status_code == 200
    answer = await made.get_json()
    assert answer["clientSecret"].startswith("seti_")
    assert answer["publishableKey"] == LIVE_KEYS["publicKey"]
    intent_id = await asyncio.to_thread(_confirm_at_gateway, gateway, answer["clientSecret"])

    for _ in range(2):  # the browser's report, then again: still one card
        recorded = await post(client, "/portal/cards/confirmed", csrf, {"setupIntent": intent_id})
        assert recorded.status_code == 200
        assert "Visa •••• 4242 was added." in await html_of(recorded)
    stored = await PaymentMethod.filter(merchant_id=account.id, customer_id=customer.id)
    assert [(m.status, m.card_last_four) for m in stored] == [("active", "4242")]


async def test_another_customers_or_an_unknown_intent_answers_as_missing(
    client, make_merchant, gateway
):
    account = await live_merchant(client, make_merchant)
    owner, other = await known_customer(account.id), await known_customer(account.id)
    _, csrf = await signed_in(client, account.id, owner)
    answer = await (await post(client, "/portal/cards/intent", csrf)).get_json()
    intent_id = await asyncio.to_thread(_confirm_at_gateway, gateway, answer["clientSecret"])

    _, other_csrf = await signed_in(client, account.id, other)
    for intent in (intent_id, "seti_doesnotexist", "", "pm_notanintent"):
        refused = await post(client, "/portal/cards/confirmed", other_csrf, {"setupIntent": intent})
        assert refused.status_code == 422
        assert "This card was not found." in await html_of(refused)
    assert not await PaymentMethod.filter(merchant_id=account.id).exists()
