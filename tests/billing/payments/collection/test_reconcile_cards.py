"""Reconciliation keeps a checkout's card (issue 28, points 1 and 5): a first payment the
customer confirmed at the gateway, whose webhook and page confirmation never arrived, is
settled by the due pass's check, and the card it paid with is kept and linked to the
subscription, dated by that pass's clock like every row a pass writes. Provider A is a real
localstripe."""

import asyncio
from datetime import timedelta

import pytest

from billing.invoicing.models import Invoice
from billing.payments.collection.reconcile import reconcile_due
from billing.payments.models import Payment
from billing.subscriptions.models import Subscription
from tests.support.api.payment_init import init, paid_plan, provider_a_merchant
from tests.support.api.payment_init_cards import confirm_in_browser, kept_cards


@pytest.mark.usefixtures("provider_a_api")
async def test_a_checkout_card_kept_by_reconciliation_carries_the_pass_clock(
    client, make_merchant, provider_a_api
):
    account = await provider_a_merchant(client, make_merchant)
    plan, price = await paid_plan(account.id)
    status, body = await init(client, account, plan, price)
    assert status == 201, body
    confirmed = await asyncio.to_thread(confirm_in_browser, provider_a_api, body["paymentIntentId"])
    assert confirmed["status"] == "succeeded"  # at the gateway; Tally has not heard yet
    payment = await Payment.get(provider_payment_id=body["paymentIntentId"])
    assert payment.status == "pending" and not await kept_cards(account.id)

    now = (payment.retry_at or payment.created_at) + timedelta(days=2, minutes=7)
    outcomes = await reconcile_due(now, account.id)
    assert outcomes["reconciled succeeded"] == 1, outcomes

    [card] = await kept_cards(account.id)
    assert (card.card_last_four, card.created_at) == ("4242", now)
    await payment.refresh_from_db()
    assert (payment.status, payment.payment_method_id) == ("succeeded", card.id)
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert (sub.status, sub.payment_method_id) == ("active", card.id)
    assert (await Invoice.get(id=body["invoiceId"])).status == "paid"
