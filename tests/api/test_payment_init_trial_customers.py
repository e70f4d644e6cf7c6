"""Where two parts of payment-init meet (issue 28): the merchant's own user id as
``customerId`` (``checkout_customers``) for a plan whose trial collects a card
(``checkout_setup``). The customer made from the external id keeps it and the SetupIntent flow
starts the trial; with no provider configured the 409 stores nothing, neither a new customer
nor the external id on an existing one."""

import pytest

from billing.customers.models import Customer
from billing.invoicing.models import Invoice
from billing.subscriptions.models import Subscription
from tests.support.api.payment_init import PATH, nothing_stored, provider_a_merchant
from tests.support.api.payment_init_cards import CARD, kept_cards, trial_plan

NO_PROVIDER = "No payment provider is configured for this merchant"


async def start(client, account, price, **fields):
    body = {"planId": price.plan_id, "priceId": price.id, **fields}
    response = await client.post(PATH, json=body, headers=account.public_headers)
    return response.status_code, await response.get_json()


@pytest.mark.usefixtures("provider_a_api")
async def test_a_trial_for_an_external_id_keeps_it_and_collects_the_card(client, make_merchant):
    account = await provider_a_merchant(client, make_merchant)
    _, price = await trial_plan(account.id)
    status, body = await start(
        client, account, price, userId="user-77", customerEmail="ida@example.com"
    )
    assert status == 201, body
    assert (body["intentType"], body["status"], body["amountCents"]) == (
        "setup_intent",
        "requires_card",
        0,
    )
    [customer] = await Customer.filter(merchant_id=account.id)
    assert (customer.external_customer_id, customer.email) == ("user-77", "ida@example.com")

    # The same user comes back before confirming, named by its cust_ id (the merchant's server
    # vouches; an external id alone names no customer): the same intent.
    status, again = await start(client, account, price, customerId=customer.id)
    assert status == 201, again
    assert (again["subscriptionId"], again["setupIntentId"]) == (
        body["subscriptionId"],
        body["setupIntentId"],
    )

    confirmed = await client.post(
        f"{PATH}/confirm-card",
        json={"setupIntentId": body["setupIntentId"], "card": CARD},
        headers=account.public_headers,
    )
    assert (await confirmed.get_json())["subscriptionStatus"] == "trialing"
    sub = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    [card] = await kept_cards(account.id)
    assert (sub.status, sub.customer_id, sub.payment_method_id) == (
        "trialing",
        customer.id,
        card.id,
    )
    assert card.customer_id == customer.id
    assert not await Invoice.filter(merchant_id=account.id).exists()  # nothing charged


async def test_no_provider_stores_no_customer_for_an_external_id(client, merchant):
    _, price = await trial_plan(merchant.id)
    status, body = await start(
        client, merchant, price, customerId="user-8", customer={"email": "jo@example.com"}
    )
    assert status == 409, body
    assert body["error"].startswith(NO_PROVIDER)
    assert not await Customer.filter(merchant_id=merchant.id).exists()
    assert await nothing_stored(merchant.id)


async def test_no_provider_leaves_the_customer_with_the_email_as_it_was(client, merchant):
    known = await Customer.create(
        merchant_id=merchant.id, email="kim@example.com", email_normalized="kim@example.com"
    )
    _, price = await trial_plan(merchant.id)
    status, body = await start(
        client, merchant, price, userId="user-9", customerEmail="kim@example.com"
    )
    assert status == 409, body
    assert body["error"].startswith(NO_PROVIDER)
    await known.refresh_from_db()
    assert known.external_customer_id is None
    assert await Customer.filter(merchant_id=merchant.id).count() == 1
    assert await nothing_stored(merchant.id)
