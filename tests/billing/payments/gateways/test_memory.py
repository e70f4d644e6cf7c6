"""The in-memory gateway: deterministic answers, told to decline, pend or be unreachable, and
idempotent like a provider: a repeated key answers the first charge, never a second one."""

import asyncio

import pytest

from billing.payments.gateways.base import GatewayUnreachable, InvalidWebhook
from billing.payments.gateways.memory import MemoryGateway
from billing.payments.models import Payment, PaymentMethod, Refund


def _payment(key: str = "inv_1:attempt-1") -> Payment:
    return Payment(id=f"pay_{key}", amount_cents=4900, currency="USD", idempotency_key=key)


def _card(method_id: str = "pm_good") -> PaymentMethod:
    return PaymentMethod(id=f"m_{method_id}", external_psp_payment_method_id=method_id)


async def test_a_charge_succeeds_with_a_numbered_id_and_is_recorded():
    gateway = MemoryGateway()
    answer = await gateway.charge_off_session(_payment(), _card())
    assert (answer.status, answer.provider_payment_id) == ("succeeded", "pi_memory_1")
    [call] = gateway.calls
    assert (call.operation, call.key) == ("charge_off_session", "inv_1:attempt-1")


async def test_a_repeated_key_answers_the_first_charge():
    gateway = MemoryGateway()
    first = await gateway.charge_off_session(_payment(), _card())
    gateway.decline()  # a second charge would now fail; there is none
    again = await gateway.charge_off_session(_payment(), _card())
    assert again == first
    assert len(gateway.charges) == 1 and len(gateway.calls) == 2


async def test_overlapping_calls_with_one_key_make_one_charge():
    gateway = MemoryGateway(latency=0.01)
    answers = await asyncio.gather(
        *(gateway.charge_off_session(_payment(), _card()) for _ in range(50))
    )
    assert len(set(answers)) == 1 and len(gateway.charges) == 1


async def test_many_keys_at_once_wait_together():
    gateway = MemoryGateway(latency=0.05)
    started = asyncio.get_running_loop().time()
    answers = await asyncio.gather(
        *(gateway.charge_off_session(_payment(f"inv_{n}:attempt-1"), _card()) for n in range(200))
    )
    assert asyncio.get_running_loop().time() - started < 2  # concurrent, not 200 x 0.05 s
    assert len({answer.provider_payment_id for answer in answers}) == 200


async def test_told_to_decline_pend_or_be_unreachable():
    gateway = MemoryGateway()
    gateway.decline("pm_bad")
    declined = await gateway.charge_off_session(_payment("a"), _card("pm_bad"))
    assert (declined.status, declined.message) == ("failed", "The card was declined")
    assert (await gateway.charge_off_session(_payment("b"), _card())).status == "succeeded"
    gateway.answer_pending()
    assert (await gateway.charge_off_session(_payment("c"), _card())).status == "pending"
    gateway.unreachable()
    with pytest.raises(GatewayUnreachable):
        await gateway.charge_off_session(_payment("d"), _card())
    gateway.succeed()  # an unreachable call made no charge: its key is charged now
    assert (await gateway.charge_off_session(_payment("d"), _card())).status == "succeeded"


async def test_a_refund_is_given_once_per_key_and_read_back():
    gateway = MemoryGateway()
    charged = await gateway.charge_off_session(_payment(), _card())
    payment = _payment()
    payment.provider_payment_id = charged.provider_payment_id
    assert (await gateway.fetch_payment(payment)).status == "succeeded"
    back = Refund(id="ref_1", amount_cents=1000, idempotency_key="ref_1:key")
    first = await gateway.refund(payment, back)
    again = await gateway.refund(payment, back)
    assert first == again and first.status == "succeeded" and len(gateway.refunds) == 1
    back.provider_refund_id = first.provider_refund_id
    assert (await gateway.fetch_refund(payment, back)).status == "succeeded"


def test_a_webhook_is_verified_by_its_secret():
    gateway = MemoryGateway()
    body = b'{"id": "evt_1", "type": "payment_intent.succeeded"}'
    event_id, event = gateway.verify_webhook("whsec_1", body, {"memory-signature": "whsec_1"})
    assert (event_id, event["type"]) == ("evt_1", "payment_intent.succeeded")
    with pytest.raises(InvalidWebhook):
        gateway.verify_webhook("whsec_1", body, {"memory-signature": "whsec_2"})
