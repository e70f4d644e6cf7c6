"""/v1/merchants/dunning-config: defaults until saved, partial updates, strict validation;
and what a payment after dunning's end action does: the subscription is active again, unless
it was cancelled or the merchant paused it by hand. Provider A is answered by the in-memory
gateway (the subject is dunning, not the provider), but for the signed webhooks, whose
``Stripe-Signature`` only provider A's own gateway checks: those run against a real
localstripe."""

from datetime import timedelta

import pytest

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments import setup
from billing.payments.collection.collecting import collect_due
from billing.payments.models import Payment, ProviderConfig
from billing.subscriptions.dunning import update_dunning_config
from billing.subscriptions.models import DunningConfig, Subscription, SubscriptionEvent
from tests.support.factories.card_payments import (
    DECLINED_CARD,
    GOOD_CARD,
    JAN_1,
    card_merchant,
    stored_card,
)
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.subscriptions import make_customer
from tests.support.factories.webhooks import new_stripe_secret, stripe_event, stripe_headers
from tests.support.fakes.memory_gateway import memory_card, memory_card_merchant

PATH = "/v1/merchants/dunning-config"
DAY = timedelta(days=1)
DEFAULTS = {
    "retryScheduleDays": [1, 3, 5],
    "gracePeriodDays": 7,
    "endAction": "cancel",
    "pastDueAccess": True,
}


async def test_defaults_before_any_post(client, merchant):
    response = await client.get(PATH, headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == {**DEFAULTS, "isDefault": True}
    assert not await DunningConfig.filter(merchant_id=merchant.id).exists()


async def test_post_stores_and_get_reads_back(client, merchant):
    record = {"retryScheduleDays": [2, 4, 8, 16], "gracePeriodDays": 0, "endAction": "unpaid"}
    response = await client.post(PATH, json=record, headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == {**record, "pastDueAccess": True, "isDefault": False}
    read = await client.get(PATH, headers=merchant.headers)
    assert await read.get_json() == {**record, "pastDueAccess": True, "isDefault": False}
    stored = await DunningConfig.get(merchant_id=merchant.id)
    assert (stored.retry_schedule_days, stored.grace_period_days, stored.end_action) == (
        [2, 4, 8, 16],
        0,
        "unpaid",
    )


async def test_partial_update_keeps_other_fields(client, merchant):
    await client.post(PATH, json={"endAction": "pause"}, headers=merchant.headers)
    response = await client.post(PATH, json={"gracePeriodDays": 90}, headers=merchant.headers)
    assert await response.get_json() == {
        "retryScheduleDays": [1, 3, 5],
        "gracePeriodDays": 90,
        "endAction": "pause",
        "pastDueAccess": True,
        "isDefault": False,
    }
    assert await DunningConfig.filter(merchant_id=merchant.id).count() == 1


async def test_limits_are_inclusive(client, merchant):
    days = list(range(81, 91))
    response = await client.post(
        PATH, json={"retryScheduleDays": days, "gracePeriodDays": 0}, headers=merchant.headers
    )
    assert response.status_code == 200
    assert (await response.get_json())["retryScheduleDays"] == days


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"retryScheduleDays": []}, "retryScheduleDays"),
        ({"retryScheduleDays": [3, 2]}, "retryScheduleDays"),
        ({"retryScheduleDays": [1, 1]}, "retryScheduleDays"),
        ({"retryScheduleDays": [0, 2]}, "retryScheduleDays"),
        ({"retryScheduleDays": [1, 91]}, "retryScheduleDays"),
        ({"retryScheduleDays": [-1]}, "retryScheduleDays"),
        ({"retryScheduleDays": list(range(1, 12))}, "retryScheduleDays"),
        ({"retryScheduleDays": [1.5]}, "retryScheduleDays"),
        ({"retryScheduleDays": ["1"]}, "retryScheduleDays"),
        ({"retryScheduleDays": [True]}, "retryScheduleDays"),
        ({"retryScheduleDays": [None]}, "retryScheduleDays"),
        ({"retryScheduleDays": 3}, "retryScheduleDays"),
        ({"retryScheduleDays": {"a": 1}}, "retryScheduleDays"),
        ({"retryScheduleDays": [10**40]}, "retryScheduleDays"),
        ({"retryScheduleDays": list(range(100_000))}, "retryScheduleDays"),
        ({"gracePeriodDays": -1}, "gracePeriodDays"),
        ({"gracePeriodDays": 91}, "gracePeriodDays"),
        ({"gracePeriodDays": "7"}, "gracePeriodDays"),
        ({"gracePeriodDays": 7.5}, "gracePeriodDays"),
        ({"gracePeriodDays": 10**40}, "gracePeriodDays"),
        ({"endAction": "delete"}, "endAction"),
        ({"endAction": "PAUSE"}, "endAction"),
        ({"endAction": 1}, "endAction"),
        ({"endAction": "x" * 100_000}, "endAction"),
    ],
)
async def test_invalid_input_is_400_and_stores_nothing(client, merchant, body, field):
    response = await client.post(
        PATH, json={"endAction": "pause", **body}, headers=merchant.headers
    )
    assert response.status_code == 400
    error = (await response.get_json())["error"]
    assert isinstance(error, str) and field in error
    assert not await DunningConfig.filter(merchant_id=merchant.id).exists()
    assert await (await client.get(PATH, headers=merchant.headers)).get_json() == {
        **DEFAULTS,
        "isDefault": True,
    }


async def test_invalid_update_keeps_stored_record(client, merchant):
    await client.post(PATH, json={"gracePeriodDays": 3}, headers=merchant.headers)
    response = await client.post(
        PATH, json={"gracePeriodDays": 5, "retryScheduleDays": [5, 1]}, headers=merchant.headers
    )
    assert response.status_code == 400
    assert (await DunningConfig.get(merchant_id=merchant.id)).grace_period_days == 3


async def test_config_is_per_merchant(client, make_merchant):
    alice = await make_merchant()
    bob = await make_merchant()
    await client.post(PATH, json={"gracePeriodDays": 30}, headers=alice.headers)
    bob_view = await (await client.get(PATH, headers=bob.headers)).get_json()
    assert bob_view == {**DEFAULTS, "isDefault": True}


async def test_concurrent_first_saves_do_not_fail(client, merchant):
    import asyncio

    responses = await asyncio.gather(
        *(
            client.post(PATH, json={"gracePeriodDays": days}, headers=merchant.headers)
            for days in range(1, 7)
        )
    )
    assert [response.status_code for response in responses] == [200] * 6
    assert await DunningConfig.filter(merchant_id=merchant.id).count() == 1


# --- "A later success clears it all": a payment after the end action -------------------------


@pytest.fixture
def gateway(memory_gateway):
    return memory_gateway


@pytest.fixture
def localstripe(provider_a_api):
    """localstripe's URL, with the payments setup pointed at it for this test."""
    return provider_a_api


async def _dunned(client, make_merchant, gateway, end_action: str):
    """A $49 renewal a declined card left unpaid through the whole schedule (one retry a day
    later, no grace), so the pass on January 2 applied ``end_action``. ``gateway`` is the
    memory gateway, or localstripe's URL."""
    if isinstance(gateway, str):
        merchant = await card_merchant(client, make_merchant)
    else:
        merchant = await memory_card_merchant(make_merchant)
    customer = await make_customer(merchant.id)
    await _card(gateway, merchant.id, customer, DECLINED_CARD)
    sub = await priced_subscription(merchant.id, FLAT_49, start=JAN_1, customer=customer)
    await update_dunning_config(
        merchant.id, retry_schedule_days=[1], grace_period_days=0, end_action=end_action
    )
    await bill_due(JAN_1, merchant.id)
    await collect_due(JAN_1, merchant.id)
    done = await collect_due(JAN_1 + DAY, merchant.id)
    assert done["payments failed"] == 1 and done[f"dunning {AFTER[end_action]}"] == 1, done
    invoice = await Invoice.get(merchant_id=merchant.id, stable_subscription_id=sub.id)
    return merchant, customer, sub.id, invoice


async def _card(gateway, merchant_id: str, customer, number: str):
    if isinstance(gateway, str):
        return await stored_card(gateway, merchant_id, customer, number)
    return await memory_card(merchant_id, customer, number)


async def _status(client, merchant, stable_id: str) -> tuple[int, str | None]:
    response = await client.get(f"/v1/subscriptions/{stable_id}", headers=merchant.headers)
    body = await response.get_json()
    return response.status_code, body.get("status")


async def _kinds(stable_id: str) -> list[str]:
    events = SubscriptionEvent.filter(stable_subscription_id=stable_id).order_by("created_at")
    return await events.values_list("kind", flat=True)  # type: ignore[return-value]


AFTER = {"pause": "paused", "unpaid": "unpaid", "cancel": "ended"}
RECOVERED = {"pause": (200, "active"), "unpaid": (200, "active"), "cancel": (404, None)}


@pytest.mark.parametrize("end_action", ["pause", "unpaid", "cancel"])
async def test_a_retry_payment_after_the_end_action_clears_it(
    client, make_merchant, gateway, end_action
):
    merchant, customer, stable_id, invoice = await _dunned(
        client, make_merchant, gateway, end_action
    )
    await _card(gateway, merchant.id, customer, GOOD_CARD)
    response = await client.post(
        f"/v1/invoices/{invoice.id}/retry-payment", headers=merchant.headers
    )
    body = await response.get_json()
    assert (response.status_code, body["success"], body["attemptNumber"]) == (200, True, 3)
    assert (await Invoice.get(id=invoice.id)).status == "paid"
    assert await _status(client, merchant, stable_id) == RECOVERED[end_action]
    kinds = await _kinds(stable_id)
    if end_action == "cancel":
        assert kinds[-1] == "cancelled"  # a cancelled subscription stays ended
    else:
        assert kinds[-2:] == [f"dunning_{AFTER[end_action]}", "payment_recovered"]
        live = await Subscription.get(stable_subscription_id=stable_id, deleted_at=None)
        assert live.grace_period_ends_at is None


async def _webhook_secret(merchant_id: str) -> str:
    secret = new_stripe_secret()
    await ProviderConfig.filter(merchant_id=merchant_id, provider="provider_a").update(
        webhook_secret_sealed=setup.seal(secret), has_webhook=True
    )
    return secret


@pytest.mark.parametrize("end_action", ["pause", "unpaid", "cancel"])
async def test_a_signed_success_webhook_after_the_end_action_clears_it(
    client, make_merchant, localstripe, end_action
):
    merchant, _, stable_id, invoice = await _dunned(client, make_merchant, localstripe, end_action)
    secret = await _webhook_secret(merchant.id)
    last = await Payment.get(invoice_id=invoice.id, attempt=2)
    intent = {"id": "pi_later", "object": "payment_intent", "metadata": {"payment_id": last.id}}
    payload = stripe_event("payment_intent.succeeded", intent)
    response = await client.post(
        f"/v1/public/webhook/{merchant.id}",
        data=payload.encode(),
        headers=stripe_headers(secret, payload),
    )
    assert response.status_code == 200
    assert (await Payment.get(id=last.id)).status == "succeeded"
    assert (await Invoice.get(id=invoice.id)).status == "paid"
    assert await _status(client, merchant, stable_id) == RECOVERED[end_action]
    if end_action != "cancel":
        assert (await _kinds(stable_id))[-1] == "payment_recovered"


async def test_a_pause_the_merchant_made_stays_after_a_success(client, make_merchant, gateway):
    merchant, customer, stable_id, invoice = await _dunned(client, make_merchant, gateway, "pause")
    base = f"/v1/subscriptions/{stable_id}"
    for action in ("resume", "pause"):  # now the pause is the merchant's own
        answer = await client.post(f"{base}/{action}", headers=merchant.headers)
        assert answer.status_code == 200, await answer.get_json()
    await _card(gateway, merchant.id, customer, GOOD_CARD)
    response = await client.post(
        f"/v1/invoices/{invoice.id}/retry-payment", headers=merchant.headers
    )
    assert (await response.get_json())["success"] is True
    assert await _status(client, merchant, stable_id) == (200, "paused")
    assert (await _kinds(stable_id))[-1] == "paused"
