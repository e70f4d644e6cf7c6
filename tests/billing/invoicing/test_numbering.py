"""Invoice numbers are gap-free per merchant and per customer, under concurrency and across
rolled-back issues, and each merchant (and mode) counts on its own."""

import asyncio

import pytest
from tortoise.transactions import in_transaction

from billing.invoicing.numbering import take_numbers
from tests.support.factories.subscriptions import make_customer


async def _take(merchant_id: str, customer_id: str) -> str:
    async with in_transaction():
        return (await take_numbers(merchant_id, customer_id)).number


async def test_concurrent_issuers_get_every_number_once(merchant):
    customer = await make_customer(merchant.id)
    numbers = await asyncio.gather(*(_take(merchant.id, customer.id) for _ in range(20)))
    assert sorted(numbers) == [f"INV-{n:06d}" for n in range(1, 21)]


async def test_a_rolled_back_issue_leaves_no_gap(merchant):
    customer = await make_customer(merchant.id)
    assert await _take(merchant.id, customer.id) == "INV-000001"
    with pytest.raises(RuntimeError):
        async with in_transaction():
            await take_numbers(merchant.id, customer.id)
            raise RuntimeError("the invoice could not be issued")
    assert await _take(merchant.id, customer.id) == "INV-000002"


async def test_each_customer_and_each_merchant_counts_on_its_own(merchant, make_merchant):
    first, second = await make_customer(merchant.id), await make_customer(merchant.id)
    async with in_transaction():
        a1 = await take_numbers(merchant.id, first.id)
        b1 = await take_numbers(merchant.id, second.id)
        a2 = await take_numbers(merchant.id, first.id)
    assert [a1.number, b1.number, a2.number] == ["INV-000001", "INV-000002", "INV-000003"]
    short = first.id.split("_", 1)[1][:8].upper()
    assert [a1.customer_invoice_number, a2.customer_invoice_number] == [
        f"{short}-0001",
        f"{short}-0002",
    ]
    assert b1.customer_invoice_number.endswith("-0001")
    other = await make_merchant()
    other_customer = await make_customer(other.id)
    assert await _take(other.id, other_customer.id) == "INV-000001"
