"""A seat added while a removed seat is still paid takes its paid slot: no charge, the pending
removal is cancelled (``reused``), and the next period, run by the due-work pass, bills the
seats in use. One removal frees one slot only."""

from billing.catalog.models import Plan
from billing.due_work import run_due
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.seats.models import SeatChange
from tests.support.api.seats import post, seat_invoices, usage
from tests.support.factories.seats import FEB_1, JAN_1, new_user, seat_team


def seat_counts(answer: dict) -> list[tuple[int, int]]:
    return [(s["currentUsage"], s["pendingRemovals"]) for s in answer["seatUsages"]]


async def test_a_seat_added_after_a_removal_reuses_the_paid_slot_across_the_period(
    client, merchant
):
    team = await seat_team(merchant.id)
    grace = new_user("Grace")
    added = {"user_id": team.user_id, **grace, "timestamp": "2030-01-10T00:00:00Z"}
    assert (await post(client, merchant, "add", added))[0] == 200
    removal = {"user_id": team.user_id, "removed_user_id": grace["created_user_id"]}
    removed = {**removal, "timestamp": "2030-01-16T00:00:00Z"}
    assert (await post(client, merchant, "remove", removed))[0] == 200
    assert seat_counts(await usage(client, merchant, team.subscriber.id)) == [(2, 1)]
    # January has 31 days, 22 left on the 10th: 1000 x 22/31 = 709.68 -> 710
    [grace_invoice] = await seat_invoices(client, merchant, team.subscriber.id)
    assert grace_invoice["totalAmountCents"] == 710

    # Alan takes Grace's paid slot: nothing billed, the removal will not happen
    alan = {"user_id": team.user_id, **new_user("Alan"), "timestamp": "2030-01-20T00:00:00Z"}
    assert (await post(client, merchant, "add", alan))[0] == 200
    assert len(await seat_invoices(client, merchant, team.subscriber.id)) == 1
    assert seat_counts(await usage(client, merchant, team.subscriber.id)) == [(2, 0)]
    statuses = await SeatChange.filter(merchant_id=merchant.id, kind="remove").values_list(
        "status", flat=True
    )
    assert statuses == ["reused"]

    # no slot left: Linus is billed, 1000 x 10/31 = 322.58 -> 323
    linus = {"user_id": team.user_id, **new_user("Linus"), "timestamp": "2030-01-22T00:00:00Z"}
    assert (await post(client, merchant, "add", linus))[0] == 200
    totals = [
        i["totalAmountCents"] for i in await seat_invoices(client, merchant, team.subscriber.id)
    ]
    assert sorted(totals) == [323, 710]

    await run_due(FEB_1, merchant_id=merchant.id)
    assert seat_counts(await usage(client, merchant, team.subscriber.id)) == [(3, 0)]
    february = await Invoice.get(
        stable_subscription_id=team.subscription.stable_subscription_id, issue_date=FEB_1
    )
    assert february.total_cents == 3000  # the subscriber, Alan and Linus
    reused = await SeatChange.get(merchant_id=merchant.id, kind="remove")
    assert reused.status == "reused"  # the pass did not apply it


async def test_a_seat_added_before_the_removal_or_after_its_period_is_billed(client, merchant):
    team = await seat_team(merchant.id)
    grace = new_user("Grace")
    added = {"user_id": team.user_id, **grace, "timestamp": "2030-01-10T00:00:00Z"}
    assert (await post(client, merchant, "add", added))[0] == 200
    removal = {"user_id": team.user_id, "removed_user_id": grace["created_user_id"]}
    removed = {**removal, "timestamp": "2030-01-16T00:00:00Z"}
    assert (await post(client, merchant, "remove", removed))[0] == 200
    # backdated before the removal: the slot was not free yet, so it is billed (1000 x 19/31)
    early = {"user_id": team.user_id, **new_user("Ada"), "timestamp": "2030-01-13T00:00:00Z"}
    assert (await post(client, merchant, "add", early))[0] == 200
    totals = [
        i["totalAmountCents"] for i in await seat_invoices(client, merchant, team.subscriber.id)
    ]
    assert sorted(totals) == [613, 710]
    assert seat_counts(await usage(client, merchant, team.subscriber.id)) == [(3, 1)]

    await run_due(FEB_1, merchant_id=merchant.id)  # the removal is applied at the period's end
    late = {"user_id": team.user_id, **new_user("Alan"), "timestamp": "2030-02-10T00:00:00Z"}
    assert (await post(client, merchant, "add", late))[0] == 200
    statuses = await SeatChange.filter(merchant_id=merchant.id, kind="remove").values_list(
        "status", flat=True
    )
    assert statuses == ["applied"]
    assert len(await seat_invoices(client, merchant, team.subscriber.id)) == 3


async def test_seats_up_to_the_plan_minimum_are_paid_already(client, merchant):
    team = await seat_team(merchant.id, bill=False)
    await Plan.filter(id=team.subscription.plan_id).update(min_seats=3)
    await bill_due(JAN_1, merchant.id)  # January bills the minimum: 3 seats x 10.00
    january = await Invoice.get(stable_subscription_id=team.subscription.stable_subscription_id)
    assert january.total_cents == 3000

    for name, day in (("Grace", "10"), ("Alan", "12")):  # seats 2 and 3: within the minimum
        body = {"user_id": team.user_id, **new_user(name), "timestamp": f"2030-01-{day}T00:00:00Z"}
        assert (await post(client, merchant, "add", body))[0] == 200
    assert await seat_invoices(client, merchant, team.subscriber.id) == []

    # the fourth seat is beyond what January paid for: 1000 x 10/31 = 322.58 -> 323
    linus = {"user_id": team.user_id, **new_user("Linus"), "timestamp": "2030-01-22T00:00:00Z"}
    assert (await post(client, merchant, "add", linus))[0] == 200
    [linus_invoice] = await seat_invoices(client, merchant, team.subscriber.id)
    assert linus_invoice["totalAmountCents"] == 323
