"""A price bills only by the merchant's own metrics: the ids it names, and the refusal of
any other (mistyped, deleted, another merchant's) with the same words."""

import pytest

from billing.catalog.priced_metrics import check_priced_metrics, priced_metric_ids
from billing.core.errors import Invalid
from tests.support.factories.invoices import sum_metric


@pytest.mark.parametrize(
    ("pricing_data", "ids"),
    [
        ({"type": "flat_rate", "amount": 100, "interval": "month"}, []),
        ({"type": "tiered", "tiers": [], "metricId": "metric_a"}, ["metric_a"]),
        (
            {
                "components": [
                    {"type": "fixed", "amount_cents": 1},
                    {"type": "per_unit", "metric_id": "metric_a"},
                    {"type": "per_unit", "metric_id": None},
                    {"type": "per_unit", "metric_id": "metric_a"},
                    {"type": "per_unit", "metric_id": "metric_b"},
                ]
            },
            ["metric_a", "metric_b"],
        ),
    ],
)
def test_the_metrics_a_price_names(pricing_data, ids):
    assert priced_metric_ids(pricing_data) == ids


async def test_only_the_merchants_own_live_metrics_pass(merchant, make_merchant):
    mine = await sum_metric(merchant.id, "api-call")
    await check_priced_metrics(merchant.id, {"components": [{"metric_id": mine.id}]})
    theirs = await sum_metric((await make_merchant()).id, "api-call")
    gone = await sum_metric(merchant.id, "old-call")
    await gone.soft_delete()
    for metric_id in (theirs.id, gone.id, "metric_typo"):
        with pytest.raises(Invalid) as refused:
            await check_priced_metrics(merchant.id, {"metricId": metric_id})
        assert str(refused.value) == (
            f"pricingData names a metric that does not exist: {metric_id}"
        )
