"""POST /v1/public/payment-init: which customer a checkout is for. ``customerId`` is Tally's
``cust_…`` id (vouched: that customer) or the merchant's external id, stored on a new customer
but never used to find one (the page's word is not vouching; billing/payments/
checkout_customers.py), Lumen's field names are aliases, and a customer made this way can open
the portal by its external id. Free prices, so no provider is needed."""

import pytest

from billing.customers.models import Customer
from billing.payments.checkout.checkout_customers import NEEDS_EMAIL
from billing.subscriptions.models import Subscription
from tests.conftest import in_test_mode
from tests.support.api.payment_init import PATH, nothing_stored, paid_plan
from tests.support.factories.portal import RETURN_URL


async def start(client, account, price, **fields):
    body = {"planId": price.plan_id, "priceId": price.id, **fields}
    response = await client.post(PATH, json=body, headers=account.public_headers)
    return response.status_code, await response.get_json()


async def customers_of(merchant_id: str) -> list[Customer]:
    return await Customer.filter(merchant_id=merchant_id, deleted_at=None).order_by("created_at")


async def test_an_external_id_creates_then_finds_the_same_customer(client, merchant):
    _, price = await paid_plan(merchant.id, cents=0)
    status, body = await start(
        client, merchant, price, customerId="user-42", customer={"email": "ada@example.com"}
    )
    assert (status, body["status"]) == (201, "active"), body
    [customer] = await customers_of(merchant.id)
    assert (customer.external_customer_id, customer.email) == ("user-42", "ada@example.com")
    subscription = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert subscription.customer_id == customer.id

    # The same user again, by external id alone: not a name of a customer (anyone could send
    # it), so an email is required, exactly as for an unknown external id.
    status, again = await start(client, merchant, price, customerId="user-42")
    assert (status, again) == (400, {"error": NEEDS_EMAIL})
    # By its cust_ id (the merchant's server vouches): found, and already subscribed.
    status, again = await start(client, merchant, price, customerId=customer.id)
    assert (status, again["existingSubscriptionId"]) == (409, body["subscriptionId"])
    assert len(await customers_of(merchant.id)) == 1

    # The merchant opens the portal for that user by the external id it knows.
    portal = await client.post(
        "/v1/customers/portal/sessions",
        json={"externalCustomerId": "user-42", "returnUrl": RETURN_URL},
        headers=merchant.headers,
    )
    assert portal.status_code == 201, await portal.get_json()
    assert "/portal/ptok_" in (await portal.get_json())["url"]


async def test_the_customer_with_the_email_is_left_alone(client, merchant):
    """An external id and the email of an existing customer from the page: that customer is not
    given the external id nor the subscription; the checkout has a pending customer of its
    own (settled at payment; a free price has none, so it stays the checkout's)."""
    made = await client.post(
        "/v1/customers", json={"email": "Bo@Example.com", "name": "Bo"}, headers=merchant.headers
    )
    customer_id = (await made.get_json())["customer"]["id"]
    _, price = await paid_plan(merchant.id, cents=0)
    status, body = await start(
        client, merchant, price, customerId="ext-7", customer={"email": "bo@example.com"}
    )
    assert status == 201, body
    bo, pending = await customers_of(merchant.id)
    assert (bo.id, bo.external_customer_id, bo.name) == (customer_id, None, "Bo")
    assert not await Subscription.filter(customer_id=bo.id).exists()
    assert (pending.checkout_pending, pending.external_customer_id) == (True, None)
    subscription = await Subscription.get(stable_subscription_id=body["subscriptionId"])
    assert subscription.customer_id == pending.id


async def test_an_email_of_another_external_id_is_answered_as_a_fresh_one(client, merchant):
    cy = await Customer.create(
        merchant_id=merchant.id,
        email="cy@example.com",
        email_normalized="cy@example.com",
        external_customer_id="user-1",
    )
    _, price = await paid_plan(merchant.id, cents=0)
    status, body = await start(
        client, merchant, price, customerId="user-2", customer={"email": "cy@example.com"}
    )
    fresh_status, fresh = await start(
        client, merchant, price, customerId="user-3", customer={"email": "new@example.com"}
    )
    assert status == fresh_status == 201, body
    assert set(body) == set(fresh) and body["status"] == fresh["status"]
    await cy.refresh_from_db()
    assert cy.external_customer_id == "user-1"
    assert not await Subscription.filter(customer_id=cy.id).exists()


async def test_lumens_field_names_are_aliases(client, merchant):
    _, price = await paid_plan(merchant.id, cents=0)
    status, body = await start(
        client,
        merchant,
        price,
        userId="lumen-user-9",
        customerEmail="dee@example.com",
        customerName="Dee",
        customer={"email": "dee@example.com"},  # the same value under both names is fine
    )
    assert status == 201, body
    [customer] = await customers_of(merchant.id)
    assert (customer.external_customer_id, customer.email, customer.name) == (
        "lumen-user-9",
        "dee@example.com",
        "Dee",
    )
    status, again = await start(client, merchant, price, userId=customer.id)  # a cust_ id
    assert (status, again["existingSubscriptionId"]) == (409, body["subscriptionId"])


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        (
            {"customerId": "user-1", "userId": "user-2", "customerEmail": "e@example.com"},
            "Invalid input: customerId and userId name different values; send one of them",
        ),
        (
            {"customerEmail": "e@example.com", "customer": {"email": "f@example.com"}},
            "Invalid input: customer.email and customerEmail name different values; "
            "send one of them",
        ),
        (
            {"customerEmail": "e@example.com", "customerName": "E", "customer": {"name": "F"}},
            "Invalid input: customer.name and customerName name different values; send one of them",
        ),
        (
            {"customerId": "user-new"},
            NEEDS_EMAIL,
        ),
        ({"userId": "  ", "customerEmail": "e@example.com"}, None),
        ({"customerId": "user-1", "customerEmail": "not-an-email"}, None),
        ({"userId": 7, "customerEmail": "e@example.com"}, None),
        ({"customerId": "x" * 201, "customerEmail": "e@example.com"}, None),
    ],
    ids=[
        "two-ids",
        "two-emails",
        "two-names",
        "unknown-id-no-email",
        "blank",
        "bad-email",
        "int",
        "long",
    ],
)
async def test_bad_customer_fields_are_400_and_store_nothing(client, merchant, fields, error):
    _, price = await paid_plan(merchant.id, cents=0)
    status, body = await start(client, merchant, price, **fields)
    assert status == 400, body
    assert set(body) == {"error"}
    if error:
        assert body["error"] == error
    assert await nothing_stored(merchant.id)
    assert not await customers_of(merchant.id)


async def test_ids_of_another_tenant_or_mode(client, make_merchant, merchant):
    other = await make_merchant("Other")
    stranger = await Customer.create(
        merchant_id=other.id,
        email="x@example.com",
        email_normalized="x@example.com",
        external_customer_id="shared-id",
    )
    _, price = await paid_plan(merchant.id, cents=0)
    status, body = await start(client, merchant, price, customerId=stranger.id)
    assert (status, body) == (404, {"error": "Customer not found or access denied"})

    # Another merchant's external id is only a name: this merchant gets a customer of its own.
    status, body = await start(
        client, merchant, price, customerId="shared-id", customer={"email": "x@example.com"}
    )
    assert status == 201, body
    [own] = await customers_of(merchant.id)
    assert own.external_customer_id == "shared-id" and own.id != stranger.id
    assert (await Customer.get(id=stranger.id)).external_customer_id == "shared-id"


async def test_test_and_live_keys_keep_their_own_customers(client, merchant):
    test = await in_test_mode(merchant)
    _, live_price = await paid_plan(merchant.id, cents=0)
    _, test_price = await paid_plan(test.id, cents=0)
    fields = {"customerId": "user-5", "customer": {"email": "eve@example.com"}}
    status, live_body = await start(client, merchant, live_price, **fields)
    assert status == 201, live_body
    status, test_body = await start(client, test, test_price, **fields)
    assert status == 201, test_body
    [live_customer] = await customers_of(merchant.id)
    [test_customer] = await customers_of(test.id)
    assert live_customer.id != test_customer.id
    assert live_customer.external_customer_id == test_customer.external_customer_id == "user-5"

    # A cust_ id of the other mode answers as missing; a live price with a test key too.
    status, body = await start(client, test, test_price, customerId=live_customer.id)
    assert (status, body["error"]) == (404, "Customer not found or access denied")
    status, body = await start(client, test, live_price, customerId=test_customer.id)
    assert (status, body["error"]) == (404, "Plan not found or access denied")
    status, body = await start(client, merchant, live_price, customerId=live_customer.id)
    assert (status, body["existingSubscriptionId"]) == (409, live_body["subscriptionId"])
