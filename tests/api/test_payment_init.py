"""POST /v1/public/payment-init: provider A at a real localstripe, provider B at its fake, the
outcome through signed webhooks, and every refusal changing nothing."""

import pytest

from billing.customers.models import Customer
from billing.invoicing.models import Invoice
from billing.payments import provider_b_config
from billing.payments.models import Payment
from billing.subscriptions.models import Subscription
from billing.tax import tax_settings
from tests.conftest import in_test_mode
from tests.support.api.payment_init import (
    PATH,
    deliver_a,
    init,
    nothing_stored,
    paid_plan,
    provider_a_merchant,
)
from tests.support.fakes.provider_b_events import settled_event, signed_headers


@pytest.mark.usefixtures("provider_a_api")
async def test_provider_a_intent_then_webhook_activates(client, make_merchant):
    account = await provider_a_merchant(client, make_merchant)
    await tax_settings.update_config(account.id, {"defaultTaxRate": 0.1})
    plan, price = await paid_plan(account.id)
    status, body = await init(client, account, plan, price)
    assert status == 201, body
    assert body["provider"] == "provider_a"
    assert body["status"] == "requires_payment"
    assert body["publishableKey"] == "pk_test_51HxCardsPublic"
    assert body["paymentIntentId"].startswith("pi_") and body["clientSecret"]
    assert (body["subtotalCents"], body["currency"]) == (4900, "USD")
    assert (body["taxCents"], body["amountCents"]) == (490, 5390)  # the default rate, 10%
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert sub.status == "incomplete"
    invoice = await Invoice.get(id=body["invoiceId"])
    assert (invoice.status, invoice.payment_status) == ("unpaid", "pending")
    payment = await Payment.get(invoice_id=invoice.id)
    assert payment.provider_payment_id == body["paymentIntentId"]
    assert payment.retry_at is None

    # The same customer checks out again before paying, named by its cust_ id (the merchant's
    # server vouches for it): no 409, the same subscription and PaymentIntent (a second one
    # could be paid as well).
    status, again = await init(client, account, plan, price, customerId=sub.customer_id)
    assert status == 201, again
    assert again["subscriptionId"] == body["subscriptionId"]
    assert again["paymentIntentId"] == body["paymentIntentId"]

    intent = {"id": again["paymentIntentId"], "object": "payment_intent", "metadata": {}}
    await deliver_a(client, account, "payment_intent.succeeded", intent)
    await sub.refresh_from_db()
    await invoice.refresh_from_db()
    assert (sub.status, invoice.status, invoice.payment_status) == ("active", "paid", "succeeded")

    status, conflict = await init(client, account, plan, price, customerId=sub.customer_id)
    assert status == 409
    assert conflict == {
        "error": "Customer already has an active subscription.",
        "existingSubscriptionId": sub.stable_subscription_id,
    }


@pytest.mark.usefixtures("provider_a_api")
async def test_a_failed_payment_leaves_nothing_active(client, make_merchant):
    account = await provider_a_merchant(client, make_merchant)
    plan, price = await paid_plan(account.id)
    _, body = await init(client, account, plan, price)
    failure = {"message": "Your card was declined."}
    intent = {
        "id": body["paymentIntentId"],
        "object": "payment_intent",
        "last_payment_error": failure,
    }
    await deliver_a(client, account, "payment_intent.payment_failed", intent)
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    payment = await Payment.get(provider_payment_id=body["paymentIntentId"])
    assert (sub.status, payment.status, payment.retry_at) == ("incomplete", "failed", None)
    mrr = await client.get("/v1/subscriptions/mrr", headers=account.headers)
    assert (await mrr.get_json())["mrr"]["active_subscriptions_count"] == 0


@pytest.mark.usefixtures("provider_a_api")
async def test_sandbox_card_form_pays_or_declines(client, make_merchant):
    account = await provider_a_merchant(client, make_merchant)
    plan, price = await paid_plan(account.id)
    _, body = await init(client, account, plan, price)
    card = {"number": "4000000000000002", "expMonth": 12, "expYear": 2034, "cvc": "123"}
    confirm = {"paymentIntentId": body["paymentIntentId"], "card": card}
    path = f"{PATH}/confirm-card"
    declined = await client.post(path, json=confirm, headers=account.public_headers)
    assert (await declined.get_json())["status"] == "failed"
    again = await client.post(path, json=confirm, headers=account.public_headers)
    assert again.status_code == 409
    payment = await Payment.get(provider_payment_id=body["paymentIntentId"])
    assert payment.status == "failed" and "declined" in payment.error_message
    _, body = await init(client, account, plan, price)  # the page's "Try again"
    assert body["status"] == "requires_payment"
    card["number"] = "4242424242424242"
    confirm["paymentIntentId"] = body["paymentIntentId"]
    paid = await client.post(path, json=confirm, headers=account.public_headers)
    assert await paid.get_json() == {"status": "succeeded", "message": None}
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert sub.status == "active"


async def test_live_mode_refuses_the_sandbox_card_form(client, merchant):
    card = {"number": "4242424242424242", "expMonth": 12, "expYear": 2034, "cvc": "123"}
    response = await client.post(
        f"{PATH}/confirm-card",
        json={"paymentIntentId": "pi_x", "card": card},
        headers=merchant.public_headers,
    )
    assert response.status_code == 403


async def test_provider_b_link_then_webhook_activates(client, make_merchant, provider_b):
    account = await in_test_mode(await make_merchant())
    saved = await client.post(
        "/v1/provider-b/config",
        json={"secretKey": provider_b.add_key("test_mode")},
        headers=account.headers,
    )
    assert saved.status_code == 200, await saved.get_json()
    plan, price = await paid_plan(account.id)
    customer = {"email": "bo@example.com", "name": "Bo", "country": "DE"}
    status, body = await init(client, account, plan, price, customer=customer)
    assert status == 201, body
    assert body["provider"] == "provider_b"
    link = provider_b.links[-1]
    assert body["paymentLink"] == link["payment_link"]
    assert body["paymentId"] == link["payment_id"]
    assert link["key"].endswith(":attempt-1")
    secret = await provider_b_config.webhook_secret(account.id)
    payload = settled_event(link)
    answer = await client.post(
        f"/v1/public/webhook-provider-b/{account.id}",
        data=payload,
        headers={"content-type": "application/json", **signed_headers(secret, payload)},
    )
    assert answer.status_code == 200, await answer.get_json()
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert sub.status == "active"
    assert (await Invoice.get(id=body["invoiceId"])).status == "paid"


async def test_free_price_is_active_at_once_without_a_provider(client, merchant):
    plan, price = await paid_plan(merchant.id, cents=0)
    status, body = await init(client, merchant, plan, price)
    assert status == 201, body
    assert (body["provider"], body["status"], body["amountCents"]) == (None, "active", 0)
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert sub.status == "active"


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({}, 400, "Missing required field 'planId'"),
        ({"planId": "plan_x", "priceId": "price_x"}, 404, "Plan not found or access denied"),
        ({"planId": "PLAN", "priceId": "price_x", "customer": {"email": "a@b.co"}}, 404, None),
        (
            {"planId": "PLAN", "priceId": "PRICE"},
            400,
            "Invalid input: customerId or customer.email is required",
        ),
        (
            {"planId": "PLAN", "priceId": "PRICE", "customerId": "cust_nope"},
            404,
            "Customer not found or access denied",
        ),
        ({"planId": "PLAN", "priceId": "PRICE", "customer": {"email": 5}}, 400, None),
        ({"planId": "PLAN", "priceId": "PRICE", "customer": {"email": "a@b.co"}}, 409, None),
    ],
)
async def test_refusals_change_nothing(client, merchant, body, status, error):
    plan, price = await paid_plan(merchant.id)
    body = {
        k: v.replace("PLAN", plan.id).replace("PRICE", price.id) if isinstance(v, str) else v
        for k, v in body.items()
    }
    response = await client.post(PATH, json=body, headers=merchant.public_headers)
    answer = await response.get_json()
    assert response.status_code == status, answer
    assert set(answer) <= {"error", "existingSubscriptionId"}
    if error:
        assert answer["error"] == error
    if status == 409:
        assert "No payment provider is configured" in answer["error"]
    assert await nothing_stored(merchant.id)
    assert not await Customer.filter(merchant_id=merchant.id).exists()


async def test_another_tenants_ids_answer_as_missing(client, make_merchant, merchant):
    other = await make_merchant("Other")
    plan, price = await paid_plan(other.id)
    status, body = await init(client, merchant, plan, price)
    assert (status, body["error"]) == (404, "Plan not found or access denied")
    test_mode = await in_test_mode(other)  # the same business's other mode
    status, body = await init(client, test_mode, plan, price)
    assert (status, body["error"]) == (404, "Plan not found or access denied")
    own_plan, own_price = await paid_plan(merchant.id)
    status, body = await init(client, merchant, own_plan, price)
    assert (status, body["error"]) == (404, "Price not found or access denied")
    stranger = await Customer.create(
        merchant_id=other.id, email="x@example.com", email_normalized="x@example.com"
    )
    status, body = await init(client, merchant, own_plan, own_price, customerId=stranger.id)
    assert (status, body["error"]) == (404, "Customer not found or access denied")
    secret = await client.post(PATH, json={}, headers={"X-Service-Key": merchant.secret_key})
    assert secret.status_code == 401
    assert await nothing_stored(merchant.id)


async def test_provider_refusal_is_502_and_leaves_the_payment_failed(
    client, make_merchant, provider_b
):
    account = await in_test_mode(await make_merchant())
    saved = await client.post(
        "/v1/provider-b/config",
        json={"secretKey": provider_b.add_key("test_mode")},
        headers=account.headers,
    )
    assert saved.status_code == 200
    plan, price = await paid_plan(account.id)
    provider_b.fail_next(4)
    status, body = await init(
        client, account, plan, price, customer={"email": "c@example.com", "country": "DE"}
    )
    assert status == 502, body
    payment = await Payment.get(merchant_id=account.id)
    assert payment.status == "failed"
    sub = await Subscription.get(merchant_id=account.id)
    assert sub.status == "incomplete"
