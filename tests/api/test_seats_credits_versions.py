"""Seat members keep their own credits when the organization's subscription gets a new version:
a price override, a plan migration (immediate) and a plan change (now) re-issue or carry each
member's grants as they do the subscriber's (billing/subscriptions/version_grants.py)."""

from datetime import UTC, datetime, timedelta

from billing.catalog.models import PlanFeature, Price
from billing.catalog.pricing import seat_price_data
from billing.customers.models import Customer
from billing.subscriptions.models import CreditGrant, Subscription
from billing.subscriptions.plan_changes import change_plan
from billing.subscriptions.subscriptions import create_subscription
from tests.support.api.seats_credits import seat_aware
from tests.support.factories.catalog import new_version
from tests.support.factories.entitlements import API, credit_plan, feature, metric, send_usage
from tests.support.factories.seats import customer_with_external_id, new_user


async def seat_plan_team(client, merchant):
    """A per-seat plan with 100 API credits a month, its subscriber and one member who used 30;
    answers (plan, price, subscription, subscriber id, member id)."""
    plan = await credit_plan(merchant.id, [await metric(client, merchant)], allowance=100)
    price = await Price.create(
        merchant_id=merchant.id,
        plan_id=plan.id,
        currency="USD",
        pricing_data=seat_price_data(1000, "month", bill_immediately=True),
    )
    subscriber = await customer_with_external_id(merchant.id)
    subscription = await create_subscription(
        merchant.id,
        customer_id=subscriber.id,
        plan_id=plan.id,
        effective_price_id=price.id,
        start_timestamp=datetime.now(UTC) - timedelta(days=3),
    )
    body = {"user_id": subscriber.external_customer_id, **new_user()}
    added = await client.post("/v1/seats/add", json=body, headers=merchant.headers)
    assert added.status_code == 200, await added.get_json()
    [member_id] = set(await seat_aware(client, merchant, subscriber.id)) - {subscriber.id}
    await send_usage(client, merchant, member_id, 30)
    credits = await seat_aware(client, merchant, subscriber.id)
    assert credits[member_id]["creditsRemaining"] == 70
    return plan, price, subscription, subscriber.id, member_id


async def live_grants(stable_id: str, customer_id: str) -> list[tuple[int, bool]]:
    """(allowance, carried by the live version) of the customer's active grants."""
    live = await Subscription.get(stable_subscription_id=stable_id, deleted_at=None)
    grants = await CreditGrant.filter(
        stable_subscription_id=stable_id, customer_id=customer_id, status="active"
    )
    return [(g.allowance, g.subscription_id == live.id) for g in grants]


async def next_version_with_allowance(plan, price, amount: int):
    """Version 2 of ``plan`` (its prices copied) whose API feature grants ``amount`` credits,
    and its copy of ``price``."""
    version = await new_version(plan)
    api = await feature(plan.merchant_id, API)
    await PlanFeature.filter(plan_id=version.id, feature_id=api.id).update(
        has_credit_allowance=True,
        credit_allowance_amount=amount,
        credit_allowance_renewal="monthly",
    )
    return version, await Price.get(plan_id=version.id, cloned_from_price_id=price.id)


async def test_a_price_override_keeps_the_members_grant_and_its_usage(client, merchant):
    plan, _, subscription, subscriber_id, member_id = await seat_plan_team(client, merchant)
    dearer = await Price.create(
        merchant_id=merchant.id,
        plan_id=plan.id,
        currency="USD",
        pricing_data=seat_price_data(1500, "month", bill_immediately=True),
    )
    stable_id = subscription.stable_subscription_id
    response = await client.post(
        f"/v1/subscriptions/price-override/{stable_id}",
        json={"priceId": dearer.id},
        headers=merchant.headers,
    )
    assert response.status_code == 200, await response.get_json()

    credits = await seat_aware(client, merchant, subscriber_id)
    assert credits[member_id]["creditAllowance"] == 100
    assert credits[member_id]["creditsRemaining"] == 70  # the same grant: usage still counts
    assert credits[subscriber_id]["creditsRemaining"] == 100
    assert await live_grants(stable_id, member_id) == [(100, True)]
    assert await live_grants(stable_id, subscriber_id) == [(100, True)]


async def test_an_immediate_plan_migration_reissues_the_members_grant(client, merchant):
    plan, price, subscription, subscriber_id, member_id = await seat_plan_team(client, merchant)
    version, new_price = await next_version_with_allowance(plan, price, 250)
    response = await client.post(
        f"/v1/plans/{version.id}/migrate",
        json={
            "strategy": "immediate",
            "fromVersion": 1,
            "toVersion": 2,
            "priceMapping": {price.id: new_price.id},
        },
        headers=merchant.headers,
    )
    assert response.status_code == 200, await response.get_json()

    credits = await seat_aware(client, merchant, subscriber_id)
    assert credits[member_id]["creditAllowance"] == 250
    assert credits[subscriber_id]["creditAllowance"] == 250
    stable_id = subscription.stable_subscription_id
    assert await live_grants(stable_id, member_id) == [(250, True)]
    assert await live_grants(stable_id, subscriber_id) == [(250, True)]


async def test_a_plan_change_now_reissues_the_members_grant(client, merchant):
    plan, price, subscription, subscriber_id, member_id = await seat_plan_team(client, merchant)
    _, new_price = await next_version_with_allowance(plan, price, 300)
    stable_id = subscription.stable_subscription_id
    await change_plan(merchant.id, stable_id, price_id=new_price.id, when="now")

    credits = await seat_aware(client, merchant, subscriber_id)
    assert credits[member_id]["creditAllowance"] == 300
    assert credits[subscriber_id]["creditAllowance"] == 300
    assert await live_grants(stable_id, member_id) == [(300, True)]
    assert await live_grants(stable_id, subscriber_id) == [(300, True)]


async def test_a_removed_member_gets_nothing_from_a_new_version(client, merchant):
    plan, price, subscription, subscriber_id, member_id = await seat_plan_team(client, merchant)
    subscriber = await Customer.get(id=subscriber_id)
    member = await Customer.get(id=member_id)
    removal = {
        "user_id": subscriber.external_customer_id,
        "removed_user_id": member.external_customer_id,
    }
    removed = await client.post("/v1/seats/remove", json=removal, headers=merchant.headers)
    assert removed.status_code == 200
    _, new_price = await next_version_with_allowance(plan, price, 300)
    stable_id = subscription.stable_subscription_id
    await change_plan(merchant.id, stable_id, price_id=new_price.id, when="now")
    assert await live_grants(stable_id, member_id) == []
    assert set(await seat_aware(client, merchant, subscriber_id)) == {subscriber_id}
