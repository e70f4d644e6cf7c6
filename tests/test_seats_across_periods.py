"""Seats added and removed across period boundaries, with ``tally run-due --now`` as the clock:
the seat invoices and the period invoices against amounts worked out by hand.

Runs against a database of its own (due work in 2030 would bill every other test's
subscriptions too): set up and changed through the API of a real ``tally serve``, billed by
the real command, read back through the API.
"""

import asyncio
import json
import uuid

import httpx

from tests.conftest import serve_on_free_port, stop_process
from tests.support.billing_year import first_price_id, tally

# (what happens, then the seat invoice's total or the period invoice's total), by hand:
# 10.00 a seat a month, billed in advance; a seat added pays the rest of its month to the
# second (January: 31 days, February: 28), half-even; a removed seat is paid to the month's
# end and not refunded, and is not billed from the next month.
JANUARY = 1000  # Jan 1: the subscriber's seat
GRACE_JAN_16 = 516  # 1000 x 16/31 = 516.13
LIN_JAN_16 = 516
FEBRUARY = 2000  # Feb 1: three seats less Grace, removed Jan 20
ADA_FEB_15 = 500  # 1000 x 14/28
MARCH = 3000  # Mar 1: subscriber, Lin, Ada


def _seat_plan(api: httpx.Client) -> tuple[str, str]:
    body = {"planName": "Team", "monthlyPrice": 1000, "isSeatBased": True, "billImmediately": True}
    plan = api.post("/v1/plans", json=body)
    assert plan.status_code == 201, plan.text
    plan_id = plan.json()["plans"][0]["id"]
    return plan_id, first_price_id(api.get(f"/v1/prices?planId={plan_id}").json())


def _add(api: httpx.Client, user: str, at: str) -> None:
    body = {
        "user_id": "acct-1",
        "created_user_id": user,
        "created_user_info": {"name": user.title(), "email": f"{user}@example.com"},
        "timestamp": at,
    }
    response = api.post("/v1/seats/add", json=body)
    assert response.status_code == 200, response.text


def _seats(api: httpx.Client, customer_id: str) -> tuple[int, int]:
    [usage] = api.get(f"/v1/seats/usage/{customer_id}").json()["seatUsages"]
    return usage["currentUsage"], usage["pendingRemovals"]


def _totals(api: httpx.Client, customer_id: str) -> list[tuple[str, str, int]]:
    invoices = api.get(f"/v1/invoices/customer/{customer_id}").json()["invoices"]
    rows = [(i["issueDate"], i["billingReason"], i["totalAmountCents"]) for i in invoices]
    return sorted(rows)


def run_the_quarter(url: str, data_dir) -> None:
    tally(url, data_dir, "migrate")
    made = json.loads(
        tally(url, data_dir, "create-merchant", "--name", "Seats Co", "--email",
              f"{uuid.uuid4().hex}@example.com", "--password", "correct-horse-42", "--json")
    )  # fmt: skip
    server, base_url = serve_on_free_port(url, data_dir / "serve")
    headers = {"Authorization": f"Bearer {made['secretKey']}"}
    try:
        with httpx.Client(base_url=base_url, headers=headers, timeout=30) as api:
            plan_id, price_id = _seat_plan(api)
            owner = {
                "email": "owner@example.com",
                "name": "Initech",
                "externalCustomerId": "acct-1",
            }
            customer = api.post("/v1/customers", json=owner).json()["customer"]
            created = api.post(
                "/v1/subscriptions",
                json={"customerId": customer["id"], "planId": plan_id,
                      "effectivePriceId": price_id, "startTimestamp": "2030-01-01T00:00:00Z"},
            )  # fmt: skip
            assert created.status_code == 201, created.text
            assert "billing: 1 " in tally(url, data_dir, "run-due", "--now", "2030-01-01T00:00:00Z")
            _add(api, "grace", "2030-01-16T00:00:00Z")
            _add(api, "lin", "2030-01-16T00:00:00Z")
            removal = {"user_id": "acct-1", "removed_user_id": "grace",
                       "timestamp": "2030-01-20T00:00:00Z"}  # fmt: skip
            assert api.post("/v1/seats/remove", json=removal).status_code == 200
            assert _seats(api, customer["id"]) == (3, 1)  # Grace paid until February 1

            passed = tally(url, data_dir, "run-due", "--now", "2030-02-01T00:00:00Z")
            assert "seat removals: 1 applied" in passed, passed
            assert _seats(api, customer["id"]) == (2, 0)
            _add(api, "ada", "2030-02-15T00:00:00Z")
            tally(url, data_dir, "run-due", "--now", "2030-03-01T00:00:00Z")
            assert _seats(api, customer["id"]) == (3, 0)
            assert _totals(api, customer["id"]) == [
                ("2030-01-01T00:00:00Z", "subscription_cycle", JANUARY),
                ("2030-01-16T00:00:00Z", "seats", GRACE_JAN_16),
                ("2030-01-16T00:00:00Z", "seats", LIN_JAN_16),
                ("2030-02-01T00:00:00Z", "subscription_cycle", FEBRUARY),
                ("2030-02-15T00:00:00Z", "seats", ADA_FEB_15),
                ("2030-03-01T00:00:00Z", "subscription_cycle", MARCH),
            ]
    finally:
        stop_process(server)


async def test_seats_across_period_boundaries(own_database_url, tmp_path):
    await asyncio.to_thread(run_the_quarter, own_database_url, tmp_path)
