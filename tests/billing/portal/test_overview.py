"""The portal services as the hosted pages call them, with (merchant row, customer id): another
merchant's or mode's customer is the customers' 404, draft invoices stay out of sight, and a
removed method is unlinked from the subscription."""

import pytest

from billing.core.errors import NotFound
from billing.invoicing.models import Invoice
from billing.portal import overview, payment_methods
from tests.conftest import in_test_mode
from tests.support.factories.portal import card, known_customer
from tests.support.factories.subscriptions import subscribe


async def test_another_merchants_or_modes_customer_is_not_found(make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    theirs = await known_customer(other.id)
    test_mode = await in_test_mode(other)
    for merchant_id in (merchant.id, test_mode.id):
        with pytest.raises(NotFound, match="Customer not found or access denied"):
            await overview.portal_overview(merchant_id, theirs.id)


async def test_drafts_are_left_out_and_a_removed_method_is_unlinked(merchant):
    customer = await known_customer(merchant.id)
    sub = await subscribe(merchant.id, customer=customer)
    method = await card(merchant.id, customer)
    await payment_methods.set_subscription_payment_method(merchant.id, customer.id, method.id)
    await Invoice.create(
        merchant_id=merchant.id,
        customer_id=customer.id,
        stable_subscription_id=sub.stable_subscription_id,
        number="DRAFT-1",
        customer_invoice_number="DRAFT-1",
        billing_reason="subscription_cycle",
        currency="USD",
        issue_date=sub.start_timestamp,
    )

    found = await overview.portal_overview(merchant.id, customer.id)
    assert found.invoices == []
    assert found.subscription.payment_method_id == method.id
    assert [found.linked(m) for m in found.payment_methods] == [True]

    await payment_methods.remove_payment_method(merchant.id, customer.id, method.id)
    found = await overview.portal_overview(merchant.id, customer.id)
    assert found.payment_methods == [] and found.subscription.payment_method_id is None
