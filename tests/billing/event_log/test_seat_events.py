"""seat.added|removed: written by POST /v1/seats/add and /remove, once each (a replayed key
writes nothing), at the request's clock (a removal when it is asked for, not when its paid
period ends), with the seat change as the object; a refused removal writes none."""

from datetime import UTC, datetime

from billing.customers.models import Customer
from billing.due_work import run_due
from billing.event_log.models import Event
from billing.seats.models import SeatChange
from tests.support.api.seats import post
from tests.support.factories.seats import FEB_1, new_user, seat_team

JAN_16 = datetime(2030, 1, 16, tzinfo=UTC)
JAN_20 = datetime(2030, 1, 20, tzinfo=UTC)


async def events(merchant_id: str, type_: str) -> list[Event]:
    return await Event.filter(merchant_id=merchant_id, type=type_).order_by("created_at", "id")


def stamp(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


async def test_adding_a_seat_writes_seat_added_and_the_members_customer_created(client, merchant):
    team = await seat_team(merchant.id)
    user = new_user("Grace")
    body = {"user_id": team.user_id, **user, "idempotency_key": "add-1", "timestamp": stamp(JAN_16)}
    status, _ = await post(client, merchant, "add", body)
    assert status == 200
    assert (await post(client, merchant, "add", body))[0] == 200  # the same key: a replay

    change = await SeatChange.get(merchant_id=merchant.id, idempotency_key="add-1")
    member = await Customer.get(
        merchant_id=merchant.id, external_customer_id=user["created_user_id"]
    )
    [event] = await events(merchant.id, "seat.added")
    assert (event.object_id, event.created_at) == (change.id, JAN_16)
    assert event.data == {
        "id": change.id,
        "kind": "add",
        "status": change.status,
        "customerId": member.id,
        "organizationId": member.organization_id,
        "userId": user["created_user_id"],
        "subscriptionId": team.subscription.stable_subscription_id,
        "changedAt": "2030-01-16T00:00:00Z",
        "effectiveAt": "2030-01-16T00:00:00Z",
        "invoiceId": change.invoice_id,
    }
    assert change.invoice_id is not None  # the rest of January, billed at once
    created = {e.object_id for e in await events(merchant.id, "customer.created")}
    assert member.id in created


async def test_removing_a_seat_is_told_when_asked_not_when_its_paid_period_ends(client, merchant):
    team = await seat_team(merchant.id)
    user = new_user()
    add = {"user_id": team.user_id, **user, "timestamp": stamp(JAN_16)}
    assert (await post(client, merchant, "add", add))[0] == 200
    removal = {
        "user_id": team.user_id,
        "removed_user_id": user["created_user_id"],
        "idempotency_key": "remove-1",
        "timestamp": stamp(JAN_20),
    }
    assert (await post(client, merchant, "remove", removal))[0] == 200

    change = await SeatChange.get(merchant_id=merchant.id, idempotency_key="remove-1")
    [event] = await events(merchant.id, "seat.removed")
    assert (event.object_id, event.created_at) == (change.id, JAN_20)
    assert (event.data["kind"], event.data["status"]) == ("remove", "pending")
    assert event.data["effectiveAt"] == "2030-02-01T00:00:00Z"  # paid until the period ends

    await run_due(FEB_1, merchant_id=merchant.id)  # the removal applies: nothing more is told
    assert (await SeatChange.get(id=change.id)).status == "applied"
    assert len(await events(merchant.id, "seat.removed")) == 1


async def test_a_refused_removal_writes_no_event(client, merchant):
    team = await seat_team(merchant.id)
    add = {"user_id": team.user_id, **new_user(), "timestamp": stamp(JAN_16)}
    assert (await post(client, merchant, "add", add))[0] == 200  # the organization exists now
    primary = {"user_id": team.user_id, "removed_user_id": team.user_id}
    status, _ = await post(client, merchant, "remove", primary)
    assert status == 409  # the primary customer's seat cannot be removed
    assert await events(merchant.id, "seat.removed") == []
