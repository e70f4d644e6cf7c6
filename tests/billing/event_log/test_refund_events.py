"""Refund events written by real refunds (``POST /v1/subscriptions/{id}/refunds``, the
provider answered by the in-memory gateway): the credit note is an issued invoice and is told
``invoice.created`` (never ``invoice.paid``: nobody paid it); the refund is told
``refund.succeeded``, or ``refund.failed`` with its credit note ``invoice.voided``."""

import pytest

from billing.core.models import utcnow
from billing.payments.models import Refund
from tests.support.api.subscription_refunds import refund
from tests.support.billing.event_log import events
from tests.support.billing.event_log import invoice_as_got as as_got
from tests.support.factories.refunds import paid_subscription


@pytest.fixture
def gateway(memory_gateway):
    return memory_gateway


async def _refunded(client, merchant, body: dict) -> tuple:
    paid = await paid_subscription(merchant.id, intent_id="pi_memory_refunded")
    before = utcnow()
    status, answer = await refund(client, merchant, paid.subscription.stable_subscription_id, body)
    return paid, status, answer, before, utcnow()


async def test_a_refund_that_goes_through_is_told_with_its_credit_note(client, merchant, gateway):
    paid, status, answer, before, after = await _refunded(client, merchant, {"amountCents": 900})
    assert status == 200, answer
    stored = await Refund.get(id=answer["refund"]["id"])
    [told] = await events(merchant.id, "refund.succeeded")
    assert told.object_id == stored.id and before <= told.created_at <= after
    assert told.data["id"] == stored.id and told.data["status"] == "succeeded"
    assert (told.data["paymentId"], told.data["invoiceId"]) == (paid.payment.id, paid.invoice.id)
    assert await events(merchant.id, "refund.failed") == []

    created = await events(merchant.id, "invoice.created")
    notes = [event for event in created if event.object_id == stored.adjustment_invoice_id]
    [note] = notes
    assert before <= note.created_at <= after
    assert note.data["billingReason"] == "refund" and note.data["totalAmountCents"] == -900
    assert note.data["creditNoteFor"] == paid.invoice.id  # linked as it was issued
    assert note.data == await as_got(client, merchant, note.object_id)
    paid_events = await events(merchant.id, "invoice.paid")
    assert stored.adjustment_invoice_id not in {event.object_id for event in paid_events}


async def test_a_refused_refund_is_told_failed_and_its_credit_note_voided(
    client, merchant, gateway
):
    gateway.decline()  # the provider refuses the refund
    _, status, answer, before, after = await _refunded(client, merchant, {})
    assert status == 502, answer
    stored = await Refund.get(id=answer["refund"]["id"])
    [failed] = await events(merchant.id, "refund.failed")
    assert failed.object_id == stored.id and before <= failed.created_at <= after
    assert failed.data["status"] == "failed" and failed.data["failureMessage"]
    [voided] = await events(merchant.id, "invoice.voided")
    assert (voided.object_id, voided.created_at) == (
        stored.adjustment_invoice_id,
        failed.created_at,
    )
    assert voided.data["status"] == "void"
    assert voided.data == await as_got(client, merchant, stored.adjustment_invoice_id)
    assert await events(merchant.id, "refund.succeeded") == []
