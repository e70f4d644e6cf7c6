"""Helpers for tests of api/payments_isolation, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from billing.core.ids import random_base62
from billing.invoicing.models import Invoice
from billing.payments.methods.payment_methods import create_payment_method
from billing.payments.models import Payment, PaymentMethod, Refund
from tests.support.factories.refunds import paid_subscription
from tests.support.factories.webhooks import (
    configure,
    new_stripe_secret,
    pending_payment,
)
from tests.support.fakes.provider_b_events import new_webhook_secret


async def holdings(merchant_id: str) -> dict:
    """One of everything payments keeps for ``merchant_id``; ids by kind, secrets beside."""
    a_secret, b_secret = new_stripe_secret(), new_webhook_secret()
    await configure(merchant_id, "provider_a", a_secret)
    await configure(merchant_id, "provider_b", b_secret)
    paid = await paid_subscription(merchant_id, configured=False)
    method = await create_payment_method(
        merchant_id,
        {
            "customerId": paid.invoice.customer_id,
            "provider": "provider_a",
            "paymentType": "card",
            "status": "active",
            "cardLastFour": "4242",
            "externalPspPaymentMethodId": "pm_" + random_base62(14),
        },
    )
    pending = await pending_payment(merchant_id, "provider_a", "pi_" + random_base62(14))
    return {
        "cust": paid.invoice.customer_id,
        "sub": paid.subscription.stable_subscription_id,
        "inv": paid.invoice.id,
        "pay": paid.payment.id,
        "pm": method.id,
        "pending": pending.id,
        "intent": pending.provider_payment_id,
        "a_secret": a_secret,
        "b_secret": b_secret,
    }


ID_KINDS = ("cust", "sub", "inv", "pay", "pm")


def made_up(ids: dict) -> dict:
    return {kind: f"{ids[kind].split('_')[0]}_{random_base62(22)}" for kind in ID_KINDS}


async def owners_state(merchant_id: str) -> list:
    return [
        sorted(await Payment.filter(merchant_id=merchant_id).values_list("id", "status")),
        sorted(await Invoice.filter(merchant_id=merchant_id).values_list("id", "status")),
        await PaymentMethod.filter(merchant_id=merchant_id).count(),
        await Refund.filter(merchant_id=merchant_id).count(),
    ]
