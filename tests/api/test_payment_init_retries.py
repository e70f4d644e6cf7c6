"""A page retrying its own checkout (``retryOf``, billing/payments/checkout/checkout_customers.py):
the hosted page's "Try again" after a declined card continues the same checkout (one customer,
one subscription, one invoice, a new attempt) instead of making a second customer with the
same email; an id that names no unfinished checkout of this shop, or another email, is
ignored and the checkout is a new one, answering as always."""

import pytest

from billing.customers.models import Customer
from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from billing.subscriptions.models import Subscription
from tests.support.factories.card_payments import DECLINED_CARD
from tests.support.factories.checkout_shop import card_shop, pay, start

EMAIL = {"email": "lee@example.com"}

pytestmark = pytest.mark.usefixtures("provider_a_api")


async def test_try_again_after_a_decline_continues_the_same_checkout(client, make_merchant):
    account, price = await card_shop(client, make_merchant)
    _, first, _ = await start(client, account, price, customer=EMAIL)
    declined = await pay(client, account, first["paymentIntentId"], DECLINED_CARD)
    assert declined["status"] == "failed"

    status, retry, _ = await start(
        client, account, price, customer=EMAIL, retryOf=first["subscriptionId"]
    )
    assert status == 201
    assert (retry["subscriptionId"], retry["invoiceId"]) == (
        first["subscriptionId"],
        first["invoiceId"],
    )
    assert retry["paymentIntentId"] != first["paymentIntentId"]  # a new attempt
    await pay(client, account, retry["paymentIntentId"])

    assert await Customer.filter(merchant_id=account.id, deleted_at=None).count() == 1
    [live] = await Subscription.filter(merchant_id=account.id, deleted_at=None)
    assert live.status == "active"
    invoice = await Invoice.get(id=first["invoiceId"])
    assert invoice.status == "paid" and invoice.number
    attempts = await Payment.filter(invoice_id=invoice.id).order_by("attempt")
    assert [p.status for p in attempts] == ["failed", "succeeded"]


async def test_retry_of_with_another_email_is_a_new_checkout(client, make_merchant):
    account, price = await card_shop(client, make_merchant)
    _, first, _ = await start(client, account, price, customer=EMAIL)
    status, other, _ = await start(
        client,
        account,
        price,
        customer={"email": "kim@example.com"},
        retryOf=first["subscriptionId"],
    )
    assert status == 201 and other["subscriptionId"] != first["subscriptionId"]
    kim = await Customer.get(merchant_id=account.id, email="kim@example.com")
    assert (await Subscription.get(stable_subscription_id=other["subscriptionId"])).customer_id == (
        kim.id
    )


async def test_retry_of_another_shops_checkout_is_ignored(client, make_merchant):
    account, price = await card_shop(client, make_merchant)
    other_shop, other_price = await card_shop(client, make_merchant)
    _, theirs, _ = await start(client, other_shop, other_price, customer=EMAIL)

    status, mine, _ = await start(
        client, account, price, customer=EMAIL, retryOf=theirs["subscriptionId"]
    )
    assert status == 201 and mine["subscriptionId"] != theirs["subscriptionId"]
    assert await Customer.filter(merchant_id=account.id).count() == 1
    assert await Subscription.filter(merchant_id=other_shop.id).count() == 1


async def test_retry_of_a_finished_or_unknown_checkout_is_a_new_one(client, make_merchant):
    account, price = await card_shop(client, make_merchant)
    _, first, _ = await start(client, account, price, customer=EMAIL)
    await pay(client, account, first["paymentIntentId"])
    for retry_of in (first["subscriptionId"], "sub_unknown", 42):
        status, body, _ = await start(client, account, price, customer=EMAIL, retryOf=retry_of)
        if retry_of == 42:
            assert status == 400  # the document says a string
            continue
        assert status == 201 and body["subscriptionId"] != first["subscriptionId"]
    assert (await Subscription.get(stable_subscription_id=first["subscriptionId"])).status == (
        "active"
    )
