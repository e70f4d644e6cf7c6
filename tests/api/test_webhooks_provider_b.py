"""/v1/public/webhook-provider-b/{merchant_id}: Standard-Webhooks-signed events from the
provider B fake, verified with the merchant row's stored secret, each message id once."""

from datetime import UTC, datetime, timedelta

from billing.invoicing.models import Invoice
from billing.payments.models import Payment, PaymentMethod, ProviderEvent
from billing.payments.webhooks.receiving import BAD_SIGNATURE
from tests.support.api.webhooks_provider_b import deliver
from tests.support.factories.subscriptions import make_customer
from tests.support.factories.webhooks import configure, pending_payment
from tests.support.fakes.provider_b_events import (
    event_payload,
    new_webhook_secret,
    payment_data,
    signed_headers,
    subscription_data,
)


async def configured(merchant_id: str) -> str:
    secret = new_webhook_secret()
    await configure(merchant_id, "provider_b", secret)
    return secret


async def test_a_succeeded_payment_pays_the_invoice_once(client, merchant):
    secret = await configured(merchant.id)
    payment = await pending_payment(merchant.id, "provider_b", "pay_dodo1")
    payload = event_payload("payment.succeeded", payment_data("pay_dodo1"))
    headers = signed_headers(secret, payload, msg_id="msg_once1")
    assert await deliver(client, merchant.id, payload, headers) == (200, {"received": True})
    invoice = await Invoice.get(id=payment.invoice_id)
    assert (invoice.status, invoice.payment_status) == ("paid", "succeeded")

    stored = await Payment.get(id=payment.id)
    stored.status = "pending"  # a second processing would mark it succeeded again
    await stored.save()
    again = signed_headers(secret, payload, msg_id="msg_once1")  # the provider's retry
    assert await deliver(client, merchant.id, payload, again) == (200, {"received": True})
    assert (await Payment.get(id=payment.id)).status == "pending"
    assert await ProviderEvent.filter(merchant_id=merchant.id).count() == 1


async def test_a_failed_payment_found_by_metadata_records_the_message(client, merchant):
    secret = await configured(merchant.id)
    payment = await pending_payment(merchant.id, "provider_b")
    data = payment_data(
        "pay_dodo2",
        status="failed",
        metadata={"payment_id": payment.id},
        error_message="Insufficient funds",
    )
    payload = event_payload("payment.failed", data)
    assert (await deliver(client, merchant.id, payload, signed_headers(secret, payload)))[0] == 200
    stored = await Payment.get(id=payment.id)
    assert (stored.status, stored.error_message, stored.provider_payment_id) == (
        "failed",
        "Insufficient funds",
        "pay_dodo2",
    )


async def test_a_mandate_adds_one_active_method(client, merchant):
    secret = await configured(merchant.id)
    customer = await make_customer(merchant.id)
    data = subscription_data(
        "sub_dodo1", payment_method_id="pm_dodo1", metadata={"customer_id": customer.id}
    )
    for event_type in ("subscription.active", "subscription.update_payment_method"):
        payload = event_payload(event_type, data)
        status, _ = await deliver(client, merchant.id, payload, signed_headers(secret, payload))
        assert status == 200
    methods = await PaymentMethod.filter(merchant_id=merchant.id)
    assert len(methods) == 1
    method = methods[0]
    assert (method.customer_id, method.provider, method.payment_type, method.status) == (
        customer.id,
        "provider_b",
        "mandate",
        "active",
    )
    assert (method.external_psp_payment_method_id, method.external_psp_customer_id) == (
        "pm_dodo1",
        "cus_fake",
    )
    assert method.external_psp_metadata == {
        "subscription_id": "sub_dodo1",
        "product_id": "pdt_fake",
    }
    assert await ProviderEvent.filter(merchant_id=merchant.id).count() == 2


async def test_a_mandate_for_another_merchants_customer_adds_nothing(
    client, merchant, make_merchant
):
    other = await make_merchant()
    secret = await configured(other.id)
    customer = await make_customer(merchant.id)
    data = subscription_data(
        "sub_dodo2", payment_method_id="pm_dodo2", metadata={"customer_id": customer.id}
    )
    payload = event_payload("subscription.active", data)
    assert (await deliver(client, other.id, payload, signed_headers(secret, payload)))[0] == 200
    assert not await PaymentMethod.filter(customer_id=customer.id).exists()


async def test_refused_deliveries_answer_400_and_change_nothing(client, merchant, make_merchant):
    secret = await configured(merchant.id)
    other = await make_merchant()
    await configured(other.id)
    payment = await pending_payment(merchant.id, "provider_b", "pay_dodo3")
    payload = event_payload("payment.succeeded", payment_data("pay_dodo3"))
    good = signed_headers(secret, payload)
    an_hour_ago = datetime.now(UTC) - timedelta(hours=1)  # a captured delivery replayed later
    a_day_ahead = datetime.now(UTC) + timedelta(days=1)  # replayable for a day: refused too
    cases = [
        (merchant.id, payload.replace("4900", "4901"), good),  # altered body
        (merchant.id, payload, signed_headers(new_webhook_secret(), payload)),  # wrong secret
        (merchant.id, payload, {}),  # no signature headers
        (merchant.id, payload, {**good, "webhook-signature": "v1,AAAA"}),
        (merchant.id, payload, signed_headers(secret, payload, timestamp=an_hour_ago)),
        (merchant.id, payload, signed_headers(secret, payload, timestamp=a_day_ahead)),
        (other.id, payload, good),  # another merchant's path
        ("mer_" + "B" * 22, payload, good),  # no such merchant
    ]
    for merchant_id, body, headers in cases:
        assert await deliver(client, merchant_id, body, headers) == (400, {"error": BAD_SIGNATURE})
    assert (await Payment.get(id=payment.id)).status == "pending"
    assert not await ProviderEvent.filter(merchant_id__in=[merchant.id, other.id]).exists()


async def test_other_events_are_recorded_only(client, merchant):
    secret = await configured(merchant.id)
    payment = await pending_payment(merchant.id, "provider_b", "pay_dodo4")
    payload = event_payload("payment.processing", payment_data("pay_dodo4", status="processing"))
    assert (await deliver(client, merchant.id, payload, signed_headers(secret, payload)))[0] == 200
    assert (await Payment.get(id=payment.id)).status == "pending"
    assert await ProviderEvent.filter(merchant_id=merchant.id, type="payment.processing").exists()
