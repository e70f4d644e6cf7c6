"""POST /v1/seats/add and /remove: what a merchant sees after each (the answer, the members,
the invoice, the seat usage), idempotency keys, and the removal's effect at the period end."""

import asyncio
from datetime import UTC, datetime

from billing.customers.models import Customer, Organization
from billing.customers.organizations import create_organization
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.seats import removals
from billing.seats.models import SeatChange
from billing.subscriptions.models import CreditGrant
from tests.support.api.seats import post, seat_invoices, usage
from tests.support.factories.seats import FEB_1, new_user, seat_team

JAN_16 = "2030-01-16T00:00:00Z"
JAN_20 = "2030-01-20T00:00:00Z"


async def test_adding_a_seat_creates_member_and_organization_and_bills_the_rest_of_the_period(
    client, merchant
):
    team = await seat_team(merchant.id)
    user = new_user("Grace")
    body = {"user_id": team.user_id, **user, "idempotency_key": "add-grace", "timestamp": JAN_16}
    status, answer = await post(client, merchant, "add", body)
    assert status == 200
    assert answer == {
        "message": "Seat added successfully",
        "created_user_id": user["created_user_id"],
        "subscription_id": team.subscription.stable_subscription_id,
        "idempotency_key": "add-grace",
    }
    member = await Customer.get(external_customer_id=user["created_user_id"])
    assert (member.email, member.name) == (user["created_user_info"]["email"], "Grace")
    subscriber = await Customer.get(id=team.subscriber.id)
    organization = await Organization.get(id=subscriber.organization_id)
    assert (organization.name, subscriber.org_role) == ("Initech", "primary")
    assert (member.organization_id, member.org_role) == (organization.id, "member")
    # January: 31 days; 16 left: 1000 x 16/31 = 516.13 -> 516, on an invoice issued at once
    [invoice] = await seat_invoices(client, merchant, team.subscriber.id)
    assert (invoice["issueDate"], invoice["status"], invoice["totalAmountCents"]) == (
        "2030-01-16T00:00:00Z",
        "unpaid",
        516,
    )
    [line] = invoice["lineItems"]
    assert (line["quantity"], line["unitAmountCents"], line["billingPeriodEnd"]) == (
        1.0,
        1000,
        "2030-02-01T00:00:00Z",
    )
    assert "Grace" in line["description"]
    seats = (await usage(client, merchant, member.id))["seatUsages"]
    assert [(s["currentUsage"], s["pendingRemovals"]) for s in seats] == [(2, 0)]


async def test_a_seat_by_organization_id_for_an_existing_customer_creates_nobody(client, merchant):
    team = await seat_team(merchant.id)
    await create_organization(
        merchant.id, name="Initech", primary_customer_id=team.subscriber.id, external_id="org-7"
    )
    existing = await Customer.create(
        merchant_id=merchant.id,
        email="lin@example.com",
        email_normalized="lin@example.com",
        external_customer_id="lin-1",
    )
    before = await Customer.filter(merchant_id=merchant.id).count()
    body = {"organization_id": "org-7", "created_user_id": "lin-1", "timestamp": JAN_16}
    status, answer = await post(client, merchant, "add", body)
    assert status == 200 and answer["created_user_id"] == "lin-1"
    assert answer["idempotency_key"].startswith("seatkey_")  # made for the caller to retry
    assert await Customer.filter(merchant_id=merchant.id).count() == before
    assert (await Customer.get(id=existing.id)).org_role == "member"


async def test_removing_a_seat_ends_access_now_and_the_count_at_the_next_period(client, merchant):
    team = await seat_team(merchant.id)
    user = new_user()
    await post(client, merchant, "add", {"user_id": team.user_id, **user, "timestamp": JAN_16})
    member = await Customer.get(external_customer_id=user["created_user_id"])
    body = {"user_id": team.user_id, "removed_user_id": user["created_user_id"]}
    status, answer = await post(client, merchant, "remove", {**body, "timestamp": JAN_20})
    assert (status, answer) == (
        200,
        {
            "message": "Seat removed successfully",
            "removed_user_id": user["created_user_id"],
            "subscription_id": team.subscription.stable_subscription_id,
        },
    )
    member = await Customer.get(id=member.id)
    assert (member.organization_id, member.org_role) == (None, None)  # entitlements end now
    assert not await CreditGrant.filter(customer_id=member.id, status="active").exists()
    seat_aware = await client.get(
        f"/v1/entitlements/{team.subscriber.id}/seat-aware", headers=merchant.headers
    )
    holders = {e["customerId"] for e in (await seat_aware.get_json())["entitlements"]}
    assert member.id not in holders
    # paid until February 1, no refund: still counted, pending removal
    seats = (await usage(client, merchant, team.subscriber.id))["seatUsages"]
    assert [(s["currentUsage"], s["pendingRemovals"]) for s in seats] == [(2, 1)]
    assert len(await seat_invoices(client, merchant, team.subscriber.id)) == 1  # the add only

    await removals.apply_due(FEB_1, merchant_id=merchant.id)
    await bill_due(FEB_1, merchant.id)
    seats = (await usage(client, merchant, team.subscriber.id))["seatUsages"]
    assert [(s["currentUsage"], s["pendingRemovals"]) for s in seats] == [(1, 0)]
    february = await Invoice.get(
        stable_subscription_id=team.subscription.stable_subscription_id, issue_date=FEB_1
    )
    assert february.total_cents == 1000  # one seat from the next period


async def test_a_repeated_key_answers_the_first_result_and_changes_nothing(client, merchant):
    team = await seat_team(merchant.id)
    user = new_user()
    body = {"user_id": team.user_id, **user, "idempotency_key": "k-1", "timestamp": JAN_16}
    first = await post(client, merchant, "add", body)
    again = await post(client, merchant, "add", {**body, "timestamp": JAN_20})
    assert again == first
    assert len(await seat_invoices(client, merchant, team.subscriber.id)) == 1
    removal = {"user_id": team.user_id, "removed_user_id": user["created_user_id"]}
    removed = await post(client, merchant, "remove", {**removal, "idempotency_key": "k-2"})
    assert await post(client, merchant, "remove", {**removal, "idempotency_key": "k-2"}) == removed
    assert await SeatChange.filter(merchant_id=merchant.id).count() == 2
    # the key of one change sent for another: 409, nothing changes
    other = {"user_id": team.user_id, **new_user(), "idempotency_key": "k-1"}
    assert (await post(client, merchant, "add", other))[0] == 409
    assert await SeatChange.filter(merchant_id=merchant.id).count() == 2


async def test_two_concurrent_adds_with_one_key_bill_once(app, merchant):
    team = await seat_team(merchant.id)
    body = {"user_id": team.user_id, **new_user(), "idempotency_key": "same", "timestamp": JAN_16}
    clients = [app.test_client(), app.test_client()]
    answers = await asyncio.gather(*(post(c, merchant, "add", body) for c in clients))
    assert answers[0] == answers[1] and answers[0][0] == 200
    invoices = await Invoice.filter(merchant_id=merchant.id, billing_reason="seats")
    assert [i.total_cents for i in invoices] == [516]
    assert await SeatChange.filter(merchant_id=merchant.id).count() == 1


async def test_a_seat_before_the_first_bill_costs_nothing_now_and_is_billed_with_the_period(
    client, merchant
):
    team = await seat_team(merchant.id, bill=False)
    body = {"user_id": team.user_id, **new_user(), "timestamp": "2029-12-20T00:00:00Z"}
    assert (await post(client, merchant, "add", body))[0] == 200
    assert await seat_invoices(client, merchant, team.subscriber.id) == []
    await bill_due(datetime(2030, 1, 1, tzinfo=UTC), merchant.id)
    first = await Invoice.get(stable_subscription_id=team.subscription.stable_subscription_id)
    assert first.total_cents == 2000  # two seats in advance
