"""payment-init is no e-mail oracle and attaches to an existing customer only when the
merchant's server vouched (billing/payments/checkout/checkout_customers.py, checkout_claims.py): a
subscriber's email answers as a fresh one and their record gets nothing; paid, such a checkout
is a customer of its own (never merged into the email's customer), or, when that customer
already subscribes, refunded at once and ended ``already_subscribed``. A ``cust_`` id or a
checkout token keeps the 409."""

import pytest

from billing.catalog.models import Price
from billing.core.models import utcnow
from billing.customers import customers
from billing.customers.models import Customer
from billing.due_work import STEPS
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.invoicing.numbering import customer_number
from billing.payments.checkout import checkout_claims
from billing.payments.checkout.payment_init import ABANDONED_AFTER, expire_abandoned
from billing.payments.collection import payment_events
from billing.payments.collection.charging import method_for
from billing.payments.collection.collecting import collect_due
from billing.payments.models import Payment, PaymentMethod, Refund
from billing.subscriptions import subscriptions
from billing.subscriptions.models import Subscription
from tests.support.factories.card_payments import GOOD_CARD, stored_card
from tests.support.factories.catalog import make_plan
from tests.support.factories.checkout_shop import card_shop, pay, start

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


async def test_paying_for_a_customers_email_makes_a_customer_of_its_own(
    client, make_merchant, provider_a_api
):
    """The stranger's checkout never lands on the existing customer's record: paid, its
    pending customer becomes a customer of its own (numbers of its own), the existing one
    gets nothing, and lookups and creation by that email still mean the original."""
    account, price = await card_shop(client, make_merchant)
    known = await customers.create_customer(account.id, email="kim@example.com", name="Kim")
    known_card = await stored_card(provider_a_api, account.id, known, GOOD_CARD)
    before = await record_of(known.id)
    _, body, _ = await start(
        client, account, price, customer={"email": "kim@example.com", "name": "Someone"}
    )
    checkout = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    pending = await Customer.get(id=checkout.customer_id)
    assert pending.id != known.id and pending.checkout_pending

    assert (await pay(client, account, body["paymentIntentId"]))["status"] == "succeeded"
    await checkout.refresh_from_db()
    assert (checkout.status, checkout.customer_id) == ("active", pending.id)
    await pending.refresh_from_db()
    assert (pending.checkout_pending, pending.deleted_at, pending.email) == (
        False,
        None,
        "kim@example.com",
    )
    invoice = await Invoice.get(id=body["invoiceId"])
    assert (invoice.customer_id, invoice.status, invoice.number) == (
        pending.id,
        "paid",
        "INV-000001",
    )
    # its numbers are taken in the sequence of the customer that keeps the invoice
    assert invoice.customer_invoice_number == customer_number(pending.id, 1)
    [card] = await PaymentMethod.filter(customer_id=pending.id, deleted_at=None)
    assert checkout.payment_method_id == card.id and card.id != known_card.id
    assert await record_of(known.id) == before  # no subscription, invoice, payment or card
    await known.refresh_from_db()
    assert known.name == "Kim"

    # Two customers share the email now: lookups take the original, creation is still a 409.
    assert (await customers.find_by_email(account.id, "KIM@example.com")).id == known.id
    created = await client.post(
        "/v1/customers", json={"email": "kim@example.com"}, headers=account.headers
    )
    assert (created.status_code, await created.get_json()) == (
        409,
        {"error": "A customer with this email already exists"},
    )
    for customer_id in (known.id, pending.id):  # either may be edited, keeping its email
        edited = await client.post(
            f"/v1/customers/{customer_id}",
            json={"email": "kim@example.com", "name": "Kim B."},
            headers=account.headers,
        )
        assert edited.status_code == 200, await edited.get_json()

    # The stranger's renewal charges the stranger's card, and without it never the owner's.
    renewal_at = checkout.current_period_end
    await bill_due(renewal_at, account.id)
    await collect_due(renewal_at, account.id)
    renewal = await Invoice.filter(customer_id=pending.id).exclude(id=invoice.id).first()
    assert renewal is not None and renewal.status == "paid"
    assert [p.payment_method_id for p in await Payment.filter(invoice_id=renewal.id)] == [card.id]
    await PaymentMethod.filter(id=card.id).update(status="inactive")
    assert await method_for(renewal) is None
    assert not await Payment.filter(payment_method_id=known_card.id).exists()
    assert await record_of(known.id) == before


async def test_a_known_external_id_with_a_new_email_gets_no_external_id(client, make_merchant):
    """An external id from the page does not vouch: paid, the checkout is a customer of its
    own without it, so lookups by it still find the merchant's user; a new external id with a
    new email is kept on the new customer."""
    account, price = await card_shop(client, make_merchant)
    user = await customers.create_customer(
        account.id, email="user1@example.com", external_customer_id="user-1"
    )
    before = await record_of(user.id)
    _, body, _ = await start(
        client, account, price, userId="user-1", customer={"email": "other@example.com"}
    )
    assert (await pay(client, account, body["paymentIntentId"]))["status"] == "succeeded"
    checkout = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    buyer = await Customer.get(id=checkout.customer_id)
    assert (checkout.status, buyer.id != user.id) == ("active", True)
    assert (buyer.external_customer_id, buyer.checkout_pending, buyer.email) == (
        None,
        False,
        "other@example.com",
    )
    assert (await customers.find_by_external_id(account.id, "user-1")).id == user.id
    assert await record_of(user.id) == before

    _, body, _ = await start(
        client, account, price, userId="user-2", customer={"email": "two@example.com"}
    )
    assert (await pay(client, account, body["paymentIntentId"]))["status"] == "succeeded"
    checkout = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    fresh = await Customer.get(id=checkout.customer_id)
    assert (fresh.external_customer_id, fresh.email) == ("user-2", "two@example.com")


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
    """The hosted page's "Try again" (or a second tab) by email is a new checkout, for a
    customer of its own (the first checkout made a customer with the email). Paid, it never
    touches the first customer's record: the first checkout stays unfinished until the due
    pass ends abandoned checkouts, and its invoice is then voided without a number."""
    account, price = await card_shop(client, make_merchant)
    _, first, _ = await start(client, account, price, customer={"email": "lee@example.com"})
    _, retry, _ = await start(client, account, price, customer={"email": "lee@example.com"})
    assert retry["subscriptionId"] != first["subscriptionId"]
    earlier = await Subscription.get(stable_subscription_id=first["subscriptionId"])

    await pay(client, account, retry["paymentIntentId"])
    paid = await Subscription.get(stable_subscription_id=retry["subscriptionId"])
    assert paid.status == "active" and paid.customer_id != earlier.customer_id
    await earlier.refresh_from_db()
    assert earlier.status == "incomplete"
    # the declined card was not kept: nothing can charge the first try afterwards
    assert not await PaymentMethod.filter(customer_id=earlier.customer_id).exists()

    await expire_abandoned(earlier.created_at + ABANDONED_AFTER, account.id)
    await earlier.refresh_from_db()
    assert earlier.status == "ended"
    voided = await Invoice.get(id=first["invoiceId"])
    assert (voided.status, voided.number) == ("void", None)


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
