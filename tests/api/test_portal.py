"""GET /v1/customers/portal/overview with a secret key or a portal session: what the customer
sees (subscription, linked method, invoices with working PDF links, payments), and the
refusals: no customer named, an unknown one, another merchant's or mode's, another customer's
through a session, no credentials. The customer's card is charged through the in-memory
gateway (the subject is the overview, not the provider)."""

from datetime import timedelta

from billing.core.models import utcnow
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.collection.collecting import collect_due
from billing.payments.models import Payment
from tests.conftest import in_test_mode
from tests.support.factories.card_payments import GOOD_CARD, JAN_1
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.portal import card, known_customer, portal_headers, session_token
from tests.support.factories.subscriptions import subscribe
from tests.support.fakes.memory_gateway import memory_card, memory_card_merchant

OVERVIEW = "/v1/customers/portal/overview"
CUSTOMER_NOT_FOUND = {"error": "Customer not found or access denied"}


async def _overview(client, headers, external_id=None):
    query = {} if external_id is None else {"externalCustomerId": external_id}
    response = await client.get(OVERVIEW, query_string=query, headers=headers)
    return response.status_code, await response.get_json()


async def test_the_overview_shows_what_the_customer_pays_with_and_has_paid(
    client,
    make_merchant,
    memory_gateway,
):
    merchant = await memory_card_merchant(make_merchant)
    customer = await known_customer(merchant.id, name="Grace")
    method = await memory_card(merchant.id, customer, GOOD_CARD)
    spare = await card(merchant.id, customer, last4="1881")
    sub = await priced_subscription(merchant.id, FLAT_49, start=JAN_1, customer=customer)
    linked = await client.post(
        "/v1/customers/portal/set-subscription-payment-method",
        json={"externalCustomerId": customer.external_customer_id, "paymentMethodId": method.id},
        headers=merchant.headers,
    )
    assert (linked.status_code, await linked.get_json()) == (200, {"success": True})
    await bill_due(JAN_1, merchant.id)
    await collect_due(JAN_1, merchant.id)

    status, body = await _overview(client, merchant.headers, customer.external_customer_id)

    assert status == 200, body
    portal = body["portal"]
    assert portal["customer"] == {"id": customer.id, "name": "Grace", "email": customer.email}
    assert portal["subscription"] == {
        "id": sub.id,
        "stableSubscriptionId": sub.stable_subscription_id,
        "status": "active",
        "planId": sub.plan_id,
        "gracePeriodEndsAt": None,
        "paymentMethodId": method.id,
    }
    assert [(m["id"], m["linkedToSubscription"]) for m in portal["paymentMethods"]] == [
        (spare.id, False),
        (method.id, True),
    ]
    assert portal["paymentMethods"][0] == {
        "id": spare.id,
        "provider": "provider_a",
        "paymentType": "card",
        "status": "active",
        "cardBrand": "visa",
        "cardLastFour": "1881",
        "cardExpiryMonth": 12,
        "cardExpiryYear": 2034,
        "linkedToSubscription": False,
    }
    invoice = await Invoice.get(merchant_id=merchant.id, stable_subscription_id=sub.id)
    [shown] = portal["invoices"]
    assert {k: v for k, v in shown.items() if k != "pdfUrl"} == {
        "id": invoice.id,
        "number": invoice.number,
        "status": "paid",
        "totalAmountCents": 4900,
        "currency": "USD",
        "issueDate": "2030-01-01T00:00:00Z",
        "paidDate": shown["paidDate"],
        "paymentStatus": "succeeded",
        "amountRefundedCents": 0,
        "refundStatus": "none",
        "refunds": [],
        "creditNoteFor": None,
        "creditNoteIds": [],
    }
    assert shown["paidDate"] is not None
    pdf = await client.get(shown["pdfUrl"])  # no key: the link is signed
    assert pdf.status_code == 200 and (await pdf.get_data()).startswith(b"%PDF")
    payment = await Payment.get(invoice_id=invoice.id)
    assert portal["payments"] == [
        {
            "id": payment.id,
            "amountCents": 4900,
            "currency": "USD",
            "status": "succeeded",
            "createdAt": portal["payments"][0]["createdAt"],
            "errorMessage": None,
            "invoiceId": invoice.id,
            "amountRefundedCents": 0,
            "refundStatus": "none",
            "refunds": [],
        }
    ]


async def test_a_customer_without_subscription_has_an_empty_overview(client, merchant):
    customer = await known_customer(merchant.id)
    status, body = await _overview(client, merchant.headers, customer.external_customer_id)
    assert status == 200, body
    assert body["portal"]["subscription"] is None
    assert body["portal"]["paymentMethods"] == body["portal"]["invoices"] == []
    assert body["portal"]["payments"] == []


async def test_a_customer_is_named_and_must_be_the_merchants_own(client, make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    theirs = await known_customer(other.id)
    assert await _overview(client, merchant.headers) == (
        400,
        {"error": "externalCustomerId is required"},
    )
    assert await _overview(client, merchant.headers, "  ") == (
        400,
        {"error": "externalCustomerId is required"},
    )
    assert await _overview(client, merchant.headers, "nobody") == (404, CUSTOMER_NOT_FOUND)
    unknown = await _overview(client, merchant.headers, theirs.external_customer_id)
    assert unknown == (404, CUSTOMER_NOT_FOUND)
    test_mode = await in_test_mode(other)  # the same business's other mode
    assert await _overview(client, test_mode.headers, theirs.external_customer_id) == (
        404,
        CUSTOMER_NOT_FOUND,
    )


async def test_a_deleted_customer_answers_as_missing(client, merchant):
    customer = await known_customer(merchant.id)
    deleted = await client.delete(f"/v1/customers/{customer.id}", headers=merchant.headers)
    assert deleted.status_code == 200
    found = await _overview(client, merchant.headers, customer.external_customer_id)
    assert found == (404, CUSTOMER_NOT_FOUND)


async def test_without_credentials_or_with_a_publishable_key_it_is_refused(client, merchant):
    customer = await known_customer(merchant.id)
    status, body = await _overview(client, {}, customer.external_customer_id)
    assert status == 401 and "portal session" in body["error"]
    status, _ = await _overview(client, merchant.public_headers, customer.external_customer_id)
    assert status == 401
    status, _ = await _overview(client, portal_headers("ptok_made-up"))
    assert status == 401


async def test_a_session_reads_only_its_own_customer(client, make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    ada, bob = await known_customer(merchant.id), await known_customer(merchant.id, name="Bob")
    theirs = await known_customer(other.id)
    await subscribe(merchant.id, customer=bob)
    headers = portal_headers(await session_token(merchant.id, ada))

    status, body = await _overview(client, headers)
    assert status == 200 and body["portal"]["customer"]["id"] == ada.id
    assert body["portal"]["subscription"] is None  # Bob's subscription is not Ada's
    assert (await _overview(client, headers, ada.external_customer_id))[0] == 200
    assert await _overview(client, headers, bob.external_customer_id) == (404, CUSTOMER_NOT_FOUND)
    found = await _overview(client, headers, theirs.external_customer_id)
    assert found == (404, CUSTOMER_NOT_FOUND)


async def test_the_portal_cookie_is_a_session_too(client, merchant):
    customer = await known_customer(merchant.id)
    token = await session_token(merchant.id, customer)
    client.cookie_jar.clear()
    client.set_cookie("localhost", "tally_portal", token)
    status, body = await _overview(client, {})
    assert status == 200 and body["portal"]["customer"]["id"] == customer.id


async def test_a_session_is_no_secret_key(client, merchant):
    customer = await known_customer(merchant.id)
    headers = portal_headers(await session_token(merchant.id, customer))
    response = await client.get("/v1/customers", headers=headers)
    assert response.status_code == 401


async def test_an_expired_session_or_one_of_a_deleted_customer_stops_working(client, merchant):
    customer = await known_customer(merchant.id)
    old = await session_token(merchant.id, customer, now=utcnow() - timedelta(minutes=61))
    fresh = await session_token(merchant.id, customer, now=utcnow() - timedelta(minutes=59))
    status, body = await _overview(client, portal_headers(old))
    assert (status, body) == (
        401,
        {"error": "This portal session has expired or is not valid; ask for a new portal link"},
    )
    assert (await _overview(client, portal_headers(fresh)))[0] == 200
    await client.delete(f"/v1/customers/{customer.id}", headers=merchant.headers)
    assert (await _overview(client, portal_headers(fresh)))[0] == 401
