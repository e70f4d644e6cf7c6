"""Provider B set up for a merchant against the fake, and subscriptions whose invoice a
customer paid there, for the charging, reconciliation, refund and webhook tests.

The configuration is written as a row (sealed as ``provider_b_config`` seals it) with one of
the fake's live-mode keys, rather than through the config route, which is tested on its own;
the payment is made at the fake (``add_payment``) and its ``Payment`` row stored as a settled
link stores it: succeeded, with the provider's payment id and the product it sold.
"""

from datetime import UTC, datetime

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments import setup
from billing.payments.collection.collecting import collect_due
from billing.payments.models import Payment, PaymentMethod, ProviderConfig
from tests.support.billing.tax.tax_engine import CA, CA_NEXUS, CA_RATES, customer
from tests.support.billing.tax.tax_engine import setup as tax_setup
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.refunds import Paid
from tests.support.factories.subscriptions import make_customer
from tests.support.fakes.provider_b_events import (
    event_payload,
    new_webhook_secret,
    signed_headers,
    subscription_data,
)
from tests.support.fakes.provider_b_fake import ProviderBFake

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)


async def configure_b(merchant_id: str, fake: ProviderBFake) -> tuple[str, str]:
    """Provider B for the merchant's live row: a live-mode key of the fake and a webhook
    signing secret; answers ``(key, webhook secret)``."""
    key, signing = fake.add_key("live_mode"), new_webhook_secret()
    await ProviderConfig.create(
        merchant_id=merchant_id,
        provider="provider_b",
        secret_key_sealed=setup.seal(key),
        webhook_secret_sealed=setup.seal(signing),
        has_webhook=True,
        environment="live_mode",
    )
    return key, signing


async def paid_at_provider_b(
    merchant_id: str, fake: ProviderBFake, key: str, *, taxed=False, refund_status="succeeded"
) -> Paid:
    """A $49 subscription billed on January 1 whose invoice the customer paid at provider B
    (with California's state and city tax on top when ``taxed``: $53.23). The fake answers
    this payment's refunds ``refund_status``."""
    if taxed:
        await tax_setup(merchant_id, nexus=CA_NEXUS, rates=CA_RATES)
    buyer = await customer(merchant_id, **CA)
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1, customer=buyer)
    await bill_due(JAN_1, merchant_id)
    invoice = await Invoice.get(stable_subscription_id=sub.stable_subscription_id)
    paid_there = fake.add_payment(key, invoice.total_cents, refund_status=refund_status)
    payment = await Payment.create(
        merchant_id=merchant_id,
        invoice_id=invoice.id,
        customer_id=invoice.customer_id,
        provider="provider_b",
        amount_cents=invoice.total_cents,
        currency=invoice.currency,
        status="succeeded",
        succeeded_at=JAN_1,
        attempt=1,
        idempotency_key=f"{invoice.id}:1",
        provider_payment_id=paid_there,
        provider_product_id=fake.payments[paid_there]["product_id"],
        payment_link=f"{fake.url}/checkout/{paid_there}",
    )
    await Invoice.filter(id=invoice.id).update(
        status="paid", paid_date=JAN_1, payment_status="succeeded", payment_id=payment.id
    )
    return Paid(sub, await Invoice.get(id=invoice.id), payment)


async def waiting_on_a_link(merchant_id: str, fake: ProviderBFake) -> tuple[Invoice, Payment]:
    """Provider B configured, a customer without a mandate billed on January 1 and the
    payments step run: the invoice's attempt holds a payment link made at the fake."""
    await configure_b(merchant_id, fake)
    buyer = await customer(merchant_id, **CA)
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1, customer=buyer)
    await bill_due(JAN_1, merchant_id)
    done = await collect_due(JAN_1, merchant_id)
    assert done["payments pending"] == 1, done
    invoice = await Invoice.get(stable_subscription_id=sub.stable_subscription_id)
    return invoice, await Payment.get(invoice_id=invoice.id)


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
    """Post a provider B webhook signed with ``signing``; it must be accepted."""
    response = await client.post(
        f"/v1/public/webhook-provider-b/{merchant_id}",
        data=payload.encode(),
        headers={"Content-Type": "application/json", **signed_headers(signing, payload)},
    )
    assert response.status_code == 200, await response.get_json()


async def billed(merchant_id: str, customer, start: datetime = JAN_1) -> Invoice:
    """A $49 subscription of ``customer`` starting ``start``, billed then; its invoice."""
    sub = await priced_subscription(merchant_id, FLAT_49, start=start, customer=customer)
    await bill_due(start, merchant_id)
    return await Invoice.get(merchant_id=merchant_id, stable_subscription_id=sub.id)


async def with_mandate(
    client, merchant_id: str, signing: str, subscription_id: str, product_id: str = "pdt_fake"
):
    """A new customer with a provider B mandate (on-demand subscription ``subscription_id``
    selling ``product_id``), stored by its ``subscription.active`` webhook; the customer."""
    customer = await make_customer(merchant_id)
    data = subscription_data(
        subscription_id,
        payment_method_id="pm_" + subscription_id,
        metadata={"customer_id": customer.id},
    )
    data["product_id"] = product_id
    await deliver(client, merchant_id, signing, event_payload("subscription.active", data))
    assert await PaymentMethod.filter(customer_id=customer.id, payment_type="mandate").exists()
    return customer


def records_for(records: list[dict], invoice: Invoice) -> list[dict]:
    """The fake's charges or links made for ``invoice``."""
    return [r for r in records if r["body"]["metadata"].get("invoice_id") == invoice.id]
