"""payment-init's rate limits (billing/payments/checkout/checkout_limits.py): a flood from one
address, or from many against one shop, is refused with 429 and ``Retry-After`` and makes
nothing; two real server processes share the counts through PostgreSQL."""

import uuid

import httpx
import pytest

from billing.payments.checkout.checkout_limits import Limit
from tests.conftest import two_served
from tests.support.factories.checkout_shop import card_shop, paid_plan, records, start

WIDE = Limit(1000, 3600)


def fresh_email() -> str:
    return f"buyer-{uuid.uuid4().hex[:10]}@example.com"


@pytest.mark.usefixtures("provider_a_api")
async def test_a_flood_from_one_address_is_refused_and_makes_nothing(
    client, make_merchant, checkout_limits
):
    checkout_limits(per_address=Limit(10, 600), per_key=WIDE)
    account, price = await card_shop(client, make_merchant)
    answers = [
        await start(
            client, account, price, address="203.0.113.7", customer={"email": fresh_email()}
        )
        for _ in range(25)
    ]
    assert [status for status, _, _ in answers] == [201] * 10 + [429] * 15
    _, body, headers = answers[-1]
    wait = int(headers["Retry-After"])
    assert 1 <= wait <= 600
    assert body == {"error": f"Too many checkout attempts; try again in {wait} seconds"}
    assert await records(account.id) == {
        "customers": 10,
        "subscriptions": 10,
        "invoices": 10,
        "payments": 10,
        "intents": 10,
    }

    # Another address of the same shop still checks out; a forged X-Forwarded-For changes
    # nothing without TALLY_TRUSTED_PROXIES (anyone can send it).
    status, _, _ = await start(
        client, account, price, address="198.51.100.2", customer={"email": fresh_email()}
    )
    assert status == 201
    forged = {"X-Forwarded-For": "192.0.2.99"}
    status, _, _ = await start(
        client,
        account,
        price,
        address="203.0.113.7",
        headers=forged,
        customer={"email": fresh_email()},
    )
    assert status == 429


@pytest.mark.usefixtures("provider_a_api")
async def test_the_shop_limit_holds_across_addresses_and_a_refused_address_costs_it_nothing(
    client, make_merchant, checkout_limits
):
    checkout_limits(per_address=Limit(3, 600), per_key=Limit(7, 3600))
    account, price = await card_shop(client, make_merchant)
    other, other_price = await card_shop(client, make_merchant)
    statuses = []
    for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"):
        for _ in range(4):  # the 4th of each address is over its limit: not counted for the shop
            status, _, _ = await start(
                client, account, price, address=address, customer={"email": fresh_email()}
            )
            statuses.append(status)
    assert statuses == [201, 201, 201, 429] * 2 + [201, 429, 429, 429] + [429] * 4
    assert (await records(account.id))["subscriptions"] == 7
    # Another shop has limits of its own, from the same addresses too.
    status, _, _ = await start(
        client, other, other_price, address="10.0.0.1", customer={"email": fresh_email()}
    )
    assert status == 201


async def test_a_refused_call_reads_nothing_else(client, merchant, checkout_limits):
    """Over the limit, even a call naming a missing plan answers 429: the count comes first,
    so the answer tells nothing about the shop's records."""
    checkout_limits(per_address=Limit(1, 600), per_key=WIDE)
    price = await paid_plan(merchant.id, cents=0)
    status, _, _ = await start(client, merchant, price, customer={"email": fresh_email()})
    assert status == 201
    body = {"planId": "plan_missing", "priceId": "price_missing", "customerEmail": "a@b.co"}
    response = await client.post(
        "/v1/public/payment-init", json=body, headers=merchant.public_headers
    )
    assert response.status_code == 429


@pytest.fixture(scope="module")
def two_limited_servers(database_url, tmp_path_factory):
    with two_served(
        database_url,
        tmp_path_factory,
        {"TALLY_CHECKOUT_RATE_PER_ADDRESS": "4/600", "TALLY_CHECKOUT_RATE_PER_KEY": "1000/3600"},
    ) as base_urls:
        yield base_urls


async def test_two_server_processes_share_the_limit(two_limited_servers, make_merchant):
    merchant = await make_merchant()
    price = await paid_plan(merchant.id, cents=0)  # free: nothing to pay, no provider needed
    statuses, waits = [], []
    async with httpx.AsyncClient(timeout=30) as http:
        for turn in range(8):
            base = two_limited_servers[turn % 2]
            response = await http.post(
                f"{base}/v1/public/payment-init",
                json={
                    "planId": price.plan_id,
                    "priceId": price.id,
                    "customer": {"email": fresh_email()},
                },
                headers=merchant.public_headers,
            )
            statuses.append(response.status_code)
            waits.append(response.headers.get("Retry-After"))
    assert statuses == [201] * 4 + [429] * 4
    assert all(wait and 1 <= int(wait) <= 600 for wait in waits[4:])
    assert (await records(merchant.id))["subscriptions"] == 4
