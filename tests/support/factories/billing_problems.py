"""Two usage-priced subscriptions of one merchant, one of them holding a usage value too large
to bill, stored as legacy data (the intake refuses such a value now, so it goes around it,
as events stored before the bound did), for the tests of billing problems.

Both subscribe from 2030-01-01 to a monthly fee of 10.00 plus Storage at 0.25 per GB (a SUM
metric); their first period is billed at once. The healthy one used 4 GB in January, the
failing one 2^63 GB, so its January line comes to 25 × 2^63 cents.
"""

import dataclasses
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

from billing.invoicing.billing_run import bill_due
from billing.subscriptions.models import Subscription
from billing.usage.event_inputs import parse_event
from billing.usage.event_writer import write_rows
from billing.usage.models import UsageCheckpoint, UsageEvent, UsageRollup
from tests.support.factories.invoices import fee_and_storage, priced_subscription, sum_metric, use
from tests.support.factories.subscriptions import make_customer

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
JAN_15 = datetime(2030, 1, 15, tzinfo=UTC)
FEB_1 = datetime(2030, 2, 1, tzinfo=UTC)
TOO_MUCH = Decimal(2**63)


@dataclass
class Pair:
    failing: Subscription
    healthy: Subscription
    event_name: str


async def store_legacy(
    merchant_id: str, customer_id: str, event_name: str, value: Decimal, at: datetime = JAN_15
) -> None:
    """An event of ``value`` at ``at`` written by the intake's writer (with its rollup),
    unchecked."""
    row = parse_event(
        merchant_id, {"eventName": event_name, "customerId": customer_id, "eventValue": 1}
    )
    row = dataclasses.replace(row, event_value=value, event_timestamp=at)
    await write_rows([row])


async def failing_and_healthy(merchant_id: str) -> Pair:
    metric = await sum_metric(merchant_id)
    pricing = fee_and_storage(metric.id)
    failing_customer = await make_customer(merchant_id, name="Runaway Ltd")
    healthy_customer = await make_customer(merchant_id, name="Steady Inc")
    failing = await priced_subscription(
        merchant_id, pricing, start=JAN_1, customer=failing_customer
    )
    healthy = await priced_subscription(
        merchant_id, pricing, start=JAN_1, customer=healthy_customer
    )
    await bill_due(JAN_1, merchant_id)
    await use(merchant_id, healthy_customer.id, metric, 4, JAN_15)
    await store_legacy(merchant_id, failing_customer.id, metric.event_name, TOO_MUCH)
    return Pair(failing, healthy, metric.event_name)


async def correct_value(merchant_id: str, customer_id: str, value: int) -> None:
    """What an operator does to fix the stored value: the event, its hour's rollup and any
    checkpoint summed from it."""
    await UsageEvent.filter(merchant_id=merchant_id, customer_key=customer_id).update(
        event_value=value
    )
    await UsageRollup.filter(merchant_id=merchant_id, customer_key=customer_id).update(
        value_sum=value, value_min=value, value_max=value, latest_value=value
    )
    await UsageCheckpoint.filter(merchant_id=merchant_id).delete()
