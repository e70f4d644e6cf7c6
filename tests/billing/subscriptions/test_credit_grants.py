"""Credit grants: made on subscribe, renewed by run_due, carried over or replaced by new
versions, cancelled with the subscription, and read by ``active_grants``.

``tests.support.factories.subscriptions.subscribe`` makes its plan and subscribes in one call,
so a plan with allowances (set on its link rows, which ``make_plan`` has no parameter for) is
subscribed here through the real ``create_subscription``. The database is shared by the tests of
a worker, so each ``run_due`` at a far ``now`` is the test merchant's own pass
(``merchant_id=``) and assertions look at this test's rows only.
"""

import asyncio
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from billing.catalog.models import Feature, Plan, Price
from billing.core.models import utcnow
from billing.due_work import run_due
from billing.subscriptions import credit_grant_renewal, credit_grants
from billing.subscriptions.credit_grants import active_grants, credits_remaining
from billing.subscriptions.models import CreditGrant, Subscription
from billing.subscriptions.subscription_lifecycle import cancel
from billing.subscriptions.subscription_versions import (
    new_version,
    override_features,
    override_price,
)
from billing.subscriptions.subscriptions import create_subscription
from tests.support.billing.subscriptions.credit_grants import API, SSO, STORAGE, allow, feature
from tests.support.factories.catalog import make_plan
from tests.support.factories.catalog import new_version as new_plan_version
from tests.support.factories.subscriptions import make_customer, subscribe


async def allowance_plan(merchant_id: str, *, yearly: bool = False, **kwargs) -> Plan:
    """API calls 1000 a month, Storage 10 a month, SSO without allowance."""
    plan = await make_plan(
        merchant_id,
        name="Usage",
        monthly_cents=None if yearly else 2900,
        yearly_cents=29000 if yearly else None,
        features=[(API, 1000), (STORAGE, 10), (SSO, True)],
        **kwargs,
    )
    await allow(plan, API, 1000)
    await allow(plan, STORAGE, 10)
    return plan


async def subscribe_to(plan: Plan, *, start: datetime | None = None, customer=None):
    price = await Price.filter(plan_id=plan.id).first()
    customer = customer or await make_customer(plan.merchant_id)
    return await create_subscription(
        plan.merchant_id,
        customer_id=customer.id,
        plan_id=plan.id,
        effective_price_id=price.id,
        start_timestamp=start,
    )


async def grants_of(sub: Subscription, **filters) -> list[CreditGrant]:
    return await CreditGrant.filter(stable_subscription_id=sub.stable_subscription_id, **filters)


async def by_feature(sub: Subscription, merchant_id: str, **filters) -> dict[str, CreditGrant]:
    rows = await grants_of(sub, status="active", **filters)
    names = {f.id: f.display_name for f in await Feature.scoped(merchant_id)}
    return {names[row.feature_id]: row for row in rows}


async def test_subscribing_grants_each_feature_with_an_allowance(merchant):
    plan = await allowance_plan(merchant.id)
    api = await feature(merchant.id, API)
    api.metric_ids = ["metric_calls"]
    await api.save()
    start = datetime(2027, 1, 31, 9, tzinfo=UTC)
    sub = await subscribe_to(plan, start=start)
    grants = await by_feature(sub, merchant.id)
    assert set(grants) == {API, STORAGE}  # SSO has no allowance
    calls = grants[API]
    assert (calls.allowance, calls.renewal, calls.source, calls.status) == (
        1000,
        "monthly",
        "plan",
        "active",
    )
    assert (calls.period_start, calls.period_end) == (start, datetime(2027, 2, 28, 9, tzinfo=UTC))
    assert calls.metric_ids == ["metric_calls"]
    assert (calls.customer_id, calls.subscription_id, calls.merchant_id) == (
        sub.customer_id,
        sub.id,
        merchant.id,
    )
    assert grants[STORAGE].allowance == 10
    assert await credit_grants.count_for_subscription(merchant.id, sub.id) == 2


async def test_no_grant_without_an_allowance_or_with_zero(merchant):
    assert await grants_of(await subscribe(merchant.id, features=[(API, 1000)])) == []
    plan = await make_plan(merchant.id, name="Zero", monthly_cents=0, features=[(API, 5)])
    await allow(plan, API, 0)
    sub = await subscribe_to(plan)
    assert await grants_of(sub) == []
    assert await credit_grants.grant_for_subscription(merchant.id, sub) == 0


async def test_grant_count_is_returned_and_backdated_start_covers_now(merchant):
    plan = await allowance_plan(merchant.id)
    start = utcnow() - timedelta(days=75)
    sub = await subscribe_to(plan, start=start)
    for grant in await grants_of(sub):
        assert grant.period_start <= utcnow() < grant.period_end
        assert grant.period_start.day == start.day or grant.period_start.day >= 28
    await CreditGrant.filter(stable_subscription_id=sub.id).delete()
    assert await credit_grants.grant_for_subscription(merchant.id, sub) == 2


async def test_monthly_renewal_through_run_due_is_month_end_safe(merchant):
    plan = await allowance_plan(merchant.id)
    sub = await subscribe_to(plan, start=datetime(2027, 1, 31, 12, tzinfo=UTC))
    first = (await by_feature(sub, merchant.id))[API]
    await run_due(now=datetime(2027, 3, 1, tzinfo=UTC), merchant_id=merchant.id)
    assert (await CreditGrant.get(id=first.id)).status == "expired"
    second = (await by_feature(sub, merchant.id))[API]
    assert (second.period_start, second.period_end) == (
        datetime(2027, 2, 28, 12, tzinfo=UTC),
        datetime(2027, 3, 31, 12, tzinfo=UTC),  # back on the 31st, no drift to the 28th
    )
    assert (second.allowance, second.source, second.subscription_id) == (1000, "plan", sub.id)
    # several missed periods collapse into the one containing now
    await run_due(now=datetime(2027, 8, 15, tzinfo=UTC), merchant_id=merchant.id)
    third = (await by_feature(sub, merchant.id))[API]
    assert (third.period_start, third.period_end) == (
        datetime(2027, 7, 31, 12, tzinfo=UTC),
        datetime(2027, 8, 31, 12, tzinfo=UTC),
    )
    assert len(await grants_of(sub, feature_id=first.feature_id)) == 3
    assert len(await grants_of(sub, status="active")) == 2


async def test_yearly_renewal_from_feb_29(merchant):
    plan = await allowance_plan(merchant.id, yearly=True)
    await allow(plan, API, 12000, "yearly")
    sub = await subscribe_to(plan, start=datetime(2028, 2, 29, tzinfo=UTC))
    first = (await by_feature(sub, merchant.id))[API]
    assert first.period_end == datetime(2029, 2, 28, tzinfo=UTC)
    await run_due(now=datetime(2029, 3, 1, tzinfo=UTC), merchant_id=merchant.id)
    renewed = (await by_feature(sub, merchant.id))[API]
    assert (renewed.period_start, renewed.period_end, renewed.allowance) == (
        datetime(2029, 2, 28, tzinfo=UTC),
        datetime(2030, 2, 28, tzinfo=UTC),
        12000,
    )


async def test_none_renewal_never_expires(merchant):
    plan = await allowance_plan(merchant.id)
    await allow(plan, API, 500, "none")
    sub = await subscribe_to(plan)
    grant = (await by_feature(sub, merchant.id))[API]
    assert (grant.renewal, grant.period_end) == ("none", None)
    await run_due(now=utcnow() + timedelta(days=800), merchant_id=merchant.id)
    assert (await CreditGrant.get(id=grant.id)).status == "active"
    assert [g.id for g in await active_grants(merchant.id, sub.customer_id, at=utcnow())] != []


async def test_run_due_twice_and_concurrently_renews_each_grant_once(merchant):
    plan = await allowance_plan(merchant.id)
    subs = [await subscribe_to(plan) for _ in range(6)]
    later = utcnow() + timedelta(days=40)
    await asyncio.gather(*(run_due(now=later, merchant_id=merchant.id) for _ in range(4)))
    await run_due(now=later, merchant_id=merchant.id)
    renewed = await asyncio.gather(
        *(credit_grant_renewal.renew_due(later, merchant_id=merchant.id) for _ in range(3))
    )
    assert sum(r["renewed"] for r in renewed) == 0  # nothing of anyone's is left due at that moment
    for sub in subs:
        grants = await grants_of(sub)
        assert len(grants) == 4  # two features, each expired once and renewed once
        assert sorted(g.status for g in grants) == ["active", "active", "expired", "expired"]


async def test_active_grants_excludes_passed_expired_and_cancelled(merchant):
    plan = await allowance_plan(merchant.id)
    start = datetime(2027, 5, 1, tzinfo=UTC)
    sub = await subscribe_to(plan, start=start)
    customer = sub.customer_id
    api = await feature(merchant.id, API)
    inside = datetime(2027, 5, 15, tzinfo=UTC)
    assert len(await active_grants(merchant.id, customer, at=inside)) == 2
    only = await active_grants(merchant.id, customer, feature_id=api.id, at=inside)
    assert [g.feature_id for g in only] == [api.id]
    # before the period starts, and after it ends even before run_due marks it
    assert await active_grants(merchant.id, customer, at=start - timedelta(seconds=1)) == []
    assert await active_grants(merchant.id, customer, at=datetime(2027, 6, 1, tzinfo=UTC)) == []
    await CreditGrant.filter(id=only[0].id).update(status="expired")
    assert len(await active_grants(merchant.id, customer, at=inside)) == 1
    await CreditGrant.filter(stable_subscription_id=sub.id).update(status="cancelled")
    assert await active_grants(merchant.id, customer, at=inside) == []


async def test_new_plan_version_replaces_changed_allowances_and_keeps_the_rest(merchant):
    plan = await allowance_plan(merchant.id)
    sub = await subscribe_to(plan, start=utcnow() - timedelta(days=3))
    before = await by_feature(sub, merchant.id)
    v2 = await new_plan_version(plan)
    await allow(v2, API, 2000)  # changed
    await allow(v2, STORAGE, 10)  # unchanged
    price = await Price.get(plan_id=v2.id)
    now = utcnow()
    live = await new_version(merchant.id, sub, plan=v2, price=price, kind="migrated", now=now)
    after = await by_feature(sub, merchant.id)
    assert after[STORAGE].id == before[STORAGE].id  # same period, same usage window
    assert after[STORAGE].subscription_id == live.id
    assert after[API].id != before[API].id
    assert (after[API].allowance, after[API].period_start) == (2000, now)
    assert (await CreditGrant.get(id=before[API].id)).status == "expired"
    assert await credit_grants.count_for_subscription(merchant.id, live.id) == 2


async def test_price_override_keeps_every_grant(merchant):
    plan = await allowance_plan(merchant.id)
    sub = await subscribe_to(plan)
    before = {g.id for g in await grants_of(sub)}
    other = await Price.create(
        merchant_id=merchant.id, plan_id=plan.id, currency="USD", pricing_data={"components": []}
    )
    live = await override_price(merchant.id, sub.id, price_id=other.id)
    grants = await grants_of(sub)
    assert {g.id for g in grants} == before
    assert {(g.status, g.subscription_id) for g in grants} == {("active", live.id)}


async def test_feature_override_drops_credits_of_features_no_longer_granted(merchant):
    plan = await allowance_plan(merchant.id)
    sub = await subscribe_to(plan)
    before = await by_feature(sub, merchant.id)
    storage = await feature(merchant.id, STORAGE)
    await override_features(merchant.id, sub.id, feature_ids=[storage.id])
    after = await by_feature(sub, merchant.id)
    assert list(after) == [STORAGE]
    assert after[STORAGE].id == before[STORAGE].id
    assert (await CreditGrant.get(id=before[API].id)).status == "expired"


async def test_cancel_cancels_grants_and_run_due_leaves_them(merchant):
    plan = await allowance_plan(merchant.id)
    sub = await subscribe_to(plan)
    await cancel(merchant.id, sub.id)
    assert {g.status for g in await grants_of(sub)} == {"cancelled"}
    assert await active_grants(merchant.id, sub.customer_id) == []
    await run_due(now=utcnow() + timedelta(days=40), merchant_id=merchant.id)
    assert {g.status for g in await grants_of(sub)} == {"cancelled"}
    assert len(await grants_of(sub)) == 2


async def test_trial_credits_for_the_first_grant_then_plan_credits(merchant):
    plan = await allowance_plan(merchant.id, trial_days=14)
    api = await feature(merchant.id, API)
    plan.trial_credit_overrides = [{"featureId": api.id, "amount": 50}]
    await plan.save()
    sub = await subscribe_to(plan)
    grants = await by_feature(sub, merchant.id)
    assert (grants[API].allowance, grants[API].source) == (50, "trial")
    assert (grants[STORAGE].allowance, grants[STORAGE].source) == (10, "plan")
    # a price override during the trial keeps the trial grant
    other = await Price.create(
        merchant_id=merchant.id, plan_id=plan.id, currency="USD", pricing_data={"components": []}
    )
    await override_price(merchant.id, sub.id, price_id=other.id)
    assert (await by_feature(sub, merchant.id))[API].id == grants[API].id
    await run_due(now=grants[API].period_end + timedelta(seconds=1), merchant_id=merchant.id)
    renewed = (await by_feature(sub, merchant.id))[API]
    assert (renewed.allowance, renewed.source) == (1000, "plan")


async def test_trial_over_gives_plan_credits(merchant):
    plan = await allowance_plan(merchant.id, trial_days=14)
    api = await feature(merchant.id, API)
    plan.trial_credit_overrides = [{"featureId": api.id, "amount": 50}]
    await plan.save()
    sub = await subscribe_to(plan, start=utcnow() - timedelta(days=20))
    grant = (await by_feature(sub, merchant.id))[API]
    assert (grant.allowance, grant.source) == (1000, "plan")


async def test_tenant_isolation(merchant, make_merchant):
    other = await make_merchant("Other Co")
    plan = await allowance_plan(merchant.id)
    sub = await subscribe_to(plan)
    assert await active_grants(other.id, sub.customer_id) == []
    assert await credit_grants.count_for_subscription(other.id, sub.id) == 0
    assert await credit_grants.cancel_for_subscription(other.id, sub.id) == 0
    assert {g.status for g in await grants_of(sub)} == {"active"}
    theirs = await subscribe_to(await allowance_plan(other.id))
    mine = await active_grants(merchant.id, sub.customer_id)
    assert len(mine) == 2 and all(g.merchant_id == merchant.id for g in mine)
    assert await active_grants(merchant.id, theirs.customer_id) == []


def test_credits_remaining_is_allowance_minus_usage_floored_at_zero():
    grant = CreditGrant(allowance=100)
    assert credits_remaining(grant, 30) == 70
    assert credits_remaining(grant, 100) == 0
    assert credits_remaining(grant, 150) == 0
    assert credits_remaining(grant, 2.5) == 97
    assert credits_remaining(grant, Decimal("0.1")) == 99
    assert credits_remaining(grant, None) == 100
