"""/v1/subscriptions lifecycle rows: pause, resume, reactivate, DELETE, enforce-dunning-now.

The whole state table through HTTP (every allowed transition and every refused one), what a
cancelled subscription looks like afterwards, dunning end actions and tenant isolation.
"""

from datetime import UTC, datetime, timedelta

import pytest

from billing.subscriptions.models import Subscription, SubscriptionDetail, SubscriptionEvent
from tests.support.factories.subscriptions import subscribe

NOT_FOUND = {"error": "Subscription not found or access denied"}
ENDED = {"error": "Subscription has ended; an ended subscription cannot be changed"}
# (status before, action) -> status after, or the 409 refusal's start
TABLE = {
    ("active", "pause"): "paused",
    ("active", "resume"): "Only a paused subscription can be resumed (this one is active)",
    ("active", "reactivate"): "Only an unpaid subscription can be reactivated (this one is active)",
    ("paused", "pause"): "Only an active subscription can be paused (this one is paused)",
    ("paused", "resume"): "active",
    ("paused", "reactivate"): "Only an unpaid subscription can be reactivated (this one is paused)",
    ("unpaid", "pause"): "Only an active subscription can be paused (this one is unpaid)",
    ("unpaid", "resume"): "Only a paused subscription can be resumed (this one is unpaid)",
    ("unpaid", "reactivate"): "active",
    ("trialing", "pause"): "paused",
    ("trialing", "resume"): "Only a paused subscription can be resumed (this one is trialing)",
    ("past_due", "pause"): "paused",
    ("past_due", "resume"): "Only a paused subscription can be resumed (this one is past_due)",
    ("incomplete", "pause"): "Only an active subscription can be paused (this one is incomplete)",
}


async def act(client, merchant, stable_id: str, action: str):
    if action == "cancel":
        response = await client.delete(f"/v1/subscriptions/{stable_id}", headers=merchant.headers)
    else:
        response = await client.post(
            f"/v1/subscriptions/{stable_id}/{action}", headers=merchant.headers
        )
    return response.status_code, await response.get_json()


async def get(client, merchant, stable_id: str):
    response = await client.get(f"/v1/subscriptions/{stable_id}", headers=merchant.headers)
    return response.status_code, await response.get_json()


async def set_status(stable_id: str, status: str) -> None:
    await Subscription.filter(stable_subscription_id=stable_id, deleted_at=None).update(
        status=status
    )


@pytest.mark.parametrize(("before", "action"), list(TABLE))
async def test_state_table(client, merchant, before, action):
    sub = await subscribe(merchant.id)
    await set_status(sub.id, before)
    expected = TABLE[(before, action)]
    status, body = await act(client, merchant, sub.id, action)
    if expected in ("active", "paused"):
        assert (status, body) == (200, {"success": True, "status": expected})
        assert (await get(client, merchant, sub.id))[1]["status"] == expected
        assert (await get(client, merchant, sub.id))[1]["versionNumber"] == 1
    else:
        assert (status, body) == (409, {"error": expected})
        assert (await get(client, merchant, sub.id))[1]["status"] == before


async def test_pause_resume_round_trip_and_mrr(client, merchant):
    sub = await subscribe(merchant.id, monthly_cents=4000)

    async def mrr() -> int:
        response = await client.get("/v1/subscriptions/mrr", headers=merchant.headers)
        return (await response.get_json())["mrr"]["amount_cents"]

    assert await mrr() == 4000
    assert await act(client, merchant, sub.id, "pause") == (
        200,
        {"success": True, "status": "paused"},
    )
    assert await mrr() == 0
    assert await act(client, merchant, sub.id, "resume") == (
        200,
        {"success": True, "status": "active"},
    )
    assert await mrr() == 4000
    events = await SubscriptionEvent.filter(stable_subscription_id=sub.id).order_by("occurred_at")
    assert [(e.kind, e.status_after, e.mrr_cents) for e in events] == [
        ("created", "active", 4000),
        ("paused", "paused", 0),
        ("resumed", "active", 4000),
    ]


@pytest.mark.parametrize(
    ("status", "counted"),
    [("trialing", True), ("past_due", True), ("paused", False), ("unpaid", False)],
)
async def test_mrr_follows_the_statuses(client, merchant, status, counted):
    """statuses.CURRENT counts in MRR; ``GET /v1/subscriptions?status=`` finds each one alone."""
    sub = await subscribe(merchant.id, monthly_cents=4000)
    await set_status(sub.id, status)
    response = await client.get("/v1/subscriptions/mrr", headers=merchant.headers)
    assert (await response.get_json())["mrr"]["amount_cents"] == (4000 if counted else 0)
    other = await subscribe(merchant.id, monthly_cents=1000)  # active: never in another tab
    response = await client.get(f"/v1/subscriptions?status={status}", headers=merchant.headers)
    listed = (await response.get_json())["subscriptions"]
    assert [row["stableSubscriptionId"] for row in listed] == [sub.id]
    response = await client.get("/v1/subscriptions?status=active", headers=merchant.headers)
    listed = (await response.get_json())["subscriptions"]
    assert [row["stableSubscriptionId"] for row in listed] == [other.id]
    response = await client.get("/v1/subscriptions", headers=merchant.headers)
    assert len((await response.get_json())["subscriptions"]) == 2


async def test_an_unknown_status_filter_is_400(client, merchant):
    await subscribe(merchant.id)
    response = await client.get("/v1/subscriptions?status=overdue", headers=merchant.headers)
    assert response.status_code == 400
    assert await response.get_json() == {
        "error": "Invalid input: status must be one of incomplete, trialing, active, past_due, "
        "paused, unpaid, ended"
    }


async def test_a_trial_paused_and_resumed_is_trialing_again(client, merchant):
    """The trial's end does not move while it is paused; resumed before it, it is a trial."""
    sub = await subscribe(merchant.id)
    trial_end = datetime.now(UTC) + timedelta(days=10)
    await Subscription.filter(id=sub.id).update(status="trialing", trial_end_date=trial_end)
    assert await act(client, merchant, sub.id, "pause") == (
        200,
        {"success": True, "status": "paused"},
    )
    assert await act(client, merchant, sub.id, "resume") == (
        200,
        {"success": True, "status": "trialing"},
    )
    _, read = await get(client, merchant, sub.id)
    assert (read["status"], read["trialEndDate"][:19]) == ("trialing", trial_end.isoformat()[:19])

    # Resumed after its trial's end: it is active (the billing run bills the paid period).
    await act(client, merchant, sub.id, "pause")
    await Subscription.filter(id=sub.id).update(trial_end_date=datetime.now(UTC) - timedelta(1))
    assert await act(client, merchant, sub.id, "resume") == (
        200,
        {"success": True, "status": "active"},
    )


@pytest.mark.parametrize("before", ["active", "paused", "unpaid"])
async def test_cancel_from_every_live_state(client, merchant, before):
    sub = await subscribe(merchant.id)
    await set_status(sub.id, before)
    assert await act(client, merchant, sub.id, "cancel") == (
        200,
        {"success": True, "message": "Subscription cancelled"},
    )
    row = await Subscription.get(id=sub.id)
    assert row.status == "ended" and row.end_timestamp and row.deleted_at
    assert not await SubscriptionDetail.filter(subscription_id=sub.id, deleted_at=None)
    # soft-deleted: GET answers 404, the lists leave it out, the details are gone
    assert await get(client, merchant, sub.id) == (404, NOT_FOUND)
    response = await client.get("/v1/subscriptions", headers=merchant.headers)
    assert sub.id not in {
        s["stableSubscriptionId"] for s in (await response.get_json())["subscriptions"]
    }
    response = await client.get(f"/v1/subscriptions/{sub.id}/details", headers=merchant.headers)
    assert response.status_code == 404


@pytest.mark.parametrize(
    "action", ["pause", "resume", "reactivate", "cancel", "enforce-dunning-now"]
)
async def test_an_ended_subscription_accepts_nothing(client, merchant, action):
    sub = await subscribe(merchant.id)
    await act(client, merchant, sub.id, "cancel")
    assert await act(client, merchant, sub.id, action) == (409, ENDED)
    assert await SubscriptionEvent.filter(stable_subscription_id=sub.id).count() == 2


@pytest.mark.parametrize(
    ("end_action", "after"), [("pause", "paused"), ("unpaid", "unpaid"), ("cancel", None)]
)
async def test_enforce_dunning_now(client, merchant, end_action, after):
    response = await client.post(
        "/v1/merchants/dunning-config", json={"endAction": end_action}, headers=merchant.headers
    )
    assert response.status_code == 200
    sub = await subscribe(merchant.id)
    status, body = await act(client, merchant, sub.id, "enforce-dunning-now")
    assert (status, body) == (200, {"success": True, "status": after or "ended"})
    if after is None:
        assert await get(client, merchant, sub.id) == (404, NOT_FOUND)
    else:
        assert (await get(client, merchant, sub.id))[1]["status"] == after
    if end_action == "unpaid":  # and the way out of unpaid
        assert await act(client, merchant, sub.id, "reactivate") == (
            200,
            {"success": True, "status": "active"},
        )


@pytest.mark.parametrize(
    "action", ["pause", "resume", "reactivate", "cancel", "enforce-dunning-now"]
)
async def test_unknown_and_foreign_ids_are_404(client, make_merchant, action):
    owner, other = await make_merchant(), await make_merchant()
    sub = await subscribe(owner.id)
    await set_status(sub.id, {"resume": "paused", "reactivate": "unpaid"}.get(action, "active"))
    for stable_id in (sub.id, "sub_" + "z" * 22, "nope", "x" * 300):
        assert await act(client, other, stable_id, action) == (404, NOT_FOUND)
    row = await Subscription.get(id=sub.id)
    assert row.deleted_at is None
    assert await SubscriptionEvent.filter(stable_subscription_id=sub.id).count() == 1


async def test_actions_need_the_secret_key(client, merchant):
    sub = await subscribe(merchant.id)
    response = await client.post(f"/v1/subscriptions/{sub.id}/pause")
    assert response.status_code == 401
    response = await client.delete(f"/v1/subscriptions/{sub.id}", headers=merchant.public_headers)
    assert response.status_code in (401, 403)
    assert (await Subscription.get(id=sub.id)).status == "active"
