"""A "$10 + usage" price summarised without a browser: the customer's portal says "+ usage"
beside the fee, as the dashboard's subscription card does (the one ``price_summary``)."""

from datetime import UTC, datetime

from tests.support.factories.invoices import fee_and_storage, priced_subscription, sum_metric
from tests.support.factories.subscriptions import make_customer
from tests.support.webapp.portal_pages import signed_in


async def test_the_portal_says_plus_usage_beside_the_fee(client, merchant):
    metric = await sum_metric(merchant.id)
    customer = await make_customer(merchant.id)
    customer.external_customer_id = "ext-ada"
    await customer.save(update_fields=["external_customer_id"])
    await priced_subscription(
        merchant.id,
        fee_and_storage(metric.id),
        start=datetime(2030, 1, 1, tzinfo=UTC),
        customer=customer,
    )
    page, _ = await signed_in(client, merchant.id, customer)
    assert "$10.00 / month + usage" in page
