"""The provider calls that start a checkout's payment, made after its transaction committed.

- Provider A: the customer's gateway customer (the one their earlier cards hang on, else a new
  one: email, name, ``metadata.customer_id``) and a PaymentIntent for the invoice's total that
  is *not* confirmed: the customer's browser confirms it with their card. It is made with
  ``setup_future_usage: "off_session"``, so the card is attached to that gateway customer when
  the payment succeeds and renewals can charge it without the customer (``checkout_cards``
  keeps it). Its ``metadata.payment_id`` is what the webhook settles. Both calls carry the
  payment's idempotency key (the customer call suffixed ``:customer``), so a repeated call
  returns the first objects instead of making new ones.
- Provider B: a hosted payment link (``provider_b.create_link``) with the payment's key.

A payment reused by a second payment-init (two tabs, a reload;
billing/payments/checkout/payment_init.py)
already has its PaymentIntent or link: the intent is read back (its client secret) and the
link answered again, so one attempt never has two. The call is made holding the payment's row
lock (``SELECT ... FOR UPDATE`` in a transaction that writes nothing before the call): a second
payment-init of the same attempt waits for the first's intent instead of making its own. The
checkout's own rows were committed before, so nothing is lost when the provider is slow or
refuses. An intent canceled at the provider, or a payment settled meanwhile, answers None:
that attempt cannot be paid any more and the checkout makes a new one.

A refusal, or a provider that cannot be reached, marks the payment failed (nothing was
charged: an unconfirmed PaymentIntent or an unopened link takes no money) and raises
``BadGateway`` with the provider's sentence.
"""

import asyncio
from dataclasses import dataclass

from dodopayments import DodoPaymentsError
from tortoise.transactions import in_transaction

from billing.core.errors import BadGateway
from billing.customers.models import Customer
from billing.payments import provider_a, provider_a_config, provider_b, provider_b_config
from billing.payments.checkout.checkout_cards import gateway_customer_of
from billing.payments.collection.payment_outcomes import PENDING, mark_failed
from billing.payments.gateways.provider_b.charging import link_details
from billing.payments.models import Payment
from billing.payments.provider_a import ProviderAError

UNREACHABLE_B = "Provider B could not be reached; try again in a moment"
NOT_CONFIGURED = "The payment provider is no longer configured for this merchant"
CANCELED = "The payment was canceled at the provider"


@dataclass(frozen=True)
class Started:
    """What the browser needs: a client secret (provider A) or a payment link (provider B),
    and the provider's payment id the event stream is keyed by."""

    provider: str
    provider_payment_id: str
    client_secret: str | None = None
    publishable_key: str | None = None
    payment_link: str | None = None


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
    gateway = provider_a.client(secret)
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


async def _provider_a(payment: Payment, customer: Customer) -> Started | None:
    secret = await provider_a_config.provider_a_secret(payment.merchant_id)
    if secret is None:
        raise ProviderAError(NOT_CONFIGURED)
    known = await gateway_customer_of(payment.merchant_id, customer.id)
    made = await asyncio.to_thread(
        provider_a._call, "start the payment", lambda: _intent(secret, payment, customer, known)
    )
    if made is None:
        await mark_failed(payment.id, CANCELED)
        return None
    intent_id, client_secret = made
    await Payment.filter(id=payment.id).update(provider_payment_id=intent_id)
    return Started(
        "provider_a",
        intent_id,
        client_secret=client_secret,
        publishable_key=await provider_a_config.public_key(payment.merchant_id),
    )


async def _provider_b(payment: Payment, description: str) -> Started:
    if payment.provider_payment_id and payment.payment_link:  # a reused attempt: its link
        return Started("provider_b", payment.provider_payment_id, payment_link=payment.payment_link)
    key = await provider_b_config.secret_and_environment(payment.merchant_id)
    details = await link_details(payment)
    if key is None or details is None:
        raise provider_b.ChargeRefused(NOT_CONFIGURED if key is None else "No billing country")
    person, billing, _ = details
    try:
        made = await provider_b.create_link(
            *key,
            amount_cents=payment.amount_cents,
            currency=payment.currency,
            description=description,
            customer=person,
            billing=billing,
            idempotency_key=payment.idempotency_key,
            metadata={"payment_id": payment.id, "invoice_id": payment.invoice_id},
        )
    except DodoPaymentsError as unknown:
        raise provider_b.ChargeRefused(UNREACHABLE_B) from unknown
    await Payment.filter(id=payment.id).update(
        provider_payment_id=made.payment_id, payment_link=made.payment_link
    )
    return Started("provider_b", made.payment_id, payment_link=made.payment_link)


async def start(payment: Payment, *, description: str) -> Started | None:
    """Call the payment's provider after the checkout committed, holding the payment's row
    lock; None when the attempt cannot be paid any more (see the module docstring)."""
    customer = await Customer.get(id=payment.customer_id)
    try:
        async with in_transaction():
            locked = await Payment.filter(id=payment.id).select_for_update().first()
            if locked is None or locked.status != PENDING:
                return None
            if locked.provider == "provider_b":
                return await _provider_b(locked, description)
            return await _provider_a(locked, customer)
    except (ProviderAError, provider_b.ChargeRefused) as refused:
        async with in_transaction():
            await mark_failed(payment.id, refused.message)
        raise BadGateway(refused.message) from refused
