"""The payments step through the provider B fake: a mandate (stored by ``subscription.active``)
charged on demand, else a payment link stored on the payment; either settled by the
``payment.*`` webhook, once per attempt however many passes run."""

from datetime import UTC, datetime, timedelta

from billing.invoicing.models import Invoice
from billing.payments.collection.collecting import collect_due
from billing.payments.collection.reconcile import FIRST_CHECK
from billing.payments.models import Payment
from tests.support.factories.provider_b import (
    b_merchant,
    billed,
    deliver,
    records_for,
    with_mandate,
)
from tests.support.factories.subscriptions import make_customer
from tests.support.fakes.provider_b_events import (
    settled_event,
)

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)


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
    assert payment.provider_product_id == "pdt_fake"  # the mandate's, for partial refunds
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
    assert payment.provider_product_id == link["body"]["product_cart"][0]["product_id"]
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
