"""subscription.renewal_upcoming: a yearly subscription is told once, 7 days before its period
ends, by the due pass at the pass's clock, with the subscription as the API's GET answers it;
not before the window, not twice, never for a monthly one or one cancelling at period end."""

from datetime import UTC, datetime, timedelta

from billing.due_work import run_due
from billing.subscriptions import renewal_notices
from billing.subscriptions.models import Subscription
from billing.subscriptions.subscription_lifecycle import cancel_at_period_end
from tests.support.billing.event_log import events
from tests.support.factories.subscriptions import subscribe

START = datetime(2030, 3, 1, tzinfo=UTC)
RENEWAL = datetime(2031, 3, 1, tzinfo=UTC)
STEP = "renewal notices"
TYPE = "subscription.renewal_upcoming"


async def read(client, merchant, stable_id: str) -> dict:
    response = await client.get(f"/v1/subscriptions/{stable_id}", headers=merchant.headers)
    assert response.status_code == 200
    return await response.get_json()


async def test_a_yearly_renewal_is_told_once_seven_days_before(client, merchant):
    live = await subscribe(merchant.id, yearly=True, monthly_cents=29000, start=START)
    assert live.current_period_end == RENEWAL
    await run_due(RENEWAL - timedelta(days=7, seconds=1), merchant_id=merchant.id)
    assert await events(merchant.id, TYPE) == []

    now = RENEWAL - timedelta(days=7)
    first = await run_due(now, merchant_id=merchant.id)
    again = await run_due(now, merchant_id=merchant.id)
    assert (first.count(STEP, "notice sent"), again.count(STEP, "notice sent")) == (1, 0)
    await run_due(RENEWAL - timedelta(days=1), merchant_id=merchant.id)
    [event] = await events(merchant.id, TYPE)
    assert (event.object_id, event.created_at) == (live.id, now)
    assert event.data == await read(client, merchant, live.stable_subscription_id)
    assert event.data["currentPeriodEnd"] == "2031-03-01T00:00:00Z"


async def test_the_next_years_renewal_is_told_again(merchant):
    live = await subscribe(merchant.id, yearly=True, monthly_cents=29000, start=START)
    await run_due(RENEWAL - timedelta(days=3), merchant_id=merchant.id)
    await run_due(RENEWAL + timedelta(days=1), merchant_id=merchant.id)  # rolls to 2032
    rolled = await Subscription.get(id=live.id)
    assert rolled.current_period_end == datetime(2032, 3, 1, tzinfo=UTC)
    await run_due(datetime(2032, 2, 25, tzinfo=UTC), merchant_id=merchant.id)
    told = await events(merchant.id, TYPE)
    assert [event.data["currentPeriodEnd"] for event in told] == [
        "2031-03-01T00:00:00Z",
        "2032-03-01T00:00:00Z",
    ]


async def test_monthly_and_cancelling_subscriptions_are_not_told(merchant):
    await subscribe(merchant.id, start=START)  # monthly: its end is always near
    cancelling = await subscribe(merchant.id, yearly=True, monthly_cents=29000, start=START)
    await cancel_at_period_end(merchant.id, cancelling.stable_subscription_id)
    await run_due(START + timedelta(days=27), merchant_id=merchant.id)
    await run_due(RENEWAL - timedelta(days=2), merchant_id=merchant.id)
    assert await events(merchant.id, TYPE) == []


async def test_one_merchants_pass_leaves_another_alone(merchant, make_merchant):
    other = await make_merchant("Other Ltd")
    await subscribe(merchant.id, yearly=True, start=START)
    await subscribe(other.id, yearly=True, start=START)
    await run_due(RENEWAL - timedelta(days=2), merchant_id=merchant.id)
    assert len(await events(merchant.id, TYPE)) == 1
    assert await events(other.id, TYPE) == []


async def test_another_merchant_rows_price_never_decides(make_merchant):
    """Every read is scoped to the subscription's merchant row: a price id of another row
    (never written by Tally, but a read must not rely on that) is not looked at."""
    ours, theirs = await make_merchant(), await make_merchant()
    monthly = await subscribe(ours.id, start=START)
    yearly = await subscribe(theirs.id, yearly=True, monthly_cents=29000, start=START)
    await Subscription.filter(id=monthly.id).update(effective_price_id=yearly.effective_price_id)
    outcomes = await renewal_notices.tell_due(START + timedelta(days=27), merchant_id=ours.id)
    assert outcomes["notice sent"] == 0 and await events(ours.id, TYPE) == []
