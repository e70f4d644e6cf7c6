"""Prompt charging: an invoice issued outside a due pass is charged within seconds.

The served ``tally serve`` runs its due-work loop with an interval of an hour, so after its
first pass (at start) only the NOTIFY sent on commit by the transaction that issues an invoice
can make it pass again while the test runs. A customer with a saved card at localstripe gets
an immediately billed subscription, then a seat added to it: each invoice is ``paid`` a few
seconds later, read through the API with a bounded wait (``eventually``).
"""

import secrets

import pytest

from tests.conftest import unique_email
from tests.support.factories.card_payments import GOOD_CARD
from tests.support.processes.served_payments import (
    eventually,
    own_database,
    running_stack,
    saved_card,
)

HOUR = "3600"


@pytest.fixture(scope="module")
async def stack(tmp_path_factory):
    async with own_database() as url:
        with running_stack(url, tmp_path_factory.mktemp("prompt"), due_work=HOUR) as running:
            yield running


async def customer_with_card(stack, shop) -> dict:
    """A customer with an external id and a good card saved at localstripe and in Tally."""
    customer = (
        await shop.call(
            "POST",
            "/v1/customers",
            {
                "email": unique_email("org"),
                "name": "Initech",
                "externalCustomerId": f"user-{secrets.token_hex(6)}",
            },
        )
    )["customer"]
    await saved_card(stack, shop, customer["id"], GOOD_CARD)
    return customer


async def subscribe_now(shop, customer: dict, plan: dict) -> dict:
    body = {
        "customerId": customer["id"],
        "planId": plan["id"],
        "effectivePriceId": plan["prices"][0]["id"],
        "triggerImmediateBilling": True,
    }
    return (await shop.call("POST", "/v1/subscriptions", body))["subscription"]


async def invoices_of(shop, customer: dict, reason: str) -> list[dict]:
    listed = await shop.call("GET", f"/v1/invoices/customer/{customer['id']}")
    return [i for i in listed["invoices"] if i["billingReason"] == reason]


async def paid_soon(shop, customer: dict, reason: str) -> dict:
    """The customer's one invoice of ``reason``, once it is paid (a few seconds at most)."""
    [invoice] = await eventually(
        lambda: invoices_of(shop, customer, reason),
        lambda found: len(found) == 1 and found[0]["status"] == "paid",
        seconds=10,
    )
    return invoice


async def test_an_immediately_billed_subscription_is_paid_within_seconds(stack, shop):
    customer = await customer_with_card(stack, shop)
    [plan] = (await shop.call("POST", "/v1/plans", {"planName": "Pro", "monthlyPrice": 4900}))[
        "plans"
    ]
    subscription = await subscribe_now(shop, customer, plan)
    invoice = await paid_soon(shop, customer, "subscription_cycle")
    assert invoice["totalAmountCents"] == 4900
    assert invoice["payment"]["status"] == "succeeded"
    assert invoice["paidDate"]
    assert subscription["status"] == "active"


async def test_a_seat_added_is_paid_within_seconds(stack, shop):
    customer = await customer_with_card(stack, shop)
    [plan] = (
        await shop.call(
            "POST",
            "/v1/plans",
            {
                "planName": "Team",
                "monthlyPrice": 1000,
                "isSeatBased": True,
                "billImmediately": True,
            },
        )
    )["plans"]
    await subscribe_now(shop, customer, plan)
    first = await paid_soon(shop, customer, "subscription_cycle")
    assert first["totalAmountCents"] == 1000  # one seat, the subscriber's

    added = await shop.call(
        "POST",
        "/v1/seats/add",
        {
            "user_id": customer["externalCustomerId"],
            "created_user_id": f"member-{secrets.token_hex(6)}",
            "created_user_info": {"name": "Grace", "email": unique_email("grace")},
        },
    )
    assert added["message"] == "Seat added successfully"
    seat = await paid_soon(shop, customer, "seats")
    # The rest of a period that began seconds ago: (almost) the whole seat price.
    assert 990 <= seat["totalAmountCents"] <= 1000
    assert seat["payment"]["status"] == "succeeded"
