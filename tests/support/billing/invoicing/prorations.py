"""Helpers for tests of billing/invoicing/prorations, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from datetime import timedelta

from billing.catalog.models import Price
from billing.core.models import utcnow
from billing.invoicing.billing_run import bill_due
from tests.support.factories.invoices import FLAT_49, priced_subscription


async def paid_subscription(merchant_id: str):
    """A 49.00 monthly subscription that started ten days ago and paid its first month."""
    sub = await priced_subscription(merchant_id, FLAT_49, start=utcnow() - timedelta(days=10))
    await bill_due(utcnow(), merchant_id)
    other = await Price.create(
        merchant_id=merchant_id,
        plan_id=sub.plan_id,
        currency="USD",
        pricing_data={"type": "flat_rate", "amount": 5900, "interval": "month"},
    )
    return sub, other
