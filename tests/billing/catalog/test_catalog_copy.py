"""Copy to live: the test catalog lands in live once, with its ids translated; a second copy
changes nothing; a changed test plan becomes a new live version; other businesses are out of
reach; two copies at once do not duplicate."""

import asyncio

import pytest

from billing.accounts import merchants
from billing.catalog import (
    catalog_copy,
    features,
    metrics,
    plan_create,
    plan_edits,
    plan_versions,
    pricing_tables,
)
from billing.catalog.models import (
    Feature,
    Metric,
    Plan,
    PlanFeature,
    Price,
    PricingTable,
    PricingTablePlan,
)
from billing.core.errors import Conflict, Invalid, NotFound
from tests.support.factories.catalog_copy import build_test_catalog


async def _modes(account) -> tuple[str, str]:
    test = await merchants.tenant_of(account.id, "test")
    return test.id, account.id


async def _counts(merchant_id: str) -> dict[str, int]:
    models = (Metric, Feature, Plan, PlanFeature, Price, PricingTable, PricingTablePlan)
    return {m.__name__: await m.scoped(merchant_id).count() for m in models}


async def test_a_copy_creates_the_catalog_in_live_with_live_ids(merchant):
    test_id, live_id = await _modes(merchant)
    made = await build_test_catalog(test_id)
    shown = await catalog_copy.plan_copy(test_id, live_id)
    assert [(i.kind, i.name, i.action) for i in shown.items] == [
        ("metric", "API calls", "create"),
        ("feature", "api-calls", "create"),
        ("feature", "sso", "create"),
        ("plan", "Pro", "create"),
        ("pricing table", "Pricing", "create"),
    ]
    assert await Plan.scoped(live_id).count() == 0  # the diff wrote nothing

    await catalog_copy.apply_copy(test_id, live_id, expected=shown.fingerprint)
    metric = await Metric.scoped(live_id).get()
    feature = await Feature.scoped(live_id).get(slug="api-calls")
    plan = await Plan.scoped(live_id).get()
    assert (metric.copied_from_id, feature.copied_from_id) == (
        made["metric"].id,
        made["feature"].id,
    )
    assert feature.metric_ids == [metric.id]
    assert plan.plan_name == "Pro" and plan.stable_plan_id == plan.id
    assert plan.copied_from_id == made["pro"].plan.id
    links = await PlanFeature.scoped(live_id).filter(plan_id=plan.id)
    live_features = set(await Feature.scoped(live_id).values_list("id", flat=True))
    assert {link.feature_id for link in links} == live_features
    usage = await Price.scoped(live_id).get(copied_from_id=made["usage"].id)
    assert usage.plan_id == plan.id and usage.pricing_data["metricId"] == metric.id
    table = await PricingTable.scoped(live_id).get()
    entry = await PricingTablePlan.scoped(live_id).get()
    assert (table.slug, table.is_default, entry.stable_plan_id) == ("pricing", True, plan.id)


async def test_a_second_copy_changes_nothing(merchant):
    test_id, live_id = await _modes(merchant)
    await build_test_catalog(test_id)
    await catalog_copy.apply_copy(test_id, live_id)
    before = await _counts(live_id)
    again = await catalog_copy.plan_copy(test_id, live_id)
    assert again.nothing_to_copy
    assert {i.action for i in again.items} == {"unchanged"}
    await catalog_copy.apply_copy(test_id, live_id)
    assert await _counts(live_id) == before


async def test_changes_update_in_place_or_make_a_new_plan_version(merchant):
    test_id, live_id = await _modes(merchant)
    made = await build_test_catalog(test_id)
    await catalog_copy.apply_copy(test_id, live_id)
    first = await Plan.scoped(live_id).get()
    await features.update_feature(test_id, made["feature"].id, display_name="API calls")
    await plan_edits.edit_plan(test_id, made["pro"].plan.id, monthly_price=3900)

    shown = await catalog_copy.plan_copy(test_id, live_id)
    changed = {i.name: i for i in shown.of("update")}
    assert [(c.field, c.before, c.after) for c in changed["api-calls"].changes] == [
        ("display_name", "API", "API calls")
    ]
    assert [c.field for c in changed["Pro"].changes] == ["prices"]
    await catalog_copy.apply_copy(test_id, live_id)

    versions = await Plan.scoped(live_id).order_by("version_number")
    assert [(v.version_number, v.is_current) for v in versions] == [(1, False), (2, True)]
    assert versions[1].stable_plan_id == first.id
    old_prices = await Price.scoped(live_id).filter(plan_id=first.id)
    assert 2900 in [
        p.pricing_data["components"][0]["amount_cents"]
        for p in old_prices
        if "components" in p.pricing_data
    ]
    new_prices = await Price.scoped(live_id).filter(plan_id=versions[1].id)
    amounts = [
        p.pricing_data["components"][0]["amount_cents"]
        for p in new_prices
        if "components" in p.pricing_data
    ]
    assert amounts == [3900]
    assert await Feature.scoped(live_id).filter(display_name="API calls").count() == 1
    assert await Feature.scoped(live_id).count() == 2
    assert (await catalog_copy.plan_copy(test_id, live_id)).nothing_to_copy


async def test_live_rows_made_by_hand_are_matched_by_slug_or_left_alone(merchant):
    test_id, live_id = await _modes(merchant)
    await build_test_catalog(test_id)
    hand = await features.create_feature(live_id, slug="sso", display_name="SSO")
    legacy = await plan_create.create_plan(live_id, plan_name="Legacy", monthly_price=100)
    shown = await catalog_copy.plan_copy(test_id, live_id)
    sso = next(i for i in shown.items if i.kind == "feature" and i.name == "sso")
    assert sso.action == "update" and sso.target.id == hand.id
    assert shown.left_alone == {"plan": ["Legacy"]}
    await catalog_copy.apply_copy(test_id, live_id)
    assert await Feature.scoped(live_id).filter(slug="sso").count() == 1
    assert (await Plan.get(id=legacy.plan.id)).plan_name == "Legacy"


async def test_another_business_answers_as_missing(merchant, make_merchant):
    test_id, live_id = await _modes(merchant)
    other = await make_merchant("Other Co")
    await build_test_catalog(test_id)
    for source, target in ((test_id, other.id), ("mer_missing", live_id)):
        with pytest.raises(NotFound) as caught:
            await catalog_copy.plan_copy(source, target)
        assert caught.value.message == "Merchant not found or access denied"
        with pytest.raises(NotFound):
            await catalog_copy.apply_copy(source, target)
    with pytest.raises(Invalid):
        await catalog_copy.plan_copy(live_id, live_id)
    assert await Plan.scoped(other.id).count() == 0


async def test_a_catalog_changed_since_it_was_shown_is_not_copied(merchant):
    test_id, live_id = await _modes(merchant)
    made = await build_test_catalog(test_id)
    shown = await catalog_copy.plan_copy(test_id, live_id)
    await features.update_feature(test_id, made["sso"].id, display_name="SAML")
    with pytest.raises(Conflict):
        await catalog_copy.apply_copy(test_id, live_id, expected=shown.fingerprint)
    assert await _counts(live_id) == dict.fromkeys(await _counts(live_id), 0)


async def test_two_copies_at_once_do_not_duplicate(merchant):
    test_id, live_id = await _modes(merchant)
    await build_test_catalog(test_id)
    await pricing_tables.create_table(test_id, name="Startups", slug="startups")
    await asyncio.gather(*(catalog_copy.apply_copy(test_id, live_id) for _ in range(3)))
    assert await _counts(live_id) == {
        "Metric": 1,
        "Feature": 2,
        "Plan": 1,
        "PlanFeature": 2,
        "Price": 2,
        "PricingTable": 2,
        "PricingTablePlan": 1,
    }


async def test_a_slug_taken_in_live_by_another_row_is_refused_and_nothing_changes(merchant):
    test_id, live_id = await _modes(merchant)
    made = await build_test_catalog(test_id)
    await catalog_copy.apply_copy(test_id, live_id)
    copied = await Feature.scoped(live_id).get(copied_from_id=made["sso"].id)
    await features.update_feature(live_id, copied.id, slug="sso-old")
    await features.create_feature(live_id, slug="sso", display_name="Hand-made SSO")
    await features.update_feature(test_id, made["feature"].id, display_name="API calls")
    before = await _counts(live_id)
    with pytest.raises(Conflict) as caught:
        await catalog_copy.plan_copy(test_id, live_id)
    assert caught.value.message == (
        "Live mode already has another feature with the slug 'sso': "
        "rename or delete it there, then copy again"
    )
    with pytest.raises(Conflict):
        await catalog_copy.apply_copy(test_id, live_id)
    assert await _counts(live_id) == before
    assert await Feature.scoped(live_id).filter(display_name="API calls").count() == 0


async def test_the_copy_goes_either_way(merchant):
    test_id, live_id = await _modes(merchant)
    await plan_create.create_plan(live_id, plan_name="Live only", monthly_price=500)
    done = await catalog_copy.apply_copy(live_id, test_id)
    assert [(i.kind, i.name, i.action) for i in done.items] == [("plan", "Live only", "create")]
    assert await Plan.scoped(test_id).filter(plan_name="Live only").count() == 1


async def test_new_rows_are_pointed_at_by_their_live_copies(merchant):
    """A feature, metric and plan made in test after the first copy: the second copy
    creates them and the updated live rows point at the new live rows, not the test ones."""
    test_id, live_id = await _modes(merchant)
    made = await build_test_catalog(test_id)
    await catalog_copy.apply_copy(test_id, live_id)
    storage = await metrics.create_metric(test_id, name="Storage", event_name="storage_gb")
    await metrics.update_metric(test_id, made["metric"].id, description="Every API call")
    seats = await features.create_feature(
        test_id, slug="seats", display_name="Seats", feature_type="number", metric_ids=[storage.id]
    )
    await plan_versions.create_version(
        test_id, made["pro"].plan.id, feature_ids=[made["feature"].id, seats.id]
    )
    team = await plan_create.create_plan(test_id, plan_name="Team", monthly_price=9900)
    table = await PricingTable.scoped(test_id).get()
    await pricing_tables.update_table(test_id, table.id, name="Our prices")
    await pricing_tables.add_plan(test_id, table.id, plan_id=team.plan.id, display_order=2)

    shown = await catalog_copy.plan_copy(test_id, live_id)
    assert [(i.kind, i.name) for i in shown.of("create")] == [
        ("metric", "Storage"),
        ("feature", "seats"),
        ("plan", "Team"),
    ]
    assert [(i.kind, i.name) for i in shown.of("update")] == [
        ("metric", "API calls"),
        ("plan", "Pro"),
        ("pricing table", "Our prices"),
    ]
    await catalog_copy.apply_copy(test_id, live_id)

    live_storage = await Metric.scoped(live_id).get(name="Storage")
    live_seats = await Feature.scoped(live_id).get(slug="seats")
    assert live_seats.metric_ids == [live_storage.id]
    pro = await Plan.scoped(live_id).get(plan_name="Pro", is_current=True)
    links = await PlanFeature.scoped(live_id).filter(plan_id=pro.id)
    assert live_seats.id in {link.feature_id for link in links}
    live_team = await Plan.scoped(live_id).get(plan_name="Team")
    live_table = await PricingTable.scoped(live_id).get()
    entries = await PricingTablePlan.scoped(live_id).filter(pricing_table_id=live_table.id)
    assert live_table.name == "Our prices"
    assert {e.stable_plan_id for e in entries} == {pro.stable_plan_id, live_team.id}
    assert (await Metric.scoped(live_id).get(name="API calls")).description == "Every API call"
    assert (await catalog_copy.plan_copy(test_id, live_id)).nothing_to_copy
