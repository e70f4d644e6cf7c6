"""Metric services as other services call them: defaults, validation, immutability and the
feature links a delete removes."""

import pytest

from billing.catalog import features, metrics
from billing.catalog.models import Feature, Metric
from billing.core.errors import Invalid, NotFound


async def test_create_with_keyword_defaults(merchant):
    metric = await metrics.create_metric(merchant.id, name="Tokens", event_name="llm.tokens")
    assert (
        metric.aggregation_type,
        metric.query_type,
        metric.value_type,
        metric.description,
        metric.custom_query,
    ) == ("SUM", "simple", "NUMERIC", "", None)
    stored = await Metric.get(id=metric.id)
    assert (stored.merchant_id, stored.event_name, stored.name) == (
        merchant.id,
        "llm.tokens",
        "Tokens",
    )


async def test_description_keeps_its_lines(merchant):
    metric = await metrics.create_metric(
        merchant.id, name="M", event_name="m", description="  line one\nline two\t ok  "
    )
    assert (await Metric.get(id=metric.id)).description == "line one\nline two\t ok"


async def test_get_metric_hides_other_merchants_and_deleted(make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    metric = await metrics.create_metric(alice.id, name="M", event_name="m")
    assert (await metrics.get_metric(alice.id, metric.id)).id == metric.id
    with pytest.raises(NotFound, match="^Metric not found or access denied$"):
        await metrics.get_metric(bob.id, metric.id)
    await metrics.delete_metric(alice.id, metric.id)
    with pytest.raises(NotFound, match="^Metric not found or access denied$"):
        await metrics.get_metric(alice.id, metric.id)
    assert await metrics.list_metrics(alice.id) == []


async def test_immutable_fields_report_before_other_changes_apply(merchant):
    metric = await metrics.create_metric(merchant.id, name="M", event_name="m")
    with pytest.raises(Invalid, match="cannot be changed after creation"):
        await metrics.update_metric(merchant.id, metric.id, name="N", aggregation_type="COUNT")
    with pytest.raises(Invalid, match="cannot be changed after creation"):
        await metrics.update_metric(merchant.id, metric.id, name="N", value_type="STRING")
    assert (await Metric.get(id=metric.id)).name == "M"


async def test_delete_unlinks_only_that_metric_from_live_features(merchant):
    gone = await metrics.create_metric(merchant.id, name="Gone", event_name="gone")
    kept = await metrics.create_metric(merchant.id, name="Kept", event_name="kept")
    both = await features.create_feature(
        merchant.id, slug="both", display_name="Both", metric_ids=[gone.id, kept.id]
    )
    only = await features.create_feature(
        merchant.id, slug="only", display_name="Only", metric_ids=[gone.id]
    )
    none = await features.create_feature(merchant.id, slug="none", display_name="None")
    await metrics.delete_metric(merchant.id, gone.id)
    assert (await Feature.get(id=both.id)).metric_ids == [kept.id]
    assert (await Feature.get(id=only.id)).metric_ids == []
    assert (await Feature.get(id=none.id)).metric_ids == []
    assert [metric.id for metric in await metrics.list_metrics(merchant.id)] == [kept.id]


async def test_delete_keeps_string_feature_values(merchant):
    metric = await metrics.create_metric(merchant.id, name="M", event_name="m")
    feature = await features.create_feature(
        merchant.id,
        slug="tier",
        display_name="Tier",
        feature_type="string",
        feature_value="gold",
        metric_ids=[metric.id],
    )
    await metrics.delete_metric(merchant.id, metric.id)
    stored = await Feature.get(id=feature.id)
    assert (stored.default_value, stored.metric_ids) == ("gold", [])


@pytest.mark.parametrize("metric_id", ["", "metric_", "metric_" + "a" * 21, "feat_" + "a" * 22])
async def test_malformed_ids_are_not_found(merchant, metric_id):
    with pytest.raises(NotFound):
        await metrics.get_metric(merchant.id, metric_id)
    with pytest.raises(NotFound):
        await metrics.delete_metric(merchant.id, metric_id)


@pytest.mark.parametrize(
    "aggregation", ["COUNT", "SUM", "MIN", "MAX", "AVG", "UNIQUE_COUNT", "LATEST"]
)
async def test_every_aggregation_is_accepted(merchant, aggregation):
    metric = await metrics.create_metric(
        merchant.id, name="M", event_name="m", aggregation_type=aggregation
    )
    assert (await Metric.get(id=metric.id)).aggregation_type == aggregation


async def test_indexed_keeps_its_property_key_and_complex_is_sandboxed(merchant):
    metric = await metrics.create_metric(
        merchant.id, name="M", event_name="m", query_type="indexed", custom_query=" tokens "
    )
    assert metric.custom_query == "tokens"
    metric = await metrics.update_metric(merchant.id, metric.id, name="N")
    assert metric.custom_query == "tokens"
    with pytest.raises(Invalid, match="property key"):
        await metrics.update_metric(merchant.id, metric.id, custom_query="properties->>'x'")
    with pytest.raises(Invalid, match="may read only the events view"):
        await metrics.update_metric(
            merchant.id, metric.id, query_type="complex", custom_query="SELECT * FROM pg_class"
        )
    assert (await Metric.get(id=metric.id)).query_type == "indexed"
