"""Cards at a real localstripe for the tests that charge invoices through provider A.

``card_merchant`` gives a test-mode merchant row with provider A configured (its keys saved
through ``POST /v1/provider-a/config``, as a merchant would); ``stored_card`` creates a
customer and a card PaymentMethod at localstripe with the stripe SDK, attaches it and stores
it in Tally for the customer; ``intents_for`` lists the PaymentIntents localstripe holds for
one invoice (by the metadata Tally sends).
"""

import asyncio
from datetime import UTC, datetime

import stripe

from billing.customers.models import Customer
from billing.payments.methods.payment_methods import create_payment_method
from billing.payments.models import PaymentMethod
from tests.conftest import MerchantAccount, in_test_mode

SECRET = "sk_test_51HxCardsSecret0c4d"
KEYS = {"secretKey": SECRET, "publicKey": "pk_test_51HxCardsPublic"}
GOOD_CARD = "4242424242424242"
DECLINED_CARD = "4000000000000341"  # attaches, then every charge is declined
NEEDS_AUTHENTICATION = "4000002760003184"  # every off-session charge asks for the holder
JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)


async def card_merchant(client, make_merchant) -> MerchantAccount:
    account = await in_test_mode(await make_merchant())
    saved = await client.post("/v1/provider-a/config", json=KEYS, headers=account.headers)
    assert saved.status_code == 200, await saved.get_json()
    return account


def _gateway(url: str) -> stripe.StripeClient:
    return stripe.StripeClient(SECRET, base_addresses={"api": url})


def _card_at_gateway(url: str, number: str) -> tuple[str, str]:
    gateway = _gateway(url)
    customer = gateway.v1.customers.create(params={"email": "ada@example.com"})
    method = gateway.v1.payment_methods.create(
        params={
            "type": "card",
            "card": {"number": number, "exp_month": 12, "exp_year": 2034, "cvc": "123"},
        }
    )
    gateway.v1.payment_methods.attach(method.id, params={"customer": customer.id})
    return customer.id, method.id


async def stored_card(url: str, merchant_id: str, customer: Customer, number: str) -> PaymentMethod:
    psp_customer, psp_method = await asyncio.to_thread(_card_at_gateway, url, number)
    return await create_payment_method(
        merchant_id,
        {
            "customerId": customer.id,
            "provider": "provider_a",
            "paymentType": "card",
            "status": "active",
            "cardLastFour": number[-4:],
            "externalPspPaymentMethodId": psp_method,
            "externalPspCustomerId": psp_customer,
        },
    )


def _intents(url: str) -> list[dict]:
    listed = _gateway(url).v1.payment_intents.list(params={"limit": 100})
    return [intent.to_dict() for intent in listed.auto_paging_iter()]


async def intents_for(url: str, invoice_id: str) -> list[dict]:
    found = await asyncio.to_thread(_intents, url)
    return [i for i in found if (i.get("metadata") or {}).get("invoice_id") == invoice_id]
