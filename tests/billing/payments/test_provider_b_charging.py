"""The payments step through the provider B fake: a mandate (stored by ``subscription.active``)
charged on demand, else a payment link stored on the payment; either settled by the
``payment.*`` webhook, once per attempt however many passes run."""

from datetime import UTC, datetime, timedelta

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments import setup
from billing.payments.collecting import collect_due
from billing.payments.models import Payment, PaymentMethod, ProviderConfig
from billing.payments.reconcile import FIRST_CHECK
from tests.invoice_factories import FLAT_49, priced_subscription
from tests.provider_b_events import (
    event_payload,
    new_webhook_secret,
    settled_event,
    signed_headers,
    subscription_data,
)
from tests.subscription_factories import make_customer

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)


async def b_merchant(make_merchant, fake) -> tuple[str, str]:
    """A merchant with provider B configured (a key the fake accepts); its id and the
    webhook signing secret."""
    merchant = await make_merchant()
    signing = new_webhook_secret()
    await ProviderConfig.create(
        merchant_id=merchant.id,
        provider="provider_b",
        secret_key_sealed=setup.seal(fake.add_key("test_mode")),
        webhook_secret_sealed=setup.seal(signing),
        has_webhook=True,
        environment="test_mode",
    )
    return merchant.id, signing


async def deliver(client, merchant_id: str, signing: str, payload: str) -> None:
    response = await client.post(
        f"/v1/public/webhook-provider-b/{merchant_id}",
        data=payload.encode(),
        headers={"Content-Type": "application/json", **signed_headers(signing, payload)},
    )
    assert response.status_code == 200, await response.get_json()


async def billed(merchant_id: str, customer) -> Invoice:
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1, customer=customer)
    await bill_due(JAN_1, merchant_id)
    return await Invoice.get(merchant_id=merchant_id, stable_subscription_id=sub.id)


async def with_mandate(client, merchant_id: str, signing: str, subscription_id: str):
    customer = await make_customer(merchant_id)
    data = subscription_data(
        subscription_id,
        payment_method_id="pm_" + subscription_id,
        metadata={"customer_id": customer.id},
    )
    await deliver(client, merchant_id, signing, event_payload("subscription.active", data))
    assert await PaymentMethod.filter(customer_id=customer.id, payment_type="mandate").exists()
    return customer


def records_for(records: list[dict], invoice: Invoice) -> list[dict]:
    return [r for r in records if r["body"]["metadata"].get("invoice_id") == invoice.id]


async def test_a_mandate_is_charged_then_paid_by_the_webhook(client, make_merchant, provider_b):
    merchant_id, signing = await b_merchant(make_merchant, provider_b)
    customer = await with_mandate(client, merchant_id, signing, "sub_mandate1")
    invoice = await billed(merchant_id, customer)

    done = await collect_due(JAN_1, merchant_id)
    assert done["attempted"] == 1 and done["payments pending"] == 1, done
    payment = await Payment.get(invoice_id=invoice.id)
    [charge] = records_for(provider_b.charges, invoice)
    assert charge["subscription_id"] == "sub_mandate1"
    assert charge["key"] == payment.idempotency_key == f"{invoice.id}:attempt-1"
    assert charge["body"]["product_price"] == 4900
    assert charge["body"]["metadata"] == {"payment_id": payment.id, "invoice_id": invoice.id}
    assert (payment.status, payment.provider, payment.provider_payment_id) == (
        "pending",
        "provider_b",
        charge["payment_id"],
    )
    assert payment.retry_at == JAN_1 + FIRST_CHECK and payment.payment_link is None
    assert (await Invoice.get(id=invoice.id)).payment_status == "pending"

    await deliver(client, merchant_id, signing, settled_event(charge))
    invoice = await Invoice.get(id=invoice.id)
    assert (invoice.status, invoice.payment_status) == ("paid", "succeeded")
    assert (await Payment.get(id=payment.id)).status == "succeeded"


async def test_without_a_mandate_a_link_is_stored_then_paid(client, make_merchant, provider_b):
    merchant_id, signing = await b_merchant(make_merchant, provider_b)
    customer = await make_customer(merchant_id)
    customer.billing_country = "DE"
    await customer.save()
    invoice = await billed(merchant_id, customer)

    done = await collect_due(JAN_1, merchant_id)
    assert done["payments pending"] == 1, done
    payment = await Payment.get(invoice_id=invoice.id)
    [link] = records_for(provider_b.links, invoice)
    assert link["key"] == payment.idempotency_key and link["body"]["payment_link"] is True
    assert link["body"]["billing"] == {"country": "DE"}
    assert link["body"]["customer"]["email"] == customer.email
    assert (payment.payment_method_id, payment.provider) == (None, "provider_b")
    assert (payment.provider_payment_id, payment.payment_link) == (
        link["payment_id"],
        link["payment_link"],
    )
    assert payment.status == "pending"

    await deliver(client, merchant_id, signing, settled_event(link))
    assert (await Invoice.get(id=invoice.id)).status == "paid"


async def test_a_customer_without_a_billing_country_gets_no_link(make_merchant, provider_b):
    merchant_id, _ = await b_merchant(make_merchant, provider_b)
    invoice = await billed(merchant_id, await make_customer(merchant_id))
    done = await collect_due(JAN_1, merchant_id)
    assert done["payments failed"] == 1, done
    payment = await Payment.get(invoice_id=invoice.id)
    assert payment.status == "failed" and "billing country" in payment.error_message
    assert not records_for(provider_b.links, invoice)


async def test_a_failed_payment_event_schedules_the_retry(client, make_merchant, provider_b):
    merchant_id, signing = await b_merchant(make_merchant, provider_b)
    customer = await with_mandate(client, merchant_id, signing, "sub_mandate2")
    invoice = await billed(merchant_id, customer)
    await collect_due(JAN_1, merchant_id)
    [charge] = records_for(provider_b.charges, invoice)

    before = datetime.now(UTC)
    await deliver(client, merchant_id, signing, settled_event(charge, succeeded=False))
    failed = await Payment.get(invoice_id=invoice.id, attempt=1)
    assert (failed.status, failed.error_message) == ("failed", "Declined")
    assert failed.retry_at is not None and failed.retry_at >= before + timedelta(days=1)
    invoice = await Invoice.get(id=invoice.id)
    assert (invoice.status, invoice.payment_status) == ("unpaid", "failed")

    done = await collect_due(JAN_1 + timedelta(days=1), merchant_id)  # past its retry_at
    assert done["attempted"] == 1, done
    second = records_for(provider_b.charges, invoice)[1]
    assert second["key"] == f"{invoice.id}:attempt-2"


async def test_two_passes_make_one_charge_per_attempt(client, make_merchant, provider_b):
    merchant_id, signing = await b_merchant(make_merchant, provider_b)
    customer = await with_mandate(client, merchant_id, signing, "sub_mandate3")
    invoice = await billed(merchant_id, customer)
    await collect_due(JAN_1, merchant_id)
    again = await collect_due(JAN_1 + timedelta(hours=1), merchant_id)
    assert not again["attempted"] and not again["called again"], again
    assert len(records_for(provider_b.charges, invoice)) == 1
    assert await Payment.filter(invoice_id=invoice.id).count() == 1


async def test_an_outage_is_called_again_with_the_same_key(client, make_merchant, provider_b):
    merchant_id, signing = await b_merchant(make_merchant, provider_b)
    customer = await with_mandate(client, merchant_id, signing, "sub_mandate4")
    invoice = await billed(merchant_id, customer)
    provider_b.fail_next(2)  # the SDK retries once
    assert (await collect_due(JAN_1, merchant_id))["payments pending"] == 1
    assert not records_for(provider_b.charges, invoice)
    later = await collect_due(JAN_1 + timedelta(minutes=10), merchant_id)
    assert later["called again"] == 1, later
    [charge] = records_for(provider_b.charges, invoice)
    assert charge["key"] == f"{invoice.id}:attempt-1"
