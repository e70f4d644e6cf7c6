"""The subscription state table, in the services: every allowed and every refused transition,
cancellation's side effects, dunning end actions, and versions made by overrides."""

import asyncio

import pytest

from billing.catalog.models import Feature, Plan, Price
from billing.core.errors import Conflict, Invalid, NotFound
from billing.subscriptions import subscription_lifecycle as lifecycle
from billing.subscriptions import subscription_versions as versions
from billing.subscriptions.dunning import update_dunning_config
from billing.subscriptions.models import (
    ScheduledChange,
    Subscription,
    SubscriptionDetail,
    SubscriptionEvent,
    SubscriptionFeature,
)
from tests.support.factories.catalog import make_plan
from tests.support.factories.subscriptions import subscribe

ACTIONS = ("pause", "resume", "reactivate", "cancel")
# (status before, action) -> status after, or None when refused with 409
TABLE = {
    ("active", "pause"): "paused",
    ("active", "resume"): None,
    ("active", "reactivate"): None,
    ("active", "cancel"): "ended",
    ("paused", "pause"): None,
    ("paused", "resume"): "active",
    ("paused", "reactivate"): None,
    ("paused", "cancel"): "ended",
    ("unpaid", "pause"): None,
    ("unpaid", "resume"): None,
    ("unpaid", "reactivate"): "active",
    ("unpaid", "cancel"): "ended",
}
EVENT = {"pause": "paused", "resume": "resumed", "reactivate": "reactivated", "cancel": "cancelled"}


async def in_status(merchant_id: str, status: str) -> Subscription:
    sub = await subscribe(merchant_id)
    await Subscription.filter(id=sub.id).update(status=status)
    return sub


async def kinds(stable_id: str) -> list[str]:
    rows = await SubscriptionEvent.filter(stable_subscription_id=stable_id).order_by("occurred_at")
    return [row.kind for row in rows]


@pytest.mark.parametrize(("before", "action"), list(TABLE))
async def test_state_table(merchant, before, action):
    sub = await in_status(merchant.id, before)
    after = TABLE[(before, action)]
    if after is None:
        with pytest.raises(Conflict) as refused:
            await getattr(lifecycle, action)(merchant.id, sub.id)
        assert f"this one is {before}" in refused.value.message
        row = await Subscription.get(id=sub.id)
        assert (row.status, row.deleted_at) == (before, None)
        assert await kinds(sub.id) == ["created"]
        return
    await getattr(lifecycle, action)(merchant.id, sub.id)
    row = await Subscription.get(id=sub.id)  # changed in place: no new version
    assert row.status == after
    assert row.version_number == 1
    assert await Subscription.filter(stable_subscription_id=sub.id).count() == 1
    assert await kinds(sub.id) == ["created", EVENT[action]]


@pytest.mark.parametrize("action", ACTIONS)
async def test_nothing_happens_to_an_ended_subscription(merchant, action):
    sub = await subscribe(merchant.id)
    await lifecycle.cancel(merchant.id, sub.id)
    with pytest.raises(Conflict, match="Subscription has ended"):
        await getattr(lifecycle, action)(merchant.id, sub.id)
    with pytest.raises(Conflict, match="Subscription has ended"):
        await lifecycle.enforce_dunning_now(merchant.id, sub.id)
    assert await kinds(sub.id) == ["created", "cancelled"]


@pytest.mark.parametrize("action", ACTIONS)
async def test_unknown_and_foreign_subscriptions_are_not_found(make_merchant, action):
    owner, other = await make_merchant(), await make_merchant()
    sub = await subscribe(owner.id)
    for merchant_id, stable_id in ((other.id, sub.id), (owner.id, "sub_" + "x" * 22)):
        with pytest.raises(NotFound, match="Subscription not found or access denied"):
            await getattr(lifecycle, action)(merchant_id, stable_id)
    assert (await Subscription.get(id=sub.id)).status == "active"


async def test_cancel_expires_everything_and_stops_billing(merchant):
    sub = await subscribe(merchant.id, features=[("SSO", True)])
    plan = await Plan.get(id=sub.plan_id)
    price = await Price.get(id=sub.effective_price_id)
    change = await ScheduledChange.create(
        merchant_id=merchant.id,
        stable_subscription_id=sub.id,
        new_plan_id=plan.id,
        new_price_id=price.id,
        effective_date=sub.current_period_end,
    )
    await lifecycle.cancel(merchant.id, sub.id)
    row = await Subscription.get(id=sub.id)
    assert row.status == "ended"
    assert row.end_timestamp is not None and row.deleted_at == row.end_timestamp
    details = await SubscriptionDetail.filter(subscription_id=sub.id)
    assert details and all(d.deleted_at and d.next_billing_date is None for d in details)
    features = await SubscriptionFeature.filter(subscription_id=sub.id)
    assert features and all(f.deleted_at for f in features)
    assert (await ScheduledChange.get(id=change.id)).status == "cancelled"
    event = await SubscriptionEvent.get(stable_subscription_id=sub.id, kind="cancelled")
    assert (event.status_after, event.mrr_cents) == ("ended", 0)


@pytest.mark.parametrize(
    ("end_action", "before", "after", "event"),
    [
        ("pause", "active", "paused", "paused"),
        ("pause", "unpaid", "paused", "paused"),
        ("unpaid", "active", "unpaid", "unpaid"),
        ("unpaid", "paused", "unpaid", "unpaid"),
        ("cancel", "active", "ended", "cancelled"),
        ("cancel", "paused", "ended", "cancelled"),
        ("pause", "paused", "paused", None),  # already there: nothing recorded
        ("unpaid", "unpaid", "unpaid", None),
    ],
)
async def test_enforce_dunning_applies_the_end_action(merchant, end_action, before, after, event):
    await update_dunning_config(merchant.id, end_action=end_action)
    sub = await in_status(merchant.id, before)
    assert await lifecycle.enforce_dunning_now(merchant.id, sub.id) == after
    row = await Subscription.get(id=sub.id)
    assert row.status == after
    assert (row.deleted_at is not None) == (after == "ended")
    assert await kinds(sub.id) == ["created", *([event] if event else [])]


async def test_default_dunning_action_cancels(merchant):
    sub = await subscribe(merchant.id)
    assert await lifecycle.enforce_dunning_now(merchant.id, sub.id) == "ended"


async def test_concurrent_pauses_pause_once(merchant):
    sub = await subscribe(merchant.id)
    results = await asyncio.gather(
        *(lifecycle.pause(merchant.id, sub.id) for _ in range(4)), return_exceptions=True
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, Conflict) for r in results if isinstance(r, Exception))
    assert await kinds(sub.id) == ["created", "paused"]


async def test_override_features_makes_a_version(merchant):
    sub = await subscribe(merchant.id, features=[("SSO", True), ("Seats", 5)])
    extra = await Feature.create(
        merchant_id=merchant.id, slug="audit", display_name="Audit", feature_type="number"
    )
    extra.default_value = 30
    await extra.save()
    v2 = await versions.override_features(merchant.id, sub.id, feature_ids=[extra.id, extra.id])
    assert (v2.version_number, v2.stable_subscription_id) == (2, sub.id)
    rows = await SubscriptionFeature.scoped(merchant.id).filter(subscription_id=v2.id)
    assert [(r.feature_id, r.feature_value, r.source) for r in rows] == [(extra.id, 30, "override")]
    old = await Subscription.get(id=sub.id)
    assert old.deleted_at is not None
    assert not await SubscriptionFeature.scoped(merchant.id).filter(subscription_id=sub.id)
    assert await kinds(sub.id) == ["created", "feature_override"]


async def test_feature_override_refusals(make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    sub = await subscribe(merchant.id, features=[("SSO", True)])
    foreign = await Feature.create(merchant_id=other.id, slug="x", display_name="X")
    for ids, error in (
        ([], Invalid),
        (None, Invalid),
        ([foreign.id], Invalid),
        (["feat_nope"], Invalid),
        ([5], Invalid),
        ("feat_x", Invalid),
    ):
        with pytest.raises(error):
            await versions.override_features(merchant.id, sub.id, feature_ids=ids)
    assert await Subscription.filter(stable_subscription_id=sub.id).count() == 1


async def test_price_override_rebuilds_details_keeping_history(merchant):
    sub = await subscribe(merchant.id, monthly_cents=2900)
    detail = await SubscriptionDetail.get(subscription_id=sub.id)
    detail.cycles_billed = 3
    detail.previous_billing_date = sub.current_period_start
    await detail.save()
    plan = await make_plan(merchant.id, name="Other", monthly_cents=9900)
    price = await Price.get(plan_id=plan.id)
    v2 = await versions.override_price(merchant.id, sub.id, price_id=price.id)
    assert (v2.version_number, v2.effective_price_id, v2.plan_id) == (2, price.id, sub.plan_id)
    [rebuilt] = await SubscriptionDetail.scoped(merchant.id).filter(subscription_id=v2.id)
    assert rebuilt.component["amount_cents"] == 9900
    assert (rebuilt.cycles_billed, rebuilt.previous_billing_date) == (3, sub.current_period_start)
    assert rebuilt.next_billing_date == detail.next_billing_date  # same rule: same schedule
    assert (await SubscriptionDetail.get(id=detail.id)).deleted_at is not None
    event = await SubscriptionEvent.get(stable_subscription_id=sub.id, kind="price_override")
    assert event.mrr_cents == 9900
    with pytest.raises(Conflict, match="already uses this price"):
        await versions.override_price(merchant.id, sub.id, price_id=price.id)


async def test_overrides_need_an_active_subscription(merchant):
    sub = await in_status(merchant.id, "paused")
    feature = await Feature.create(merchant_id=merchant.id, slug="sso", display_name="SSO")
    with pytest.raises(Conflict, match="Only an active subscription can be changed"):
        await versions.override_features(merchant.id, sub.id, feature_ids=[feature.id])


async def test_concurrent_overrides_make_consecutive_versions(merchant):
    sub = await subscribe(merchant.id, features=[("SSO", True)])
    feature = await Feature.get(merchant_id=merchant.id, slug="sso")
    made = await asyncio.gather(
        *(versions.override_features(merchant.id, sub.id, feature_ids=[feature.id]) for _ in "abc")
    )
    assert sorted(v.version_number for v in made) == [2, 3, 4]
    live = await Subscription.scoped(merchant.id).filter(stable_subscription_id=sub.id)
    assert [v.version_number for v in live] == [4]
