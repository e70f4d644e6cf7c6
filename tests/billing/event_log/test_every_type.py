"""Every type of ``event_types.TYPES`` is written by a real change: one merchant lives through
the API's requests, due passes at its clocks and the in-memory gateway's answers (a trial that
ends and is paid, a card declined, a refund that goes through and one refused, a cancellation,
seats added and removed, a customer created, changed and deleted, a yearly renewal a week
ahead, a card expiring next month), and the types its event
log holds afterwards are every type there is, and only those. No event is written by hand."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.due_work import run_due
from billing.event_log import event_types
from billing.event_log.models import Event
from tests.support.api.seats import post as seat_post
from tests.support.api.subscription_refunds import refund
from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.portal import card
from tests.support.factories.seats import new_user, seat_team
from tests.support.factories.subscriptions import make_customer, subscribe
from tests.support.fakes.memory_gateway import memory_card, memory_card_merchant

START = datetime(2030, 3, 1, tzinfo=UTC)  # ahead of the present, as a subscription's start


@pytest.fixture
def gateway(memory_gateway):
    return memory_gateway


def stamp(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


async def _customer_changes(client, merchant) -> None:
    """customer.created, customer.updated, customer.deleted through the API."""
    made = await client.post(
        "/v1/customers", json={"email": "every@example.com"}, headers=merchant.headers
    )
    assert made.status_code == 201
    customer_id = (await made.get_json())["customer"]["id"]
    changed = await client.post(
        f"/v1/customers/{customer_id}", json={"name": "Every"}, headers=merchant.headers
    )
    assert changed.status_code == 200
    gone = await client.delete(f"/v1/customers/{customer_id}", headers=merchant.headers)
    assert gone.status_code == 200


async def _seat_changes(client, merchant, start: datetime) -> None:
    """seat.added and seat.removed through the API, on an organization's seat subscription."""
    team = await seat_team(merchant.id, start=start)
    user = new_user()
    added = {"user_id": team.user_id, **user, "timestamp": stamp(start + timedelta(days=3))}
    assert (await seat_post(client, merchant, "add", added))[0] == 200
    removed = {
        "user_id": team.user_id,
        "removed_user_id": user["created_user_id"],
        "timestamp": stamp(start + timedelta(days=4)),
    }
    assert (await seat_post(client, merchant, "remove", removed))[0] == 200


async def _notices_due_at_start(merchant_id: str) -> None:
    """A yearly subscription renewing 5 days after ``START`` and a card expiring the month
    after it, so the first pass tells subscription.renewal_upcoming and
    payment_method.expiring."""
    await subscribe(merchant_id, yearly=True, start=START - timedelta(days=360))
    customer = await make_customer(merchant_id)
    await card(merchant_id, customer, last4="4444", month=START.month + 1, year=START.year)


async def test_every_type_is_written_by_a_real_change(client, make_merchant, gateway):
    merchant = await memory_card_merchant(make_merchant)
    trial_end = START + timedelta(days=14)

    # A trial whose card pays, and a subscription whose card is declined, from ``START``.
    trialing = await make_customer(merchant.id)
    await memory_card(merchant.id, trialing, GOOD_CARD)
    trial = await priced_subscription(
        merchant.id, FLAT_49, start=START, trial_days=14, customer=trialing
    )
    declining = await make_customer(merchant.id)
    await memory_card(merchant.id, declining, DECLINED_CARD)
    await priced_subscription(merchant.id, FLAT_49, start=START, customer=declining)
    await _notices_due_at_start(merchant.id)
    await run_due(START + timedelta(hours=6), merchant_id=merchant.id)  # billed, declined
    await run_due(trial_end - timedelta(days=3), merchant_id=merchant.id)  # the trial's notice
    await run_due(trial_end + timedelta(minutes=5), merchant_id=merchant.id)  # ends, billed, paid

    await _seat_changes(client, merchant, START)
    await _customer_changes(client, merchant)

    # A refund of the paid trial's invoice that goes through, then one the provider refuses.
    stable_id = trial.stable_subscription_id
    status, answer = await refund(client, merchant, stable_id, {"amountCents": 900})
    assert status == 200, answer
    gateway.decline()
    status, answer = await refund(client, merchant, stable_id, {"amountCents": 900})
    assert status == 502, answer

    ended = await client.delete(f"/v1/subscriptions/{stable_id}", headers=merchant.headers)
    assert ended.status_code == 200

    written = set(
        await Event.filter(merchant_id=merchant.id).distinct().values_list("type", flat=True)
    )
    assert sorted(set(event_types.TYPES) - written) == []  # every type: none missing
    assert sorted(written - set(event_types.TYPES)) == []  # and no type the list lacks
