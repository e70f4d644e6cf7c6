"""Provider A's gateway charging off-session against a real localstripe, many charges at once
(the async API: none waits for another); a declined card is a ``failed`` answer, not an
exception. (localstripe does not honour idempotency keys, so a repeated key is the memory
gateway's test, ``test_memory.py``, and the real provider's promise.)"""

import asyncio
import uuid

from billing.payments.gateways.provider_a.gateway import ProviderAGateway
from billing.payments.models import Payment
from tests.support.factories.card_payments import (
    DECLINED_CARD,
    GOOD_CARD,
    card_merchant,
    stored_card,
)
from tests.support.factories.subscriptions import make_customer


def _payment(merchant_id: str, run: str, n: int) -> Payment:
    return Payment(
        id=f"pay_{run}{n}",
        merchant_id=merchant_id,
        invoice_id=f"inv_{run}{n}",
        amount_cents=1000 + n,
        currency="USD",
        idempotency_key=f"inv_{run}{n}:attempt-1",
    )


async def test_many_charges_at_once_each_once(client, make_merchant, provider_a_api):
    merchant = await card_merchant(client, make_merchant)
    customer = await make_customer(merchant.id)
    card = await stored_card(provider_a_api, merchant.id, customer, GOOD_CARD)
    gateway, run = ProviderAGateway(), uuid.uuid4().hex[:8]
    payments = [_payment(merchant.id, run, n) for n in range(40)]

    answers = await asyncio.gather(*(gateway.charge_off_session(p, card) for p in payments))
    assert {answer.status for answer in answers} == {"succeeded"}
    assert len({answer.provider_payment_id for answer in answers}) == 40


async def test_a_declined_card_is_a_failed_answer(client, make_merchant, provider_a_api):
    merchant = await card_merchant(client, make_merchant)
    customer = await make_customer(merchant.id)
    card = await stored_card(provider_a_api, merchant.id, customer, DECLINED_CARD)
    answer = await ProviderAGateway().charge_off_session(
        _payment(merchant.id, uuid.uuid4().hex[:8], 0), card
    )
    assert answer.status == "failed" and answer.message
    assert answer.provider_payment_id is None or answer.provider_payment_id.startswith("pi_")


async def test_without_a_method_nothing_is_charged(client, make_merchant, provider_a_api):
    merchant = await card_merchant(client, make_merchant)
    answer = await ProviderAGateway().charge_off_session(
        _payment(merchant.id, uuid.uuid4().hex[:8], 0), None
    )
    assert (answer.status, answer.message) == (
        "failed",
        "No configured provider can charge this method",
    )
