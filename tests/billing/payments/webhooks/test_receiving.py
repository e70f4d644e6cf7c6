"""The webhook services directly: concurrent redeliveries act once, and odd values in a
verified event are dropped rather than stored or failing the delivery."""

import asyncio

from billing.payments.models import Payment, PaymentMethod, ProviderEvent
from billing.payments.webhooks.receiving import receive
from billing.payments.webhooks.webhook_events import plan
from tests.support.factories.subscriptions import make_customer
from tests.support.factories.webhooks import (
    configure,
    new_stripe_secret,
    pending_payment,
    stripe_event,
    stripe_headers,
)


async def test_two_deliveries_of_one_event_at_once_act_once(merchant):
    secret = new_stripe_secret()
    await configure(merchant.id, "provider_a", secret)
    payment = await pending_payment(merchant.id, "provider_a", "pi_race1")
    payload = stripe_event("payment_intent.succeeded", {"id": "pi_race1"})
    headers = {"stripe-signature": stripe_headers(secret, payload)["Stripe-Signature"]}
    outcomes = await asyncio.gather(
        receive(merchant.id, "provider_a", payload.encode(), headers),
        receive(merchant.id, "provider_a", payload.encode(), headers),
    )
    assert sorted(outcomes) == [False, True]
    assert (await Payment.get(id=payment.id)).status == "succeeded"
    assert await ProviderEvent.filter(merchant_id=merchant.id).count() == 1


async def test_odd_card_details_are_dropped_and_the_method_still_added(merchant):
    customer = await make_customer(merchant.id)
    card = {"brand": "x" * 40, "last4": "42", "exp_month": 13, "exp_year": True, "country": "U1"}
    event = {
        "id": "evt_odd",
        "type": "setup_intent.succeeded",
        "created": "yesterday",
        "data": {
            "object": {
                "payment_method": {"id": "pm_odd", "card": card},
                "customer": {"id": "cus_expanded"},
                "metadata": {"customer_id": customer.id},
            }
        },
    }
    action = await plan(merchant.id, "provider_a", event)
    assert action.describe().startswith("add an active card payment method (pm_odd)")
    await action.apply()
    method = await PaymentMethod.get(merchant_id=merchant.id)
    assert method.external_psp_customer_id == "cus_expanded"
    assert (method.card_last_four, method.card_brand, method.card_expiry_month) == (
        None,
        None,
        None,
    )


async def test_events_naming_nothing_usable_are_recorded_only(merchant):
    cases = [
        {"type": "setup_intent.succeeded", "data": {"object": {"metadata": {"customer_id": 5}}}},
        {"type": "payment_intent.succeeded", "data": {"object": {"id": "\x00"}}},
        {"type": "payment_intent.payment_failed", "data": "not an object"},
        {"type": ["odd"]},
    ]
    for event in cases:
        assert (
            (await plan(merchant.id, "provider_a", event))
            .describe()
            .startswith("record the event only")
        )
