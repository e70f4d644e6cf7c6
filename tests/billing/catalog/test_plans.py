"""Plan services: race-safe version numbers, all-or-nothing creation, the spec's 500s."""

import asyncio

import pytest

from billing.catalog import plan_create, plan_edits, plan_versions, plans
from billing.catalog.models import Feature, Metric, Plan, Price
from billing.catalog.plan_inputs import NewFeature
from billing.core.errors import NotFound
from billing.subscriptions import plan_migrations
from billing.subscriptions.models import PlanMigration


async def test_concurrent_versions_get_distinct_numbers(merchant):
    view = await plan_create.create_plan(merchant.id, plan_name="Race", monthly_price=100)
    stable_id = view.plan.id
    made = await asyncio.gather(
        *(
            plan_versions.create_version(merchant.id, stable_id, commit_message=f"#{n}")
            for n in range(6)
        ),
        plan_edits.edit_plan(merchant.id, stable_id, monthly_price=200),
    )
    numbers = sorted(v.plan.version_number for v in made[:6]) + [made[6][0].plan.version_number]
    assert sorted(numbers) == list(range(2, 9))
    rows = await Plan.filter(stable_plan_id=stable_id)
    assert [row.version_number for row in rows if row.is_current] == [8]
    assert len(rows) == 8


async def test_failed_creation_leaves_nothing_behind(merchant, monkeypatch):
    async def broken(*args, **kwargs):
        raise RuntimeError("table store down")

    monkeypatch.setattr(plan_create, "add_plan_to_default_table", broken)
    with pytest.raises(RuntimeError):
        await plan_create.create_plan(
            merchant.id,
            plan_name="Half",
            monthly_price=100,
            show_in_pricing_table=True,
            new_features=[
                NewFeature(feature_name="Calls", slug="calls", is_usage_based=True),
            ],
        )
    assert not await Plan.filter(merchant_id=merchant.id).exists()
    assert not await Price.filter(merchant_id=merchant.id).exists()
    assert not await Feature.filter(merchant_id=merchant.id).exists()
    assert not await Metric.filter(merchant_id=merchant.id).exists()


async def test_unexpected_create_failure_is_the_specs_500(client, merchant, monkeypatch):
    async def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(plan_create, "add_plan_to_default_table", broken)
    response = await client.post(
        "/v1/plans",
        json={"planName": "X", "monthlyPrice": 1, "showInPricingTable": True},
        headers=merchant.headers,
    )
    assert response.status_code == 500
    assert await response.get_json() == {"error": "Failed to create plan"}
    assert not await Plan.filter(merchant_id=merchant.id).exists()


async def test_unexpected_migration_failure_is_the_specs_500(client, merchant, monkeypatch):
    view = await plan_create.create_plan(merchant.id, plan_name="M")
    await plan_versions.create_version(merchant.id, view.plan.id)

    async def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(PlanMigration, "create", broken)
    response = await client.post(
        f"/v1/plans/{view.plan.id}/migrate",
        json={"strategy": "immediate", "fromVersion": 1, "toVersion": 2},
        headers=merchant.headers,
    )
    assert response.status_code == 500
    assert await response.get_json() == {"error": "Failed to process plan migration"}


async def test_services_scope_every_read_to_the_merchant(make_merchant):
    alice = await make_merchant()
    bob = await make_merchant()
    view = await plan_create.create_plan(alice.id, plan_name="Alice", monthly_price=1)
    plan_id = view.plan.id
    for call in (
        plans.get_plan(bob.id, plan_id),
        plans.delete_plan(bob.id, plan_id),
        plans.set_visibility(bob.id, plan_id, is_visible=True),
        plan_versions.create_version(bob.id, plan_id),
        plan_edits.edit_plan(bob.id, plan_id, plan_name="x"),
        plan_migrations.compare(bob.id, plan_id, from_version=1, to_version=1),
        plan_migrations.list_migrations(bob.id, plan_id, incoming=False),
    ):
        with pytest.raises(NotFound):
            await call
    assert await plans.list_plans(bob.id) == []


async def test_deleted_feature_drops_out_of_plan_views(merchant):
    view = await plan_create.create_plan(
        merchant.id,
        plan_name="F",
        new_features=[NewFeature(feature_name="Gone", slug="gone")],
    )
    feature = await Feature.get(merchant_id=merchant.id, slug="gone")
    await feature.soft_delete()  # without the features service's link clean-up
    fresh = await plans.get_plan(merchant.id, view.plan.id, include_features=True)
    assert fresh.links == []
