"""The metrics a price bills by must be the merchant's own.

A usage component or the tiered form names a metric by id. A mistyped id, a deleted metric
or another tenant's would measure nothing, and the price would quietly bill no usage; so a
price a merchant gives is checked here before it is stored (``prices``).
"""

from billing.catalog.models import Metric
from billing.core.errors import Invalid

UNKNOWN_PRICED_METRIC = "pricingData names a metric that does not exist: {metric_id}"


def priced_metric_ids(pricing_data: dict) -> list[str]:
    """The metrics a validated ``pricingData`` bills by: the tiered form's ``metricId`` and
    each usage component's ``metric_id``."""
    ids = [pricing_data.get("metricId")]
    ids += [c.get("metric_id") for c in pricing_data.get("components") or []]
    return [i for i in dict.fromkeys(ids) if isinstance(i, str)]


async def check_priced_metrics(merchant_id: str, pricing_data: dict) -> None:
    """A price given by a merchant bills only by metrics of theirs: a mistyped, deleted or
    another tenant's id would measure nothing and quietly bill no usage, so it is refused
    (400, the same words for all three) instead."""
    wanted = priced_metric_ids(pricing_data)
    if not wanted:
        return
    known = set(await Metric.scoped(merchant_id).filter(id__in=wanted).values_list("id", flat=True))
    for metric_id in wanted:
        if metric_id not in known:
            raise Invalid(
                UNKNOWN_PRICED_METRIC.format(metric_id=metric_id),
                code="unknown_priced_metric",
                field="pricingData",
            )
