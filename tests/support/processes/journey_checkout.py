"""Steps the checkout journeys share: a plan, a checkout confirmed in the browser as the
provider's script would confirm it (the stripe SDK against the stack's localstripe), and
reads of what the served process stored.

Everything goes through the served ``tally`` process over HTTP, localstripe and the
``tally run-due --now`` clock (``served_payments``); the database is only read.
"""

import asyncio

import stripe

from tests.conftest import unique_email
from tests.support.factories.card_payments import GOOD_CARD, SECRET
from tests.support.processes.served_payments import Shop, Stack, eventually, rows

CARD = {"number": GOOD_CARD, "exp_month": 12, "exp_year": 2034, "cvc": "123"}
CARDS = (
    "SELECT id, external_psp_payment_method_id, card_brand, card_last_four FROM payment_methods"
    " WHERE merchant_id = $1 AND deleted_at IS NULL"
)
PAYMENTS = (
    "SELECT p.invoice_id, p.status, p.payment_method_id, p.provider_payment_id"
    " FROM payments p WHERE p.merchant_id = $1 ORDER BY p.created_at"
)


def gateway(stack: Stack) -> stripe.StripeClient:
    return stripe.StripeClient(SECRET, base_addresses={"api": stack.gateway})


def _browser_pays(stack: Stack, intent_id: str) -> dict:
    """The provider's script paying the PaymentIntent with a card (localstripe confirms an
    intent whose payment method is set, not one passed to confirm)."""
    client = gateway(stack)
    method = client.v1.payment_methods.create(params={"type": "card", "card": dict(CARD)})
    client.v1.payment_intents.update(intent_id, params={"payment_method": method.id})
    return client.v1.payment_intents.confirm(intent_id).to_dict()


def _browser_saves(stack: Stack, intent_id: str, number: str) -> dict:
    client = gateway(stack)
    card = dict(CARD, number=number)
    method = client.v1.payment_methods.create(params={"type": "card", "card": card})
    return client.v1.setup_intents.confirm(
        intent_id, params={"payment_method": method.id}
    ).to_dict()


async def browser_pays(stack: Stack, intent_id: str) -> dict:
    return await asyncio.to_thread(_browser_pays, stack, intent_id)


async def browser_saves(stack: Stack, intent_id: str, number: str = GOOD_CARD) -> dict:
    """The provider's script confirming a trial's SetupIntent with the card ``number``."""
    return await asyncio.to_thread(_browser_saves, stack, intent_id, number)


async def plan_price(shop: Shop, body: dict, interval: str = "month") -> tuple[dict, dict]:
    """A plan made through the API and its price of ``interval``."""
    [plan] = (await shop.call("POST", "/v1/plans", body))["plans"]
    rule = "FREQ=YEARLY" if interval == "year" else "FREQ=MONTHLY"
    [price] = [
        p
        for p in plan["prices"]
        if p["pricingData"]["components"][0]["recurrence_rule"].startswith(rule)
    ]
    return plan, price


async def checkout(shop: Shop, plan: dict, price: dict, **fields) -> dict:
    """payment-init as the hosted checkout page calls it (publishable key); ``fields`` adds
    to the body (``customerId``: the merchant's own id for its user)."""
    return await shop.public(
        "/v1/public/payment-init",
        {
            "planId": plan["id"],
            "priceId": price["id"],
            "customer": {"email": unique_email("journey"), "name": "Ada", "country": "DE"},
            **fields,
        },
    )


async def subscription(shop: Shop, stable_id: str) -> dict:
    return await shop.call("GET", f"/v1/subscriptions/{stable_id}")


async def invoices(shop: Shop, customer_id: str) -> list[dict]:
    listed = await shop.call("GET", f"/v1/invoices?customerId={customer_id}&limit=100")
    return listed["invoices"]


async def kept_card(stack: Stack, shop: Shop) -> dict:
    """The one card stored for the shop, once the webhook (or its details read) arrived."""
    [card] = await eventually(
        lambda: rows(stack.database_url, CARDS, shop.id),
        lambda found: len(found) == 1 and found[0]["card_last_four"] is not None,
    )
    return card


async def payments(stack: Stack, shop: Shop) -> list[dict]:
    return await rows(stack.database_url, PAYMENTS, shop.id)


def intent_method(stack: Stack, intent_id: str) -> str:
    return gateway(stack).v1.payment_intents.retrieve(intent_id).to_dict()["payment_method"]
