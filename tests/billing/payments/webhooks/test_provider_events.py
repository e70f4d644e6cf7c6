"""billing.payments.webhooks.provider_events.first_sighting: once per (merchant, provider, event
id),
even under concurrent redelivery, and rolled back with the work that failed."""

import asyncio

import pytest
from tortoise.transactions import in_transaction

from billing.core.errors import Invalid
from billing.core.ids import new_id
from billing.payments.models import ProviderEvent
from billing.payments.webhooks.provider_events import first_sighting


async def test_first_time_true_then_false(merchant):
    event_id = new_id("evt")
    assert await first_sighting(merchant.id, "provider_a", event_id, "payment_intent.succeeded")
    assert not await first_sighting(merchant.id, "provider_a", event_id, "payment_intent.succeeded")
    stored = await ProviderEvent.get(merchant_id=merchant.id, event_id=event_id)
    assert (stored.provider, stored.type) == ("provider_a", "payment_intent.succeeded")


async def test_the_key_is_merchant_provider_and_event_id(merchant, make_merchant):
    other = await make_merchant("Other")
    event_id = new_id("evt")
    assert await first_sighting(merchant.id, "provider_a", event_id, "t")
    assert await first_sighting(merchant.id, "provider_b", event_id, "t")
    assert await first_sighting(other.id, "provider_a", event_id, "t")
    assert not await first_sighting(other.id, "provider_a", event_id, "t")


async def test_concurrent_redeliveries_see_it_first_exactly_once(merchant):
    for _ in range(5):
        event_id = new_id("evt")
        answers = await asyncio.gather(
            *(
                first_sighting(merchant.id, "provider_b", event_id, "payment.succeeded")
                for _ in "ab"
            )
        )
        assert sorted(answers) == [False, True]
    event_id = new_id("evt")
    answers = await asyncio.gather(
        *(first_sighting(merchant.id, "provider_a", event_id, "t") for _ in range(20))
    )
    assert answers.count(True) == 1
    assert await ProviderEvent.filter(merchant_id=merchant.id, event_id=event_id).count() == 1


async def test_a_rolled_back_sighting_is_not_a_sighting(merchant):
    event_id = new_id("evt")
    with pytest.raises(RuntimeError):
        async with in_transaction():
            assert await first_sighting(merchant.id, "provider_a", event_id, "t")
            raise RuntimeError("processing failed")
    assert await first_sighting(merchant.id, "provider_a", event_id, "t")


async def test_unusable_event_ids_are_refused(merchant):
    for event_id in ("", None, "x" * 201, "evt\x00"):
        with pytest.raises(Invalid):
            await first_sighting(merchant.id, "provider_a", event_id, "t")
    with pytest.raises(ValueError):
        await first_sighting(merchant.id, "provider_c", "evt_1", "t")
    assert await first_sighting(merchant.id, "provider_a", "evt_long_type", "t" * 500)
