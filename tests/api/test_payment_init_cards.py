"""Checkout keeps the card (issue 28): the first PaymentIntent saves it for off-session use,
and whichever of the page's confirmation and the webhook comes first stores it, once, linked
to the subscription; a trial's checkout confirms a SetupIntent instead and starts the trial.
Provider A is a real localstripe; webhooks are signed as the gateway signs them."""

import asyncio

import pytest

from billing.catalog.models import Price
from billing.customers.models import Customer
from billing.invoicing.models import Invoice
from billing.payments import provider_b_config
from billing.payments.collection.charging import method_for
from billing.payments.models import Payment
from billing.subscriptions.models import Subscription
from tests.conftest import in_test_mode
from tests.support.api.payment_init import (
    PATH,
    deliver_a,
    init,
    paid_plan,
    provider_a_merchant,
)
from tests.support.api.payment_init_cards import (
    CARD,
    card_gateway,
    confirm_in_browser,
    kept_cards,
    trial_plan,
)
from tests.support.factories.catalog import make_plan
from tests.support.fakes.provider_b_events import event_payload, signed_headers, subscription_data


def _confirm_setup_in_browser(url: str, intent_id: str) -> dict:
    gateway = card_gateway(url)
    method = gateway.v1.payment_methods.create(
        params={
            "type": "card",
            "card": {"number": CARD["number"], "exp_month": 12, "exp_year": 2034, "cvc": "123"},
        }
    )
    return gateway.v1.setup_intents.confirm(
        intent_id, params={"payment_method": method.id}
    ).to_dict()


@pytest.mark.usefixtures("provider_a_api")
async def test_the_sandbox_card_form_keeps_the_card_for_renewals(
    client, make_merchant, provider_a_api
):
    account = await provider_a_merchant(client, make_merchant)
    plan, price = await paid_plan(account.id)
    status, body = await init(client, account, plan, price)
    assert (status, body["intentType"]) == (201, "payment_intent")
    intent = await asyncio.to_thread(
        lambda: card_gateway(provider_a_api).v1.payment_intents.retrieve(body["paymentIntentId"])
    )
    assert intent.to_dict()["setup_future_usage"] == "off_session"

    paid = await client.post(
        f"{PATH}/confirm-card",
        json={"paymentIntentId": body["paymentIntentId"], "card": CARD},
        headers=account.public_headers,
    )
    assert (await paid.get_json())["status"] == "succeeded"

    [card] = await kept_cards(account.id)
    assert (card.provider, card.payment_type, card.status) == ("provider_a", "card", "active")
    assert (card.card_brand, card.card_last_four) == ("visa", "4242")
    assert (card.card_expiry_month, card.card_expiry_year) == (12, 2034)
    assert card.external_psp_payment_method_id.startswith("pm_")
    assert card.external_psp_customer_id == intent.to_dict()["customer"]
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert (sub.status, sub.payment_method_id) == ("active", card.id)
    payment = await Payment.get(provider_payment_id=body["paymentIntentId"])
    assert payment.payment_method_id == card.id
    invoice = await Invoice.get(id=body["invoiceId"])
    assert (await method_for(invoice)).id == card.id  # what renewals charge

    # The webhook arriving afterwards settles and stores nothing more.
    confirmed = await asyncio.to_thread(
        lambda: card_gateway(provider_a_api).v1.payment_intents.retrieve(body["paymentIntentId"])
    )
    await deliver_a(client, account, "payment_intent.succeeded", confirmed.to_dict())
    assert [c.id for c in await kept_cards(account.id)] == [card.id]


@pytest.mark.usefixtures("provider_a_api")
async def test_the_webhook_first_keeps_the_card_and_reads_its_details(
    client, make_merchant, provider_a_api
):
    account = await provider_a_merchant(client, make_merchant)
    plan, price = await paid_plan(account.id)
    _, body = await init(client, account, plan, price)
    intent = await asyncio.to_thread(confirm_in_browser, provider_a_api, body["paymentIntentId"])
    assert intent["status"] == "succeeded" and isinstance(intent["payment_method"], str)

    await deliver_a(client, account, "payment_intent.succeeded", intent)
    [card] = await kept_cards(account.id)
    assert card.external_psp_payment_method_id == intent["payment_method"]
    assert (card.card_brand, card.card_last_four, card.card_expiry_year) == ("visa", "4242", 2034)
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert (sub.status, sub.payment_method_id) == ("active", card.id)

    # The live page's confirmation after the webhook: the same card, nothing new.
    response = await client.post(
        f"{PATH}/confirmed",
        json={"paymentIntentId": body["paymentIntentId"]},
        headers=account.public_headers,
    )
    assert (await response.get_json())["status"] == "succeeded"
    assert [c.id for c in await kept_cards(account.id)] == [card.id]


@pytest.mark.usefixtures("provider_a_api")
async def test_the_live_page_confirmation_keeps_the_card_before_the_webhook(
    client, make_merchant, provider_a_api
):
    account = await provider_a_merchant(client, make_merchant)
    plan, price = await paid_plan(account.id)
    _, body = await init(client, account, plan, price)
    await asyncio.to_thread(confirm_in_browser, provider_a_api, body["paymentIntentId"])
    response = await client.post(
        f"{PATH}/confirmed",
        json={"paymentIntentId": body["paymentIntentId"]},
        headers=account.public_headers,
    )
    assert (await response.get_json())["status"] == "succeeded"
    [card] = await kept_cards(account.id)
    assert card.card_last_four == "4242"
    invoice = await Invoice.get(id=body["invoiceId"])
    assert invoice.status == "paid"
    unknown = await client.post(
        f"{PATH}/confirmed", json={"paymentIntentId": "pi_nope"}, headers=account.public_headers
    )
    assert unknown.status_code == 404


@pytest.mark.usefixtures("provider_a_api")
async def test_a_trial_collects_a_card_and_starts_trialing(client, make_merchant):
    account = await provider_a_merchant(client, make_merchant)
    plan, price = await trial_plan(account.id)
    status, body = await init(client, account, plan, price)
    assert status == 201, body
    assert (body["intentType"], body["status"], body["amountCents"]) == (
        "setup_intent",
        "requires_card",
        0,
    )
    assert body["setupIntentId"].startswith("seti_") and body["clientSecret"]
    assert body["trialEndDate"] and body["invoiceId"] is None
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert sub.status == "incomplete"
    assert not await Invoice.filter(merchant_id=account.id).exists()

    _, again = await init(client, account, plan, price, customerId=sub.customer_id)  # a reload
    assert (again["subscriptionId"], again["setupIntentId"]) == (
        body["subscriptionId"],
        body["setupIntentId"],
    )

    confirmed = await client.post(
        f"{PATH}/confirm-card",
        json={"setupIntentId": body["setupIntentId"], "card": CARD},
        headers=account.public_headers,
    )
    answer = await confirmed.get_json()
    assert (answer["status"], answer["subscriptionStatus"]) == ("succeeded", "trialing")
    [card] = await kept_cards(account.id)
    await sub.refresh_from_db()
    assert (sub.status, sub.payment_method_id) == ("trialing", card.id)
    assert (card.card_last_four, card.external_psp_customer_id[:4]) == ("4242", "cus_")
    assert not await Invoice.filter(merchant_id=account.id).exists()  # nothing charged


@pytest.mark.usefixtures("provider_a_api")
async def test_the_setup_intent_webhook_starts_the_trial(client, make_merchant, provider_a_api):
    account = await provider_a_merchant(client, make_merchant)
    plan, price = await trial_plan(account.id)
    _, body = await init(client, account, plan, price)
    intent = await asyncio.to_thread(
        _confirm_setup_in_browser, provider_a_api, body["setupIntentId"]
    )
    assert intent["metadata"]["subscription_id"] == body["subscriptionId"]
    await deliver_a(client, account, "setup_intent.succeeded", intent)
    [card] = await kept_cards(account.id)
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert (sub.status, sub.payment_method_id) == ("trialing", card.id)
    assert card.card_last_four == "4242"  # read from the gateway after the webhook

    response = await client.post(
        f"{PATH}/confirmed",
        json={"setupIntentId": body["setupIntentId"]},
        headers=account.public_headers,
    )
    assert (await response.get_json())["subscriptionStatus"] == "trialing"
    assert len(await kept_cards(account.id)) == 1


async def test_a_trial_without_a_card_starts_at_once(client, merchant):
    plan, price = await trial_plan(merchant.id, without_card=True)
    status, body = await init(client, merchant, plan, price)
    assert status == 201, body
    assert (body["provider"], body["status"], body["amountCents"]) == (None, "trialing", 0)
    assert "setupIntentId" not in body or body["setupIntentId"] is None
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert sub.status == "trialing"


@pytest.mark.parametrize("trial", [False, True])
async def test_no_provider_refuses_and_creates_nothing(client, merchant, trial):
    plan, price = await (trial_plan(merchant.id) if trial else paid_plan(merchant.id))
    status, body = await init(client, merchant, plan, price)
    assert status == 409
    assert body["error"].startswith("No payment provider is configured for this merchant")
    assert not await Customer.filter(merchant_id=merchant.id).exists()
    assert not await Subscription.filter(merchant_id=merchant.id).exists()
    assert not await Invoice.filter(merchant_id=merchant.id).exists()


async def test_provider_b_trial_takes_a_mandate_and_starts_trialing(
    client, make_merchant, provider_b
):
    account = await in_test_mode(await make_merchant())
    saved = await client.post(
        "/v1/provider-b/config",
        json={"secretKey": provider_b.add_key("test_mode")},
        headers=account.headers,
    )
    assert saved.status_code == 200, await saved.get_json()
    plan, price = await trial_plan(account.id)
    customer = {"email": "bo@example.com", "name": "Bo", "country": "DE"}
    status, body = await init(client, account, plan, price, customer=customer)
    assert status == 201, body
    assert (body["intentType"], body["status"], body["amountCents"]) == (
        "mandate",
        "requires_card",
        0,
    )
    # The fake serves the whole session: this checkout's mandates name its subscription.
    made = provider_b.mandates
    [mandate] = [
        m for m in made if m["body"]["metadata"].get("subscription_id") == body["subscriptionId"]
    ]
    assert body["paymentLink"] == mandate["payment_link"]
    assert mandate["body"]["metadata"]["subscription_id"] == body["subscriptionId"]

    data = subscription_data(
        mandate["subscription_id"],
        payment_method_id="pm_b_trial",
        metadata=mandate["body"]["metadata"],
    )
    secret = await provider_b_config.webhook_secret(account.id)
    payload = event_payload("subscription.active", data)
    answer = await client.post(
        f"/v1/public/webhook-provider-b/{account.id}",
        data=payload,
        headers={"content-type": "application/json", **signed_headers(secret, payload)},
    )
    assert answer.status_code == 200, await answer.get_json()
    [kept] = await kept_cards(account.id)
    assert (kept.provider, kept.payment_type) == ("provider_b", "mandate")
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert (sub.status, sub.payment_method_id) == ("trialing", kept.id)


async def test_a_free_price_with_a_trial_asks_no_card(client, merchant):
    plan = await make_plan(merchant.id, name="Free", monthly_cents=0, trial_days=14)
    price = await Price.filter(plan_id=plan.id).first()
    status, body = await init(client, merchant, plan, price)
    assert status == 201, body
    assert (body["provider"], body["status"], body.get("setupIntentId")) == (
        None,
        "trialing",
        None,
    )
