"""Linking and removing payment methods through the portal: with a session only the session
customer's methods, with a secret key only the merchant row's; anything else is the one 404
``Payment method not found`` and changes nothing."""

from billing.subscriptions.models import Subscription
from tests.support.factories.portal import (
    card,
    known_customer,
    live_method,
    portal_headers,
    session_token,
)
from tests.support.factories.subscriptions import subscribe

LINK = "/v1/customers/portal/set-subscription-payment-method"
NOT_FOUND = {"error": "Payment method not found"}


async def _link(client, headers, body):
    response = await client.post(LINK, json=body, headers=headers)
    return response.status_code, await response.get_json()


async def _remove(client, headers, method_id, external_id=None):
    query = {} if external_id is None else {"externalCustomerId": external_id}
    response = await client.delete(
        f"/v1/customers/portal/payment-methods/{method_id}", headers=headers, query_string=query
    )
    return response.status_code, await response.get_json()


async def _linked(sub) -> str | None:
    live = await Subscription.get(
        stable_subscription_id=sub.stable_subscription_id, deleted_at=None
    )
    return live.payment_method_id


async def test_a_session_links_its_customers_method_and_nobody_elses(client, make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    ada, bob = await known_customer(merchant.id), await known_customer(merchant.id, name="Bob")
    sub = await subscribe(merchant.id, customer=ada)
    mine, bobs = await card(merchant.id, ada), await card(merchant.id, bob)
    theirs = await card(other.id, await known_customer(other.id))
    headers = portal_headers(await session_token(merchant.id, ada))

    assert await _link(client, headers, {"paymentMethodId": bobs.id}) == (404, NOT_FOUND)
    assert await _link(client, headers, {"paymentMethodId": theirs.id}) == (404, NOT_FOUND)
    assert await _link(client, headers, {"paymentMethodId": "pm_nope"}) == (404, NOT_FOUND)
    assert await _linked(sub) is None

    assert await _link(client, headers, {"paymentMethodId": mine.id}) == (200, {"success": True})
    assert await _linked(sub) == mine.id


async def test_linking_needs_an_active_method_and_a_live_subscription(client, merchant):
    customer = await known_customer(merchant.id)
    active, pending = (
        await card(merchant.id, customer),
        await card(merchant.id, customer, status="pending"),
    )
    ext = customer.external_customer_id
    status, body = await _link(client, merchant.headers, {"externalCustomerId": ext})
    assert (status, body) == (400, {"error": "paymentMethodId is required"})
    status, body = await _link(
        client, merchant.headers, {"externalCustomerId": ext, "paymentMethodId": active.id}
    )
    assert (status, body) == (
        400,
        {"error": "The customer has no active subscription to link a payment method to"},
    )
    sub = await subscribe(merchant.id, customer=customer)
    status, body = await _link(
        client, merchant.headers, {"externalCustomerId": ext, "paymentMethodId": pending.id}
    )
    assert status == 400 and "active payment method" in body["error"]
    status, body = await _link(client, merchant.headers, {"paymentMethodId": active.id})
    assert (status, body) == (400, {"error": "externalCustomerId is required"})
    status, body = await _link(
        client, merchant.headers, {"externalCustomerId": ext, "paymentMethodId": 7}
    )
    assert status == 400 and "paymentMethodId" in body["error"]
    assert await _linked(sub) is None


async def test_removing_the_linked_method_unlinks_it(client, merchant):
    customer = await known_customer(merchant.id)
    sub = await subscribe(merchant.id, customer=customer)
    method = await card(merchant.id, customer)
    headers = portal_headers(await session_token(merchant.id, customer))
    assert (await _link(client, headers, {"paymentMethodId": method.id}))[0] == 200

    assert await _remove(client, headers, method.id) == (200, {"success": True})
    assert await live_method(method.id) is None
    assert await _linked(sub) is None
    assert await _remove(client, headers, method.id) == (404, NOT_FOUND)
    overview = await client.get("/v1/customers/portal/overview", headers=headers)
    assert (await overview.get_json())["portal"]["paymentMethods"] == []


async def test_a_session_cannot_remove_another_customers_method(client, make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    ada, bob = await known_customer(merchant.id), await known_customer(merchant.id, name="Bob")
    bobs = await card(merchant.id, bob)
    theirs = await card(other.id, await known_customer(other.id))
    headers = portal_headers(await session_token(merchant.id, ada))
    assert await _remove(client, headers, bobs.id) == (404, NOT_FOUND)
    assert await _remove(client, headers, theirs.id) == (404, NOT_FOUND)
    assert await live_method(bobs.id) is not None and await live_method(theirs.id) is not None


async def test_a_secret_key_removes_the_merchants_methods_only(client, make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    ada, bob = await known_customer(merchant.id), await known_customer(merchant.id, name="Bob")
    adas, bobs = await card(merchant.id, ada), await card(merchant.id, bob)
    theirs = await card(other.id, await known_customer(other.id))

    assert await _remove(client, merchant.headers, theirs.id) == (404, NOT_FOUND)
    named = await _remove(client, merchant.headers, bobs.id, ada.external_customer_id)
    assert named == (404, NOT_FOUND)  # named customer: only theirs
    assert await live_method(theirs.id) is not None and await live_method(bobs.id) is not None
    assert await _remove(client, merchant.headers, adas.id) == (200, {"success": True})
    assert await live_method(adas.id) is None
