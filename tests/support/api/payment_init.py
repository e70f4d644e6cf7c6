"""Helpers for tests of api/payment_init, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from billing.catalog.models import Price
from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from billing.subscriptions.models import Subscription
from tests.support.factories.card_payments import SECRET, card_merchant
from tests.support.factories.catalog import make_plan
from tests.support.factories.webhooks import new_stripe_secret, stripe_event, stripe_headers

PATH = "/v1/public/payment-init"


WEBHOOK_SECRET = new_stripe_secret()


async def paid_plan(merchant_id: str, cents: int = 4900):
    plan = await make_plan(merchant_id, name="Pro", monthly_cents=cents)
    price = await Price.filter(plan_id=plan.id).first()
    return plan, price


async def init(client, account, plan, price, **extra):
    body = {"planId": plan.id, "priceId": price.id, **extra}
    if "customerId" not in extra and "customer" not in extra:
        body["customer"] = {"email": "ada@example.com", "name": "Ada"}
    response = await client.post(PATH, json=body, headers=account.public_headers)
    return response.status_code, await response.get_json()


async def provider_a_merchant(client, make_merchant):
    account = await card_merchant(client, make_merchant)
    saved = await client.post(
        "/v1/provider-a/config",
        json={
            "secretKey": SECRET,
            "publicKey": "pk_test_51HxCardsPublic",
            "webhookSecret": WEBHOOK_SECRET,
        },
        headers=account.headers,
    )
    assert saved.status_code == 200
    return account


async def deliver_a(client, account, event_type: str, intent: dict):
    payload = stripe_event(event_type, intent)
    response = await client.post(
        f"/v1/public/webhook/{account.id}",
        data=payload,
        headers=stripe_headers(WEBHOOK_SECRET, payload),
    )
    assert response.status_code == 200, await response.get_json()


async def nothing_stored(merchant_id: str) -> bool:
    return not (
        await Subscription.filter(merchant_id=merchant_id).exists()
        or await Invoice.filter(merchant_id=merchant_id).exists()
        or await Payment.filter(merchant_id=merchant_id).exists()
    )
