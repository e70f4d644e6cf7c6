"""/v1/public/webhook/{merchant_id} and its test endpoint: Stripe-signed events, verified with
the merchant row's stored secret, each processed once, against real payments and invoices."""

import json
import time

from billing.invoicing.models import Invoice
from billing.payments.models import Payment, PaymentMethod, ProviderEvent
from billing.payments.webhooks.receiving import BAD_SIGNATURE
from tests.support.factories.subscriptions import make_customer
from tests.support.factories.webhooks import (
    configure,
    new_stripe_secret,
    pending_payment,
    stripe_event,
    stripe_headers,
)

BAD = {"error": BAD_SIGNATURE}


async def configured(merchant_id: str) -> str:
    secret = new_stripe_secret()
    await configure(merchant_id, "provider_a", secret)
    return secret


async def post(client, merchant_id, payload: str, headers: dict, path: str = "webhook"):
    response = await client.post(
        f"/v1/public/{path}/{merchant_id}", data=payload.encode(), headers=headers
    )
    return response.status_code, await response.get_json()


async def test_a_succeeded_intent_pays_the_invoice_once(client, merchant):
    secret = await configured(merchant.id)
    payment = await pending_payment(merchant.id, "provider_a", "pi_paid1")
    payload = stripe_event(
        "payment_intent.succeeded", {"id": "pi_paid1", "object": "payment_intent"}
    )
    assert await post(client, merchant.id, payload, stripe_headers(secret, payload)) == (
        200,
        {"received": True},
    )
    stored = await Payment.get(id=payment.id)
    invoice = await Invoice.get(id=payment.invoice_id)
    assert (stored.status, invoice.status, invoice.payment_status) == (
        "succeeded",
        "paid",
        "succeeded",
    )

    # The provider redelivers the same event: acknowledged, nothing changes.
    stored.status = "pending"  # were it processed again, it would be marked succeeded again
    await stored.save()
    assert await post(client, merchant.id, payload, stripe_headers(secret, payload)) == (
        200,
        {"received": True},
    )
    assert (await Payment.get(id=payment.id)).status == "pending"
    assert await ProviderEvent.filter(merchant_id=merchant.id).count() == 1


async def test_the_metadata_payment_id_finds_a_payment_without_provider_id(client, merchant):
    secret = await configured(merchant.id)
    payment = await pending_payment(merchant.id, "provider_a")
    intent = {"id": "pi_meta1", "metadata": {"payment_id": payment.id}}
    payload = stripe_event("payment_intent.succeeded", intent)
    assert (await post(client, merchant.id, payload, stripe_headers(secret, payload)))[0] == 200
    stored = await Payment.get(id=payment.id)
    assert (stored.status, stored.provider_payment_id) == ("succeeded", "pi_meta1")


async def test_a_failed_intent_records_the_message_and_leaves_the_invoice_unpaid(client, merchant):
    secret = await configured(merchant.id)
    payment = await pending_payment(merchant.id, "provider_a", "pi_fail1")
    intent = {"id": "pi_fail1", "last_payment_error": {"message": "Your card was declined."}}
    payload = stripe_event("payment_intent.payment_failed", intent)
    assert (await post(client, merchant.id, payload, stripe_headers(secret, payload)))[0] == 200
    stored = await Payment.get(id=payment.id)
    invoice = await Invoice.get(id=payment.invoice_id)
    assert (stored.status, stored.error_message) == ("failed", "Your card was declined.")
    assert (invoice.status, invoice.payment_status) == ("unpaid", "failed")


async def test_refused_deliveries_answer_400_and_change_nothing(client, merchant, make_merchant):
    secret = await configured(merchant.id)
    other = await make_merchant()
    await configured(other.id)
    unconfigured = await make_merchant()
    payment = await pending_payment(merchant.id, "provider_a", "pi_refused")
    payload = stripe_event("payment_intent.succeeded", {"id": "pi_refused"})
    good = stripe_headers(secret, payload)
    tampered = payload.replace("pi_refused", "pi_refusee")
    old = stripe_headers(secret, payload, timestamp=int(time.time()) - 3600)
    cases = [
        (merchant.id, tampered, good),  # altered body
        (merchant.id, payload, stripe_headers(new_stripe_secret(), payload)),  # wrong secret
        (merchant.id, payload, {"Content-Type": "application/json"}),  # no signature
        (merchant.id, payload, {"Stripe-Signature": "t=oops,v1=zz"}),  # malformed
        (merchant.id, payload, old),  # a captured delivery replayed an hour later
        (other.id, payload, good),  # another merchant's path: its secret does not verify
        (unconfigured.id, payload, good),  # no secret stored: same answer
        ("mer_" + "A" * 22, payload, good),  # no such merchant: same answer
        ("nope", payload, good),
    ]
    for merchant_id, body, headers in cases:
        for path in ("webhook", "webhook-test"):
            assert await post(client, merchant_id, body, headers, path) == (400, BAD), body
    assert (await Payment.get(id=payment.id)).status == "pending"
    assert (
        not await ProviderEvent.filter(event_id__startswith="evt_")
        .filter(merchant_id__in=[merchant.id, other.id, unconfigured.id])
        .exists()
    )


async def test_a_signature_more_than_five_minutes_off_either_way_is_refused(client, merchant):
    """The SDK refuses only old timestamps; one a day ahead could be replayed for a day."""
    secret = await configured(merchant.id)
    payment = await pending_payment(merchant.id, "provider_a", "pi_clock")
    payload = stripe_event("payment_intent.succeeded", {"id": "pi_clock"})
    now = int(time.time())
    for timestamp in (now + 86_400, now - 86_400, now + 400, now - 400):
        headers = stripe_headers(secret, payload, timestamp=timestamp)
        for path in ("webhook", "webhook-test"):
            assert await post(client, merchant.id, payload, headers, path) == (400, BAD)
    assert (await Payment.get(id=payment.id)).status == "pending"
    assert not await ProviderEvent.filter(merchant_id=merchant.id).exists()

    # A minute ahead is a clock slightly off, not an attack: accepted and acted on.
    headers = stripe_headers(secret, payload, timestamp=now + 60)
    assert await post(client, merchant.id, payload, headers) == (200, {"received": True})
    assert (await Payment.get(id=payment.id)).status == "succeeded"


async def test_a_body_too_large_or_not_an_event_is_400(client, merchant):
    secret = await configured(merchant.id)
    big = json.dumps({"id": "evt_big", "type": "x", "pad": "x" * 300_000})
    status, body = await post(client, merchant.id, big, stripe_headers(secret, big))
    assert status == 400 and "larger than" in body["error"]
    for payload in ("not json", "[1, 2]", json.dumps({"type": "payment_intent.succeeded"})):
        status, body = await post(client, merchant.id, payload, stripe_headers(secret, payload))
        assert status == 400 and "JSON event object" in body["error"], payload
    assert not await ProviderEvent.filter(merchant_id=merchant.id).exists()


async def test_the_test_endpoint_says_what_it_would_do_and_changes_nothing(client, merchant):
    secret = await configured(merchant.id)
    payment = await pending_payment(merchant.id, "provider_a", "pi_dry1")
    payload = stripe_event("payment_intent.succeeded", {"id": "pi_dry1"}, event_id="evt_dry1")
    status, body = await post(
        client, merchant.id, payload, stripe_headers(secret, payload), "webhook-test"
    )
    assert status == 200
    assert body == {
        "verified": True,
        "eventId": "evt_dry1",
        "eventType": "payment_intent.succeeded",
        "alreadyProcessed": False,
        "action": f"would mark payment {payment.id} succeeded",
    }
    assert (await Payment.get(id=payment.id)).status == "pending"
    assert not await ProviderEvent.filter(merchant_id=merchant.id).exists()

    # The real delivery still counts; afterwards the test endpoint says it was processed.
    assert (await post(client, merchant.id, payload, stripe_headers(secret, payload)))[0] == 200
    status, body = await post(
        client, merchant.id, payload, stripe_headers(secret, payload), "webhook-test"
    )
    assert (status, body["alreadyProcessed"]) == (200, True)


async def test_a_succeeded_setup_intent_adds_an_active_card_once(client, merchant):
    secret = await configured(merchant.id)
    customer = await make_customer(merchant.id)
    method = {
        "id": "pm_card1",
        "card": {
            "brand": "visa",
            "last4": "4242",
            "exp_month": 12,
            "exp_year": 2031,
            "country": "us",
        },
    }
    setup_intent = {
        "id": "seti_1",
        "customer": "cus_provider1",
        "payment_method": method,
        "metadata": {"customer_id": customer.id},
    }
    for event_id in ("evt_setup1", "evt_setup1", "evt_setup2"):  # a redelivery, then a twin
        payload = stripe_event("setup_intent.succeeded", setup_intent, event_id=event_id)
        assert (await post(client, merchant.id, payload, stripe_headers(secret, payload)))[0] == 200
    methods = await PaymentMethod.filter(merchant_id=merchant.id)
    assert len(methods) == 1
    stored = methods[0]
    assert (stored.customer_id, stored.provider, stored.payment_type, stored.status) == (
        customer.id,
        "provider_a",
        "card",
        "active",
    )
    assert (stored.external_psp_payment_method_id, stored.external_psp_customer_id) == (
        "pm_card1",
        "cus_provider1",
    )
    assert (stored.card_last_four, stored.card_brand, stored.card_issuer_country) == (
        "4242",
        "visa",
        "US",
    )


async def test_a_paid_checkout_session_settles_its_payment(client, merchant):
    secret = await configured(merchant.id)
    payment = await pending_payment(merchant.id, "provider_a")
    session = {
        "id": "cs_1",
        "payment_status": "paid",
        "payment_intent": "pi_checkout1",
        "metadata": {"payment_id": payment.id},
    }
    payload = stripe_event("checkout.session.completed", session)
    assert (await post(client, merchant.id, payload, stripe_headers(secret, payload)))[0] == 200
    stored = await Payment.get(id=payment.id)
    assert (stored.status, stored.provider_payment_id) == ("succeeded", "pi_checkout1")


async def test_other_events_are_recorded_and_do_nothing_else(client, merchant):
    secret = await configured(merchant.id)
    customer = await make_customer(merchant.id)
    payment = await pending_payment(merchant.id, "provider_a", "pi_other1")
    events = [
        ("setup_intent.setup_failed", {"id": "seti_2", "metadata": {"customer_id": customer.id}}),
        ("customer.created", {"id": "cus_x"}),
        ("checkout.session.completed", {"id": "cs_2", "payment_status": "unpaid"}),
        ("payment_intent.succeeded", {"id": "pi_unknown"}),  # no payment of this merchant
    ]
    for event_type, obj in events:
        payload = stripe_event(event_type, obj)
        assert (await post(client, merchant.id, payload, stripe_headers(secret, payload)))[0] == 200
    assert await ProviderEvent.filter(merchant_id=merchant.id).count() == len(events)
    assert (await Payment.get(id=payment.id)).status == "pending"
    assert not await PaymentMethod.filter(merchant_id=merchant.id).exists()


async def test_an_event_never_reaches_another_merchants_payment(client, merchant, make_merchant):
    other = await make_merchant()
    other_secret = await configured(other.id)
    theirs = await pending_payment(merchant.id, "provider_a", "pi_theirs")
    intent = {"id": "pi_theirs", "metadata": {"payment_id": theirs.id}}
    payload = stripe_event("payment_intent.succeeded", intent)
    assert (await post(client, other.id, payload, stripe_headers(other_secret, payload)))[0] == 200
    assert (await Payment.get(id=theirs.id)).status == "pending"


async def test_the_openapi_document_says_the_signature_authenticates(client):
    spec = await (await client.get("/v1/openapi.json")).get_json()
    for path, header in (
        ("/v1/public/webhook/{merchant_id}", "Stripe-Signature"),
        ("/v1/public/webhook-test/{merchant_id}", "Stripe-Signature"),
        ("/v1/public/webhook-provider-b/{merchant_id}", "webhook-signature"),
    ):
        operation = spec["paths"][path]["post"]
        assert operation["security"] == [], path
        assert "No API key" in operation["description"] and header in operation["description"]
        assert "400" in operation["responses"] and "401" not in operation["responses"]
