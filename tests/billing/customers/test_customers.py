"""billing.customers.customers as the dashboard calls it: keyset pages, prefix search and the
query plans that keep both fast at any number of customers."""

import json

import pytest
from tortoise import connections

from billing.core.errors import Conflict, Invalid
from billing.customers import customers
from billing.customers.models import Customer

BULK = 4000

# One statement makes thousands of customers quickly. Every ten share a created_at, so paging
# has to order ties by id.
BULK_INSERT = """
INSERT INTO customers (id, merchant_id, email, email_normalized, name, name_normalized,
                       created_at, updated_at)
SELECT 'cust_' || substr(md5($1 || g::text), 1, 22), $1, 'user' || g || '@example.com',
       'user' || g || '@example.com', 'Person ' || g, 'person ' || g,
       timestamptz '2026-01-01 00:00:00+00' + (g / 10) * interval '1 second', now()
FROM generate_series(1, $2::int) AS g
"""


async def bulk_customers(merchant_id: str, count: int = BULK) -> None:
    connection = connections.get("default")
    await connection.execute_query(BULK_INSERT, [merchant_id, count])
    await connection.execute_query("ANALYZE customers")


async def plan_of(query) -> str:
    """The JSON plan PostgreSQL chooses for ``query``, executed with its real parameters."""
    query._choose_db_if_not_chosen()
    query._make_query()
    sql, params = query.query.get_parameterized_sql()
    _, rows = await connections.get("default").execute_query(
        f"EXPLAIN (FORMAT JSON) {sql}", list(params)
    )
    plan = rows[0]["QUERY PLAN"]
    return plan if isinstance(plan, str) else json.dumps(plan)


async def all_pages(merchant_id: str, limit: int, search: str | None = None) -> list[str]:
    seen, cursor = [], None
    while True:
        rows, cursor = await customers.list_customers(
            merchant_id, search=search, after=cursor, limit=limit
        )
        seen += [row.id for row in rows]
        if cursor is None:
            return seen


async def test_keyset_pages_are_complete_and_ordered_under_equal_created_at(merchant):
    await bulk_customers(merchant.id, 95)
    expected = await Customer.filter(merchant_id=merchant.id).order_by("-created_at", "-id")
    for limit in (1, 7, 10, 50, 95, 1000):
        assert await all_pages(merchant.id, limit) == [row.id for row in expected], limit


async def test_pages_stay_correct_while_customers_are_added(merchant):
    await bulk_customers(merchant.id, 30)
    first, cursor = await customers.list_customers(merchant.id, limit=10)
    newer = await customers.create_customer(merchant.id, email="late@example.com")
    rest = await all_pages(merchant.id, 10)
    assert rest[0] == newer.id  # a new customer appears on a fresh first page...
    second, _ = await customers.list_customers(merchant.id, after=cursor, limit=10)
    assert newer.id not in [row.id for row in second]  # ...and never shifts a later one
    assert [row.id for row in first + second] == rest[1:21]


async def test_prefix_search_takes_percent_and_underscore_literally(merchant):
    wanted = [
        await customers.create_customer(merchant.id, email="a%b@example.com"),
        await customers.create_customer(merchant.id, email="x@example.com", name="50_off Ltd"),
        await customers.create_customer(merchant.id, email="back\\slash@example.com"),
    ]
    for decoy in ("axb@example.com", "a@example.com", "y@example.com"):
        await customers.create_customer(merchant.id, email=decoy, name="50xoff Ltd")
    for search, expected in (("a%", wanted[0]), ("50_", wanted[1]), ("back\\", wanted[2])):
        rows, _ = await customers.list_customers(merchant.id, search=search)
        assert [row.id for row in rows] == [expected.id], search
    rows, _ = await customers.list_customers(merchant.id, search="%")
    assert rows == []


async def test_search_results_page_like_the_full_list(merchant):
    await bulk_customers(merchant.id, 300)
    found = await all_pages(merchant.id, 7, search="USER1")  # user1, user10..19, user100..199
    assert len(found) == 1 + 10 + 100
    assert len(set(found)) == len(found)
    matching = await Customer.filter(
        merchant_id=merchant.id, email_normalized__startswith="user1"
    ).order_by("-created_at", "-id")
    assert found == [row.id for row in matching]


async def test_page_and_search_queries_use_the_indexes(merchant):
    await bulk_customers(merchant.id)
    last_page_cursor = customers.encode_cursor(
        await Customer.filter(merchant_id=merchant.id).order_by("created_at", "id").first()
    )
    first_page = await plan_of(customers.page_query(merchant.id))
    deep_page = await plan_of(customers.page_query(merchant.id, after=last_page_cursor))
    for plan in (first_page, deep_page):
        assert "customers_keyset_idx" in plan
        assert '"Node Type": "Seq Scan"' not in plan
    search = await plan_of(customers.page_query(merchant.id, search="user123"))
    assert '"Node Type": "Seq Scan"' not in search
    for index in ("email", "name"):
        assert f"customers_{index}_prefix_idx" in search, search


async def test_find_by_external_id_takes_the_newest_live_customer(make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    old = await customers.create_customer(
        merchant.id, email="o@example.com", external_customer_id="e"
    )
    new = await customers.create_customer(
        merchant.id, email="n@example.com", external_customer_id="e"
    )
    assert (await customers.find_by_external_id(merchant.id, "e")).id == new.id
    await customers.delete_customer(merchant.id, new.id)
    assert (await customers.find_by_external_id(merchant.id, "e")).id == old.id
    assert await customers.find_by_external_id(other.id, "e") is None
    assert await customers.find_by_external_id(merchant.id, "\x00") is None


async def test_update_rejects_unknown_fields_and_keeps_duplicate_rules(merchant):
    first = await customers.create_customer(merchant.id, email="one@example.com")
    second = await customers.create_customer(merchant.id, email="two@example.com")
    with pytest.raises(TypeError):
        await customers.update_customer(merchant.id, second.id, merchant_id="elsewhere")
    with pytest.raises(Conflict):
        await customers.update_customer(merchant.id, second.id, email="ONE@example.com")
    same = await customers.update_customer(
        merchant.id, second.id, allow_same_email=True, email="ONE@example.com"
    )
    assert same.email_normalized == first.email_normalized
    with pytest.raises(Conflict):  # creation never takes the dangerous path
        await customers.create_customer(merchant.id, email="one@example.com")


@pytest.mark.parametrize("limit", [0, -1, 1001, True, "5"])
async def test_limit_is_checked(merchant, limit):
    with pytest.raises(Invalid):
        await customers.list_customers(merchant.id, limit=limit)
