"""A subscription the due pass cannot bill: the pass goes on, the merchant sees why in the API,
and the problem clears once the data is fixed and a pass bills it.

The probe's case: a usage value of 2^63 stored before the intake refused it made every pass
fail that subscription with an OverflowError, silently, for ever.
"""

from datetime import UTC, datetime, timedelta

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.subscriptions import billing_problems
from billing.subscriptions.models import Subscription
from tests.support.factories.billing_problems import (
    FEB_1,
    TOO_MUCH,
    correct_value,
    failing_and_healthy,
    store_legacy,
)
from tests.support.factories.invoices import fee_and_storage, priced_subscription, sum_metric
from tests.support.factories.subscriptions import make_customer

REASON = (
    'The invoice line "Storage" comes to more than 1,000,000,000,000,000 cents, the most one '
    "invoice may bill; correct the usage or price behind it"
)


async def get(client, merchant, path: str):
    response = await client.get(path, headers=merchant.headers)
    return response.status_code, await response.get_json()


async def listed_ids(client, merchant, query: str) -> list[str]:
    status, body = await get(client, merchant, f"/v1/subscriptions{query}")
    assert status == 200, body
    return [s["stableSubscriptionId"] for s in body["subscriptions"]]


async def february_invoices(subscription: Subscription) -> int:
    return await Invoice.filter(
        stable_subscription_id=subscription.stable_subscription_id, issue_date=FEB_1
    ).count()


async def test_a_subscription_that_cannot_bill_is_shown_and_clears_once_fixed(client, merchant):
    pair = await failing_and_healthy(merchant.id)
    failing_id = pair.failing.stable_subscription_id
    first_pass = FEB_1 + timedelta(hours=1)

    outcomes = await bill_due(first_pass, merchant.id)

    assert (outcomes["failed"], outcomes["billed"]) == (1, 1)  # the pass went on
    assert await february_invoices(pair.healthy) == 1
    assert await february_invoices(pair.failing) == 0
    status, body = await get(client, merchant, f"/v1/subscriptions/{failing_id}")
    assert status == 200
    assert body["billingProblem"] == {
        "reason": REASON,
        "since": "2030-02-01T01:00:00Z",
        "lastAttemptAt": "2030-02-01T01:00:00Z",
        "attempts": 1,
    }
    status, body = await get(client, merchant, f"/v1/subscriptions/{pair.healthy.id}")
    assert body["billingProblem"] is None
    assert await listed_ids(client, merchant, "?billingProblem=true") == [failing_id]
    assert await listed_ids(client, merchant, "?billingProblem=false") == [
        pair.healthy.stable_subscription_id
    ]
    second_pass = first_pass + timedelta(hours=1)
    assert (await bill_due(second_pass, merchant.id))["failed"] == 1
    status, body = await get(client, merchant, f"/v1/subscriptions/{failing_id}")
    assert body["billingProblem"] == {
        "reason": REASON,
        "since": "2030-02-01T01:00:00Z",
        "lastAttemptAt": "2030-02-01T02:00:00Z",
        "attempts": 2,
    }

    await correct_value(merchant.id, pair.failing.customer_id, 4)
    outcomes = await bill_due(second_pass + timedelta(hours=1), merchant.id)

    assert (outcomes["failed"], outcomes["billed"]) == (0, 1)
    [invoice] = await Invoice.filter(stable_subscription_id=failing_id, issue_date=FEB_1)
    assert invoice.total_cents == 1000 + 100  # February's fee, January's 4 GB at 0.25
    status, body = await get(client, merchant, f"/v1/subscriptions/{failing_id}")
    assert body["billingProblem"] is None
    assert await listed_ids(client, merchant, "?billingProblem=true") == []


async def test_the_upcoming_invoice_explains_a_line_too_large(client, merchant):
    """Today's subscription (the preview measures usage up to the wall clock): 400 naming the
    line, not a total of 17,446,744,073,709,551,616 cents."""
    now = datetime.now(UTC)
    metric = await sum_metric(merchant.id)
    customer = await make_customer(merchant.id)
    subscription = await priced_subscription(
        merchant.id, fee_and_storage(metric.id), start=now - timedelta(days=2), customer=customer
    )
    await bill_due(now, merchant.id)  # its first fee: the next invoice is the month's end
    await store_legacy(merchant.id, customer.id, metric.event_name, TOO_MUCH, now - timedelta(1))
    sid = subscription.stable_subscription_id
    status, body = await get(client, merchant, f"/v1/invoices/upcoming?subscriptionId={sid}")
    assert (status, body) == (400, {"error": REASON})


async def test_the_problem_list_is_the_merchants_own(client, merchant, make_merchant):
    pair = await failing_and_healthy(merchant.id)
    await bill_due(FEB_1 + timedelta(hours=1), merchant.id)
    other = await make_merchant()
    assert await listed_ids(client, other, "?billingProblem=true") == []
    status, _ = await get(client, other, f"/v1/subscriptions/{pair.failing.stable_subscription_id}")
    assert status == 404


async def test_an_unknown_billing_problem_filter_is_400(client, merchant):
    status, body = await get(client, merchant, "/v1/subscriptions?billingProblem=maybe")
    assert (status, body) == (400, {"error": "Invalid input: billingProblem must be true or false"})


def test_reasons_are_words_not_tracebacks():
    assert billing_problems.reason_of(ZeroDivisionError("division by zero")) == (
        billing_problems.UNEXPECTED
    )
    assert billing_problems.reason_of(OverflowError("value out of int64 range")) == (
        billing_problems.UNEXPECTED
    )
    assert "Traceback" not in billing_problems.UNEXPECTED
