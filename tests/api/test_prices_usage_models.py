"""/v1/prices with usage models: a sub-cent unit price as ``unit_amount_decimal`` stored
exactly, wrong models refused with the spec's 400 and nothing stored, and the invoice's
lines carrying ``unitAmountDecimal`` beside the rounded ``unitAmountCents``."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.catalog.models import Price
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from tests.support.api.prices import INVALID, create, make_plan
from tests.support.factories.invoices import priced_subscription, sum_metric, use

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
FEB_1 = datetime(2030, 2, 1, tzinfo=UTC)


def usage(metric_id: str = "met_1", **model) -> dict:
    return {
        "components": [
            {
                "type": "per_unit",
                "component_id": "api",
                "component_name": "API calls",
                "unit_label": "call",
                "metric_id": metric_id,
                **model,
            }
        ]
    }


async def test_a_sub_cent_unit_price_is_stored_exactly(client, merchant):
    plan = await make_plan(merchant)
    metric = await sum_metric(merchant.id, "api-call")
    body = usage(metric.id, unit_amount_decimal="0.0400")
    response = await create(client, merchant, planId=plan.id, pricingData=body)
    assert response.status_code == 201, await response.get_json()
    [component] = (await response.get_json())["price"]["pricingData"]["components"]
    assert (component["unit_amount_decimal"], component["amount_cents"]) == ("0.04", 0)
    tiers = usage(
        metric.id,
        model="graduated",
        tiers=[{"up_to": 1000, "amount_cents": 0}, {"up_to": None, "unit_amount_decimal": "0.05"}],
    )
    response = await create(client, merchant, planId=plan.id, pricingData=tiers)
    assert response.status_code == 201, await response.get_json()


@pytest.mark.parametrize(
    ("model", "detail"),
    [
        ({"unit_amount_decimal": "-1"}, "must not be negative"),
        ({"unit_amount_decimal": 0.04}, "must be a decimal string of cents"),
        ({"unit_amount_decimal": "0.0000000000001"}, "at most 12 decimal places"),
        ({"model": "package", "amount_cents": 5, "package_size": 0}, "package_size"),
        (
            {"model": "volume", "tiers": [{"up_to": 5, "amount_cents": 1}]},
            "the last tier is unbounded",
        ),
    ],
)
async def test_wrong_models_are_the_specs_400(client, merchant, model, detail):
    plan = await make_plan(merchant)
    response = await create(client, merchant, planId=plan.id, pricingData=usage(**model))
    assert response.status_code == 400
    body = await response.get_json()
    assert body["error"] == INVALID and detail in body["details"]
    assert await Price.filter(merchant_id=merchant.id).count() == 0


async def test_invoice_lines_carry_the_exact_unit_price(client, merchant):
    metric = await sum_metric(merchant.id, "api-call")
    data = usage(metric.id, unit_amount_decimal="0.04", recurrence_rule="FREQ=MONTHLY")
    sub = await priced_subscription(merchant.id, data, start=JAN_1)
    await use(merchant.id, sub.customer_id, metric, 12340, JAN_1 + timedelta(days=9))
    await bill_due(FEB_1, merchant.id)
    invoice = await Invoice.get(stable_subscription_id=sub.stable_subscription_id)
    response = await client.get(f"/v1/invoices/{invoice.id}", headers=merchant.headers)
    [line] = (await response.get_json())["invoice"]["lineItems"]
    assert (line["quantity"], line["unitAmountCents"], line["unitAmountDecimal"]) == (
        12340,
        0,
        "0.04",
    )
    assert line["subtotalCents"] == 494  # 493.6 cents, rounded once


async def test_a_usage_price_names_a_metric_of_the_merchants_own(client, merchant, make_merchant):
    """A mistyped, deleted or another merchant's metric would measure nothing and bill no
    usage: each is refused with the same words, and no price is stored."""
    plan = await make_plan(merchant)
    other = await sum_metric((await make_merchant()).id, "api-call")
    deleted = await sum_metric(merchant.id, "old-call")
    await deleted.soft_delete()
    for metric_id in ("metric_typo", other.id, deleted.id):
        body = usage(metric_id, amount_cents=1)
        response = await create(client, merchant, planId=plan.id, pricingData=body)
        assert response.status_code == 400
        assert (await response.get_json())["error"] == (
            f"pricingData names a metric that does not exist: {metric_id}"
        )
    assert await Price.filter(merchant_id=merchant.id).count() == 0
    mine = await sum_metric(merchant.id, "api-call")
    response = await create(
        client, merchant, planId=plan.id, pricingData=usage(mine.id, amount_cents=1)
    )
    assert response.status_code == 201
