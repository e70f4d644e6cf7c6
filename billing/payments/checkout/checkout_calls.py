"""The provider calls that start a checkout's payment, made after its transaction committed.

The call is the payment's gateway's (``Gateway.start_checkout_payment``): provider A makes
an unconfirmed PaymentIntent the customer's browser confirms with their card (kept for
renewals), provider B a hosted payment link; both with the payment's idempotency key.

A payment reused by a second payment-init (two tabs, a reload; ``payment_init``) already has
its PaymentIntent or link: the gateway reads the intent back (its client secret) and answers
the link again, so one attempt never has two. The call is made holding the payment's row
lock (``SELECT ... FOR UPDATE`` in a transaction that writes nothing before the call): a second
payment-init of the same attempt waits for the first's intent instead of making its own. The
checkout's own rows were committed before, so nothing is lost when the provider is slow or
refuses. An intent canceled at the provider, or a payment settled meanwhile, answers None:
that attempt cannot be paid any more and the checkout makes a new one.

A refusal, or a provider that cannot be reached, marks the payment failed (nothing was
charged: an unconfirmed PaymentIntent or an unopened link takes no money) and raises
``BadGateway`` with the provider's sentence.
"""

from dataclasses import dataclass

from tortoise.transactions import in_transaction

from billing.core.errors import BadGateway
from billing.customers.models import Customer
from billing.payments.collection.payment_outcomes import PENDING, mark_failed
from billing.payments.gateways import gateway_for
from billing.payments.gateways.base import GatewayRefused
from billing.payments.models import Payment

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


async def start(payment: Payment, *, description: str) -> Started | None:
    """Call the payment's provider after the checkout committed, holding the payment's row
    lock; None when the attempt cannot be paid any more (see the module docstring)."""
    customer = await Customer.get(id=payment.customer_id)
    try:
        async with in_transaction():
            locked = await Payment.filter(id=payment.id).select_for_update().first()
            if locked is None or locked.status != PENDING:
                return None
            gateway = gateway_for(locked.provider)
            made = await gateway.start_checkout_payment(locked, customer, description=description)
            if made is None:
                await mark_failed(payment.id, CANCELED)
                return None
            answered = {"provider_payment_id": made.provider_payment_id}
            if made.payment_link:
                answered["payment_link"] = made.payment_link
            await Payment.filter(id=payment.id).update(**answered)
            return Started(
                locked.provider,
                made.provider_payment_id,
                client_secret=made.client_secret,
                publishable_key=made.publishable_key,
                payment_link=made.payment_link,
            )
    except GatewayRefused as refused:
        async with in_transaction():
            await mark_failed(payment.id, refused.message)
        raise BadGateway(refused.message) from refused
