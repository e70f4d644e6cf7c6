"""Helpers for tests of api/payment_init_cards, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

import stripe

from billing.catalog.models import Plan, Price
from billing.payments.models import PaymentMethod
from tests.support.factories.card_payments import SECRET
from tests.support.factories.catalog import make_plan

CARD = {"number": "4242424242424242", "expMonth": 12, "expYear": 2034, "cvc": "123"}


def card_gateway(url: str) -> stripe.StripeClient:
    return stripe.StripeClient(SECRET, base_addresses={"api": url})


def confirm_in_browser(url: str, intent_id: str) -> dict:
    """What the provider's script does in the customer's browser: a card PaymentMethod set on
    the intent, then the intent confirmed (localstripe lacks confirm with a payment method)."""
    gateway = card_gateway(url)
    method = gateway.v1.payment_methods.create(
        params={
            "type": "card",
            "card": {"number": CARD["number"], "exp_month": 12, "exp_year": 2034, "cvc": "123"},
        }
    )
    gateway.v1.payment_intents.update(intent_id, params={"payment_method": method.id})
    return gateway.v1.payment_intents.confirm(intent_id).to_dict()


async def trial_plan(merchant_id: str, *, without_card: bool = False):
    plan = await make_plan(merchant_id, name="Team", monthly_cents=2900, trial_days=14)
    await Plan.filter(id=plan.id).update(trial_without_card=without_card)
    await plan.refresh_from_db()
    return plan, await Price.filter(plan_id=plan.id).first()


async def kept_cards(merchant_id: str) -> list[PaymentMethod]:
    return await PaymentMethod.filter(merchant_id=merchant_id, deleted_at=None)
