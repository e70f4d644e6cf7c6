"""A small test-mode catalog to copy to live: a metric, two features (one metered by the
metric), a plan Pro with a monthly fee and a usage price on the metric, shown on the default
pricing table."""

from billing.catalog import features, metrics, plan_create, prices


async def build_test_catalog(test_id: str) -> dict:
    metric = await metrics.create_metric(test_id, name="API calls", event_name="api_call")
    feature = await features.create_feature(
        test_id, slug="api-calls", display_name="API", feature_type="number", metric_ids=[metric.id]
    )
    sso = await features.create_feature(test_id, slug="sso", display_name="Single sign-on")
    pro = await plan_create.create_plan(
        test_id,
        plan_name="Pro",
        monthly_price=2900,
        feature_ids=[feature.id, sso.id],
        show_in_pricing_table=True,
    )
    usage = await prices.create_price(
        test_id,
        plan_id=pro.plan.id,
        currency="USD",
        pricing_data={
            "type": "usage_based",
            "unitAmount": 1,
            "billingScheme": "per_unit",
            "metricId": metric.id,
        },
    )
    return {"metric": metric, "feature": feature, "sso": sso, "pro": pro, "usage": usage}
