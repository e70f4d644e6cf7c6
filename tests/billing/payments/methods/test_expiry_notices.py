"""payment_method.expiring: an active card is told once, in the month before its expiry
month, by the due pass at the pass's clock, with the method as the API's GET answers it; not
before that month, not twice, and not for a removed or inactive card; and the claim reads
the month's cards through their index, not the whole table."""

import json
from datetime import UTC, datetime

from tortoise.transactions import in_transaction

from billing.due_work import run_due
from billing.payments.methods import expiry_notices
from tests.support.billing.event_log import events
from tests.support.factories.portal import card
from tests.support.factories.subscriptions import make_customer

STEP = "card expiry notices"
TYPE = "payment_method.expiring"


async def _card(merchant_id: str, *, month=4, year=2030, status="active"):
    """A card of a customer of its own, expiring at the end of April 2030 unless told."""
    customer = await make_customer(merchant_id)
    return await card(merchant_id, customer, status=status, month=month, year=year)


async def test_a_card_is_told_once_in_the_month_before_it_expires(client, merchant):
    method = await _card(merchant.id)  # expires at the end of April 2030
    await run_due(datetime(2030, 2, 28, 23, 59, tzinfo=UTC), merchant_id=merchant.id)
    assert await events(merchant.id, TYPE) == []

    now = datetime(2030, 3, 1, tzinfo=UTC)
    first = await run_due(now, merchant_id=merchant.id)
    again = await run_due(now, merchant_id=merchant.id)
    assert (first.count(STEP, "notice sent"), again.count(STEP, "notice sent")) == (1, 0)
    await run_due(datetime(2030, 3, 31, tzinfo=UTC), merchant_id=merchant.id)
    [event] = await events(merchant.id, TYPE)
    assert (event.object_id, event.created_at) == (method.id, now)
    got = await client.get(f"/v1/payment-methods/{method.id}", headers=merchant.headers)
    assert event.data == await got.get_json()
    assert (event.data["cardExpiryMonth"], event.data["cardExpiryYear"]) == (4, 2030)


async def test_a_new_expiry_date_is_told_again(merchant):
    method = await _card(merchant.id)
    await run_due(datetime(2030, 3, 5, tzinfo=UTC), merchant_id=merchant.id)
    method.card_expiry_year = 2031  # the provider sent the renewed card's date
    await method.save()
    await run_due(datetime(2031, 3, 5, tzinfo=UTC), merchant_id=merchant.id)
    told = await events(merchant.id, TYPE)
    assert [event.data["cardExpiryYear"] for event in told] == [2030, 2031]


async def test_removed_inactive_and_later_cards_are_not_told(merchant):
    removed = await _card(merchant.id)
    await removed.soft_delete()
    await _card(merchant.id, status="failed")
    await _card(merchant.id, month=5)
    await run_due(datetime(2030, 3, 5, tzinfo=UTC), merchant_id=merchant.id)
    assert await events(merchant.id, TYPE) == []


async def test_one_merchants_pass_leaves_another_alone(merchant, make_merchant):
    other = await make_merchant("Other Ltd")
    await _card(merchant.id)
    await _card(other.id)
    await run_due(datetime(2030, 3, 5, tzinfo=UTC), merchant_id=merchant.id)
    assert len(await events(merchant.id, TYPE)) == 1
    assert await events(other.id, TYPE) == []


def test_next_month_wraps_at_the_year_end():
    assert expiry_notices.next_month(datetime(2030, 12, 15, tzinfo=UTC)) == (2031, 1)
    assert expiry_notices.next_month(datetime(2030, 3, 31, tzinfo=UTC)) == (2030, 4)


# Thousands of cards of one customer, over eight years of expiry months; one in ten inactive.
BULK_CARDS = """
INSERT INTO payment_methods (id, merchant_id, customer_id, status, card_expiry_year,
                             card_expiry_month, created_at, updated_at)
SELECT 'pm_' || substr(md5($1 || g::text), 1, 22), $1, $2,
       CASE WHEN g % 10 = 0 THEN 'inactive' ELSE 'active' END, 2026 + g % 8, 1 + g % 12,
       now(), now()
FROM generate_series(1, 5000) AS g
"""


async def test_the_claim_reads_the_months_cards_by_their_index(merchant):
    """Even as a generic plan (a prepared statement's, after a few runs), where no parameter
    value is known to the planner."""
    customer = await make_customer(merchant.id)
    async with in_transaction() as connection:
        await connection.execute_query(BULK_CARDS, [merchant.id, customer.id])
        await connection.execute_query("ANALYZE payment_methods")
        await connection.execute_query("SET LOCAL plan_cache_mode = force_generic_plan")
        sql = expiry_notices.CLAIM.format(columns="m.id", limit=expiry_notices.CLAIM_SIZE)
        types = "int, int, text, text, text, text"
        await connection.execute_script(f"PREPARE expiry_claim({types}) AS {sql}")
        _, rows = await connection.execute_query(
            "EXPLAIN (FORMAT JSON) EXECUTE expiry_claim(2030, 4, 'k:', ':2030-04', NULL, NULL)"
        )
        await connection.execute_script("DEALLOCATE expiry_claim")
    plan = rows[0]["QUERY PLAN"]
    plan = plan if isinstance(plan, str) else json.dumps(plan)
    assert "payment_methods_expiry_idx" in plan
