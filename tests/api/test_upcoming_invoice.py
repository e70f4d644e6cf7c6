"""GET /v1/invoices/upcoming: the next invoice as the billing run will make it, stored nowhere."""

from datetime import UTC, datetime, timedelta

from api.common import iso
from billing.core.models import utcnow
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.subscriptions.subscription_lifecycle import cancel_at_period_end
from tests.support.factories.invoices import (
    FLAT_49,
    fee_and_storage,
    priced_subscription,
    sum_metric,
    use,
)

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)


async def upcoming(client, merchant, sub_id: str):
    return await client.get(
        f"/v1/invoices/upcoming?subscriptionId={sub_id}", headers=merchant.headers
    )


async def test_the_first_fee_then_the_next_one_without_storing(client, merchant):
    sub = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    response = await upcoming(client, merchant, sub.id)
    assert response.status_code == 200
    invoice = (await response.get_json())["invoice"]
    assert (invoice["issueDate"], invoice["totalAmountCents"], invoice["status"]) == (
        "2030-01-01T00:00:00Z",
        4900,
        "upcoming",
    )
    [line] = invoice["lineItems"]
    assert (line["billingPeriodStart"], line["billingPeriodEnd"]) == (
        "2030-01-01T00:00:00Z",
        "2030-02-01T00:00:00Z",
    )
    assert await Invoice.filter(merchant_id=merchant.id).count() == 0
    await bill_due(JAN_1, merchant.id)
    after = (await (await upcoming(client, merchant, sub.id)).get_json())["invoice"]
    assert after["issueDate"] == "2030-02-01T00:00:00Z"


async def test_usage_so_far_joins_the_next_fee(client, merchant):
    metric = await sum_metric(merchant.id)
    pricing = fee_and_storage(metric.id)
    start = utcnow() - timedelta(days=10)
    sub = await priced_subscription(merchant.id, pricing, start=start)
    await use(merchant.id, sub.customer_id, metric, 4, start + timedelta(days=5))
    await bill_due(utcnow(), merchant.id)  # the first month's fee
    invoice = (await (await upcoming(client, merchant, sub.id)).get_json())["invoice"]
    assert [(line["type"], line["subtotalCents"]) for line in invoice["lineItems"]] == [
        ("fixed", 1000),
        ("usage", 100),  # 4 GB so far x 25 cents
    ]
    assert invoice["totalAmountCents"] == 1100


async def test_unknown_missing_and_foreign_subscriptions(client, merchant, make_merchant):
    sub = await priced_subscription(merchant.id, FLAT_49, start=JAN_1)
    missing = await client.get("/v1/invoices/upcoming", headers=merchant.headers)
    assert missing.status_code == 400
    assert await missing.get_json() == {"error": "subscriptionId is required"}
    other = await make_merchant()
    foreign = await upcoming(client, other, sub.id)
    assert foreign.status_code == 404
    assert await foreign.get_json() == {"error": "Subscription not found or access denied"}


async def test_cancelling_at_period_end_previews_the_final_usage_only(client, merchant):
    metric = await sum_metric(merchant.id)
    start = utcnow() - timedelta(days=10)
    sub = await priced_subscription(merchant.id, fee_and_storage(metric.id), start=start)
    await use(merchant.id, sub.customer_id, metric, 4, start + timedelta(days=5))
    await bill_due(start, merchant.id)
    live = await cancel_at_period_end(merchant.id, sub.id)  # the dashboard's and portal's cancel
    invoice = (await (await upcoming(client, merchant, sub.id)).get_json())["invoice"]
    assert invoice["issueDate"] == iso(live.current_period_end)  # the day it ends
    assert [(line["type"], line["subtotalCents"]) for line in invoice["lineItems"]] == [
        ("usage", 100)  # no next month's fee: the subscription ends then
    ]
    assert invoice["totalAmountCents"] == 100


async def test_cancelling_without_usage_has_nothing_upcoming(client, merchant):
    start = utcnow() - timedelta(days=10)
    sub = await priced_subscription(merchant.id, FLAT_49, start=start)
    await bill_due(start, merchant.id)
    await cancel_at_period_end(merchant.id, sub.id)
    response = await upcoming(client, merchant, sub.id)
    assert response.status_code == 404
    assert await response.get_json() == {"error": "This subscription has nothing more to bill"}
