"""payment-init is no e-mail oracle and attaches to an existing customer only when the
merchant's server vouched (billing/payments/checkout_customers.py, checkout_claims.py): a
subscriber's email answers as a fresh one and their record gets nothing; paid, such a checkout
is merged into the email's customer, or, when that customer already subscribes, refunded at
once and ended ``already_subscribed``. A ``cust_`` id or a checkout token keeps the 409."""

import pytest

from billing.catalog.models import Price
from billing.core.models import utcnow
from billing.customers import customers
from billing.customers.models import Customer
from billing.due_work import STEPS
from billing.invoicing.models import Invoice
from billing.payments import checkout_claims, payment_events
from billing.payments.models import Payment, PaymentMethod, Refund
from billing.subscriptions import subscriptions
from billing.subscriptions.models import Subscription
from tests.card_payments import GOOD_CARD
from tests.checkout_shop import card_shop, pay, start
from tests.factories import make_plan

pytestmark = pytest.mark.usefixtures("provider_a_api")


async def a_subscriber(merchant_id: str, price: Price, email: str) -> Customer:
    customer = await customers.create_customer(
        merchant_id, email=email, external_customer_id="user-1"
    )
    await subscriptions.create_subscription(
        merchant_id, customer_id=customer.id, plan_id=price.plan_id, effective_price_id=price.id
    )
    return customer


async def record_of(customer_id: str) -> tuple:
    """What a customer's record holds that a checkout could touch."""
    customer = await Customer.get(id=customer_id)
    return (
        customer.email,
        customer.external_customer_id,
        customer.deleted_at,
        sorted(await Subscription.filter(customer_id=customer_id).values_list("id", "status")),
        await Invoice.filter(customer_id=customer_id).count(),
        await Payment.filter(customer_id=customer_id).count(),
        await PaymentMethod.filter(customer_id=customer_id).count(),
    )


def shape(body: dict) -> tuple:
    """What a caller can compare between two answers: the fields, status and amounts."""
    return sorted(body), body["status"], body["provider"], body["amountCents"], body["currency"]


async def test_a_subscribers_email_answers_as_a_fresh_one(client, make_merchant):
    account, price = await card_shop(client, make_merchant)
    subscriber = await a_subscriber(account.id, price, "sub@example.com")
    before = await record_of(subscriber.id)

    status, known, _ = await start(
        client, account, price, userId="user-1", customer={"email": "SUB@example.com"}
    )
    fresh_status, fresh, _ = await start(
        client, account, price, userId="user-2", customer={"email": "new@example.com"}
    )
    assert status == fresh_status == 201, known
    assert shape(known) == shape(fresh)
    assert "existingSubscriptionId" not in known
    assert await record_of(subscriber.id) == before  # no incomplete subscription, no invoice


async def test_paying_for_a_subscribers_email_is_refunded_and_ends_already_subscribed(
    client, make_merchant
):
    account, price = await card_shop(client, make_merchant)
    subscriber = await a_subscriber(account.id, price, "sub@example.com")
    before = await record_of(subscriber.id)
    _, body, _ = await start(client, account, price, customer={"email": "sub@example.com"})

    answer = await pay(client, account, body["paymentIntentId"])
    assert answer == {
        "status": "already_subscribed",
        "message": "You already have a subscription: this payment is refunded",
    }
    payment = await Payment.get(provider_payment_id=body["paymentIntentId"])
    assert payment.checkout_outcome == "already_subscribed"
    event = await payment_events.current_event(account.id, payment.id)
    assert event["status"] == "already_subscribed" and payment_events.is_final(event)
    checkout = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert (checkout.status, checkout.customer_id) == ("ended", payment.customer_id)
    assert payment.customer_id != subscriber.id
    assert await record_of(subscriber.id) == before

    # The due-work loop (woken by the commit) refunds it in full, once however often it runs.
    assert ("refused checkouts", checkout_claims.refund_refused) in STEPS
    await checkout_claims.refund_refused(utcnow(), account.id)
    await checkout_claims.refund_refused(utcnow(), account.id)
    [refund] = await Refund.filter(payment_id=payment.id)
    assert (refund.amount_cents, refund.status) == (payment.amount_cents, "succeeded")
    assert await record_of(subscriber.id) == before


async def test_paying_for_a_customers_email_merges_into_that_customer(client, make_merchant):
    account, price = await card_shop(client, make_merchant)
    known = await customers.create_customer(account.id, email="kim@example.com", name="Kim")
    _, body, _ = await start(
        client, account, price, customer={"email": "kim@example.com", "name": "Someone"}
    )
    checkout = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    pending = await Customer.get(id=checkout.customer_id)
    assert pending.id != known.id and pending.checkout_pending
    assert not await Subscription.filter(customer_id=known.id).exists()

    assert (await pay(client, account, body["paymentIntentId"]))["status"] == "succeeded"
    await checkout.refresh_from_db()
    assert (checkout.status, checkout.customer_id) == ("active", known.id)
    invoice = await Invoice.get(id=body["invoiceId"])
    assert (invoice.customer_id, invoice.status, invoice.number) == (known.id, "paid", "INV-000001")
    [card] = await PaymentMethod.filter(merchant_id=account.id, deleted_at=None)
    assert card.customer_id == known.id and checkout.payment_method_id == card.id
    await pending.refresh_from_db()
    assert (pending.merged_into, pending.deleted_at is not None) == (known.id, True)
    await known.refresh_from_db()
    assert known.name == "Kim"  # the page's name does not overwrite the record


async def test_a_cust_id_or_a_token_vouches_and_keeps_the_409(client, make_merchant):
    account, price = await card_shop(client, make_merchant)
    subscriber = await a_subscriber(account.id, price, "sub@example.com")
    [existing] = await Subscription.filter(customer_id=subscriber.id)
    conflict = {
        "error": "Customer already has an active subscription.",
        "existingSubscriptionId": existing.stable_subscription_id,
    }
    status, body, _ = await start(client, account, price, customerId=subscriber.id)
    assert (status, body) == (409, conflict)

    made = await client.post(
        f"/v1/customers/{subscriber.id}/checkout-tokens", headers=account.headers
    )
    assert made.status_code == 201
    token = await made.get_json()
    assert set(token) == {"token", "expiresAt"}
    status, body, _ = await start(client, account, price, customerToken=token["token"])
    assert (status, body) == (409, conflict)

    buyer = await customers.create_customer(account.id, email="bo@example.com")
    made = await client.post(f"/v1/customers/{buyer.id}/checkout-tokens", headers=account.headers)
    vouched = (await made.get_json())["token"]
    status, body, _ = await start(
        client, account, price, customerToken=vouched, customer={"email": "x@example.com"}
    )
    assert status == 201, body
    checkout = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert checkout.customer_id == buyer.id
    # A reload with the same token: the same checkout and intent, as for a cust_ id.
    _, again, _ = await start(client, account, price, customerToken=vouched)
    assert again["paymentIntentId"] == body["paymentIntentId"]


async def test_a_retry_paid_ends_the_earlier_unfinished_checkout(client, make_merchant):
    """The hosted page's "Try again" (or a second tab) by email is a new checkout; once it is
    paid and merged, the first one ends and its invoice is voided without a number."""
    account, price = await card_shop(client, make_merchant)
    _, first, _ = await start(client, account, price, customer={"email": "lee@example.com"})
    _, retry, _ = await start(client, account, price, customer={"email": "lee@example.com"})
    assert retry["subscriptionId"] != first["subscriptionId"]
    earlier = await Subscription.get(stable_subscription_id=first["subscriptionId"])

    await pay(client, account, retry["paymentIntentId"])
    paid = await Subscription.get(stable_subscription_id=retry["subscriptionId"])
    assert (paid.status, paid.customer_id) == ("active", earlier.customer_id)
    await earlier.refresh_from_db()
    assert earlier.status == "ended"
    voided = await Invoice.get(id=first["invoiceId"])
    assert (voided.status, voided.number) == ("void", None)
    assert (await Payment.get(provider_payment_id=first["paymentIntentId"])).status == "failed"


async def test_a_trial_for_a_subscribers_email_is_refused_when_its_card_is_confirmed(
    client, make_merchant
):
    account, price = await card_shop(client, make_merchant)
    subscriber = await a_subscriber(account.id, price, "sub@example.com")
    before = await record_of(subscriber.id)
    trial = await make_plan(account.id, name="Team", monthly_cents=2900, trial_days=14)
    trial_price = await Price.filter(plan_id=trial.id).first()
    status, body, _ = await start(
        client, account, trial_price, customer={"email": "sub@example.com"}
    )
    assert (status, body["status"], body["intentType"]) == (201, "requires_card", "setup_intent")

    card = {"number": GOOD_CARD, "expMonth": 12, "expYear": 2034, "cvc": "123"}
    confirmed = await client.post(
        "/v1/public/payment-init/confirm-card",
        json={"setupIntentId": body["setupIntentId"], "card": card},
        headers=account.public_headers,
    )
    answer = await confirmed.get_json()
    assert (answer["status"], answer["subscriptionStatus"]) == ("already_subscribed", "ended")
    assert await record_of(subscriber.id) == before
    assert not await PaymentMethod.filter(merchant_id=account.id).exists()
