"""Provider A's side of a checkout: the customer's gateway customer (the one their earlier cards
hang on, else a new one: email, name, ``metadata.customer_id``) and a PaymentIntent for the
invoice's total that is *not* confirmed: the customer's browser confirms it with their card. It
is made with ``setup_future_usage: "off_session"``, so the card is attached to that gateway
customer when the payment succeeds and renewals can charge it without the customer
(``checkout.checkout_cards`` keeps it). Its ``metadata.payment_id`` is what the webhook
settles. Both calls carry the payment's idempotency key (the customer call suffixed
``:customer``), so a repeated call returns the first objects instead of making new ones. A
reused attempt's intent is read back (its client secret), unless it was canceled.

The SDK's synchronous calls run in the default thread pool (``asyncio.to_thread``): a checkout
is one customer at a browser, not a batch.
"""

import asyncio

from billing.customers.models import Customer
from billing.payments import provider_a_config
from billing.payments.gateways.base import CheckoutStart, GatewayRefused
from billing.payments.gateways.provider_a import sdk
from billing.payments.models import Payment, PaymentMethod

NOT_CONFIGURED = "The payment provider is no longer configured for this merchant"


async def known_customer(merchant_id: str, customer_id: str) -> str | None:
    """The gateway customer an earlier provider A method of this customer names (deleted
    methods too: the gateway customer outlives them), so a customer's cards hang on one."""
    query = PaymentMethod.filter(
        merchant_id=merchant_id,
        customer_id=customer_id,
        provider=provider_a_config.PROVIDER,
        external_psp_customer_id__isnull=False,
    )
    newest = await query.order_by("-created_at").first()
    return newest.external_psp_customer_id if newest else None


def gateway_customer(gateway, customer: Customer, known: str | None, key: str) -> str:
    """``known`` (the gateway customer the customer's cards hang on), else a new one made
    with the idempotency key ``key``."""
    if known:
        return known
    person = {"email": customer.email, "metadata": {"customer_id": customer.id}}
    if customer.name:
        person["name"] = customer.name
    return gateway.v1.customers.create(params=person, options={"idempotency_key": key}).id


def _intent(
    secret: str, payment: Payment, customer: Customer, known: str | None
) -> tuple[str, str] | None:
    gateway = sdk.client(secret)
    if payment.provider_payment_id:  # a reused attempt: its intent, unless canceled
        intent = gateway.v1.payment_intents.retrieve(payment.provider_payment_id)
        return None if intent.status == "canceled" else (intent.id, intent.client_secret)
    key = payment.idempotency_key
    params = {
        "amount": payment.amount_cents,
        "currency": payment.currency.lower(),
        "customer": gateway_customer(gateway, customer, known, f"{key}:customer"),
        "setup_future_usage": "off_session",  # the card is kept for renewals
        "metadata": {"payment_id": payment.id, "invoice_id": payment.invoice_id},
    }
    intent = gateway.v1.payment_intents.create(params=params, options={"idempotency_key": key})
    return intent.id, intent.client_secret


async def start_payment(payment: Payment, customer: Customer) -> CheckoutStart | None:
    secret = await provider_a_config.provider_a_secret(payment.merchant_id)
    if secret is None:
        raise GatewayRefused(NOT_CONFIGURED)
    known = await known_customer(payment.merchant_id, customer.id)
    try:
        made = await asyncio.to_thread(
            sdk._call, "start the payment", lambda: _intent(secret, payment, customer, known)
        )
    except sdk.ProviderAError as refused:
        raise GatewayRefused(refused.message) from refused
    if made is None:
        return None
    intent_id, client_secret = made
    return CheckoutStart(
        intent_id,
        client_secret=client_secret,
        publishable_key=await provider_a_config.public_key(payment.merchant_id),
    )
