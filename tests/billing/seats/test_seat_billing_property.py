"""Any seat added at any instant inside a paid period is billed exactly once, for the rule's
amount (billing/seats/seat_billing.py): unit price × whole seconds from the change to the
period's end ÷ whole seconds in the period, rounded half-even once.

The subscription starts at an instant with microseconds, as one created "now" does, and the
seat is added anywhere from that second (before the start's microseconds, as a seat recorded
at the second is) to the period's last second. The seat price is high enough that every second
of the period costs at least one cent, so every instant must leave an invoice.
"""

from datetime import UTC, datetime, timedelta
from decimal import ROUND_HALF_EVEN, Decimal

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from billing.invoicing.models import Invoice, InvoiceLine
from billing.seats import seats
from billing.seats.models import SeatChange
from billing.subscriptions.models import SubscriptionDetail
from tests.support.factories.seats import new_user, seat_team

# 54,000.00 a seat a month: a second of a 31-day month (2,678,400 s) costs 2.02 cents.
UNIT = 5_400_000
JANUARY = 31 * 86_400
START = datetime(2030, 1, 1, 9, 30, 15, tzinfo=UTC)


def by_hand(seconds_left: int, seconds_in_period: int) -> int:
    exact = Decimal(UNIT) * seconds_left / seconds_in_period
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    start_micro=st.integers(0, 999_999),
    second=st.integers(0, JANUARY - 1),
    micro=st.integers(0, 999_999),
)
@example(start_micro=734_000, second=0, micro=734_000)  # the exact start instant
@example(start_micro=734_000, second=0, micro=0)  # its second, before its microseconds
@example(start_micro=999_999, second=0, micro=500_000)
@example(start_micro=1, second=JANUARY - 1, micro=999_999)  # the period's last second
@example(start_micro=0, second=JANUARY - 1, micro=0)
async def test_a_seat_added_anywhere_in_the_paid_period_is_billed_once(
    make_merchant, start_micro, second, micro
):
    merchant = await make_merchant()  # one per example: hypothesis reuses the test's fixtures
    started = START.replace(microsecond=start_micro)
    team = await seat_team(merchant.id, unit_cents=UNIT, start=started)
    [detail] = await SubscriptionDetail.filter(subscription_id=team.subscription.id)
    assert detail.previous_billing_date == started  # the first period is paid
    at = START + timedelta(seconds=second, microseconds=micro)
    body = {"user_id": team.user_id, **new_user(), "timestamp": at.isoformat()}

    result = await seats.add_seat(merchant.id, body)

    [change] = await SeatChange.filter(merchant_id=merchant.id, kind="add")
    assert change.idempotency_key == result.idempotency_key
    assert change.invoice_id is not None
    [invoice] = await Invoice.filter(merchant_id=merchant.id, billing_reason="seats")
    assert invoice.id == change.invoice_id
    [line] = await InvoiceLine.filter(invoice_id=invoice.id)
    assert line.subtotal_cents == by_hand(JANUARY - second, JANUARY)
    # sent again (a retry): still one change, one invoice
    await seats.add_seat(merchant.id, {**body, "idempotency_key": result.idempotency_key})
    assert await SeatChange.filter(merchant_id=merchant.id, kind="add").count() == 1
    assert await Invoice.filter(merchant_id=merchant.id, billing_reason="seats").count() == 1
