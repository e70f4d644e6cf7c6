"""Feature services as other services call them: typed values survive storage, slug checks,
race-safe slug uniqueness and the plan references a delete removes."""

import asyncio
from datetime import UTC, datetime

import pytest

from billing.catalog import features, metrics
from billing.catalog.models import Feature, Plan, PlanFeature, Price
from billing.catalog.pricing import fixed_price_data
from billing.core.errors import Conflict, Invalid, NotFound
from billing.customers.models import Customer
from billing.subscriptions.models import Subscription, SubscriptionFeature


@pytest.mark.parametrize(
    ("feature_type", "value"),
    [
        ("string", "gold"),
        ("string", "25"),
        ("string", "true"),
        ("string", ""),
        ("string", '{"a": 1}'),
        ("number", 25),
        ("number", 2.5),
        ("boolean", False),
    ],
)
async def test_values_keep_their_type_through_storage(merchant, feature_type, value):
    feature = await features.create_feature(
        merchant.id,
        slug="f",
        display_name="F",
        feature_type=feature_type,
        feature_value=value,
    )
    assert feature.default_value == value
    stored = await features.get_feature(merchant.id, feature.id)
    assert stored.default_value == value
    assert type(stored.default_value) is type(value)
    updated = await features.update_feature(merchant.id, feature.id, display_name="G")
    assert updated.default_value == value
    assert (await Feature.get(id=feature.id)).default_value == value


async def test_whole_float_numbers_are_stored_as_integers(merchant):
    feature = await features.create_feature(
        merchant.id, slug="n", display_name="N", feature_type="number", feature_value=10.0
    )
    assert (await Feature.get(id=feature.id)).default_value == 10


async def test_create_with_keyword_defaults(merchant):
    feature = await features.create_feature(merchant.id, slug="sso", display_name=" SSO ")
    assert (feature.display_name, feature.feature_type, feature.default_value) == (
        "SSO",
        "boolean",
        True,
    )
    assert feature.metric_ids == []
    assert feature.merchant_id == merchant.id


async def test_create_links_metrics(merchant):
    metric = await metrics.create_metric(merchant.id, name="Calls", event_name="api.call")
    feature = await features.create_feature(
        merchant.id, slug="calls", display_name="Calls", metric_ids=[metric.id]
    )
    assert (await Feature.get(id=feature.id)).metric_ids == [metric.id]


async def test_slug_taken(make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    feature = await features.create_feature(alice.id, slug="sso", display_name="SSO")
    assert await features.slug_taken(alice.id, "sso") is True
    assert await features.slug_taken(alice.id, "sso", exclude_id=feature.id) is False
    assert await features.slug_taken(alice.id, "other") is False
    assert await features.slug_taken(bob.id, "sso") is False
    await features.delete_feature(alice.id, feature.id)
    assert await features.slug_taken(alice.id, "sso") is False


async def test_get_feature_hides_other_merchants_and_deleted(make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    feature = await features.create_feature(alice.id, slug="sso", display_name="SSO")
    assert (await features.get_feature(alice.id, feature.id)).id == feature.id
    with pytest.raises(NotFound, match="^Feature not found or access denied$"):
        await features.get_feature(bob.id, feature.id)
    await features.delete_feature(alice.id, feature.id)
    with pytest.raises(NotFound, match="^Feature not found or access denied$"):
        await features.get_feature(alice.id, feature.id)


async def test_concurrent_creations_of_one_slug_leave_one(merchant):
    results = await asyncio.gather(
        *(
            features.create_feature(merchant.id, slug="race", display_name=f"Race {i}")
            for i in range(5)
        ),
        return_exceptions=True,
    )
    created = [result for result in results if isinstance(result, Feature)]
    conflicts = [result for result in results if isinstance(result, Conflict)]
    assert (len(created), len(conflicts)) == (1, 4)
    assert await Feature.scoped(merchant.id).filter(slug="race").count() == 1


async def test_concurrent_renames_to_one_slug_leave_one(merchant):
    made = [
        await features.create_feature(merchant.id, slug=f"s{i}", display_name="S") for i in range(4)
    ]
    results = await asyncio.gather(
        *(features.update_feature(merchant.id, feature.id, slug="same") for feature in made),
        return_exceptions=True,
    )
    assert sum(isinstance(result, Feature) for result in results) == 1
    assert await Feature.scoped(merchant.id).filter(slug="same").count() == 1


async def test_linking_races_with_metric_delete_never_keeps_a_dead_id(merchant):
    for attempt in range(5):
        metric = await metrics.create_metric(merchant.id, name="M", event_name=f"m{attempt}")
        results = await asyncio.gather(
            features.create_feature(
                merchant.id, slug=f"f{attempt}", display_name="F", metric_ids=[metric.id]
            ),
            metrics.delete_metric(merchant.id, metric.id),
            return_exceptions=True,
        )
        assert not any(isinstance(r, Exception) and not isinstance(r, Invalid) for r in results)
        stored = await Feature.scoped(merchant.id).filter(slug=f"f{attempt}").first()
        assert stored is None or metric.id not in stored.metric_ids


async def test_delete_removes_plan_links_of_every_version_only_for_that_feature(make_merchant):
    merchant, other_merchant = await make_merchant(), await make_merchant()
    feature = await features.create_feature(merchant.id, slug="sso", display_name="SSO")
    kept = await features.create_feature(merchant.id, slug="api", display_name="API")
    v1 = await Plan.create(
        merchant_id=merchant.id, stable_plan_id="plan_x", plan_name="Pro", currency="USD"
    )
    v2 = await Plan.create(
        merchant_id=merchant.id,
        stable_plan_id=v1.id,
        version_number=2,
        plan_name="Pro",
        currency="USD",
    )
    gone = [
        await PlanFeature.create(merchant_id=merchant.id, plan_id=plan.id, feature_id=feature.id)
        for plan in (v1, v2)
    ]
    stays = await PlanFeature.create(merchant_id=merchant.id, plan_id=v1.id, feature_id=kept.id)
    with pytest.raises(NotFound):
        await features.delete_feature(other_merchant.id, feature.id)
    assert await PlanFeature.scoped(merchant.id).count() == 3
    await features.delete_feature(merchant.id, feature.id)
    for link in gone:
        assert (await PlanFeature.get(id=link.id)).deleted_at is not None
    assert (await PlanFeature.get(id=stays.id)).deleted_at is None
    assert (await Feature.get(id=kept.id)).deleted_at is None


async def test_update_validates_before_changing_anything(merchant):
    feature = await features.create_feature(merchant.id, slug="sso", display_name="SSO")
    with pytest.raises(Invalid):
        await features.update_feature(merchant.id, feature.id, display_name="New", slug="BAD")
    with pytest.raises(Invalid):
        await features.update_feature(
            merchant.id, feature.id, display_name="New", metric_ids=["metric_x"]
        )
    assert (await Feature.get(id=feature.id)).display_name == "SSO"


@pytest.mark.parametrize("slug", [None, "", "A", "a b", "a" * 101])
async def test_check_slug_refuses_malformed_slugs(merchant, slug):
    with pytest.raises(Invalid):
        await features.check_slug(merchant.id, slug)


async def test_delete_removes_the_feature_from_subscriptions(merchant):
    gone = await features.create_feature(merchant.id, slug="gone", display_name="Gone")
    kept = await features.create_feature(merchant.id, slug="kept", display_name="Kept")
    plan = await Plan.create(
        merchant_id=merchant.id, stable_plan_id="plan_x", plan_name="P", currency="USD"
    )
    price = await Price.create(
        merchant_id=merchant.id,
        plan=plan,
        currency="USD",
        pricing_data=fixed_price_data(900, "month"),
    )
    customer = await Customer.create(
        merchant_id=merchant.id, email="c@example.com", email_normalized="c@example.com"
    )
    now = datetime.now(UTC)
    subscription = await Subscription.create(
        merchant_id=merchant.id,
        stable_subscription_id="sub_x",
        customer=customer,
        plan=plan,
        effective_price=price,
        start_timestamp=now,
        current_period_start=now,
        current_period_end=now,
    )
    for feature in (gone, kept):
        await SubscriptionFeature.create(
            merchant_id=merchant.id, subscription=subscription, feature=feature, source="plan"
        )
    await features.delete_feature(merchant.id, gone.id)
    live = await SubscriptionFeature.scoped(merchant.id).filter(subscription=subscription)
    assert [row.feature_id for row in live] == [kept.id]
