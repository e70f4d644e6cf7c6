"""Provider B set up for a merchant against the fake, and subscriptions whose invoice a
customer paid there, for the refund and webhook tests.

The configuration is written as a row (sealed as ``provider_b_config`` seals it) with one of
the fake's live-mode keys, rather than through the config route, which is tested on its own;
the payment is made at the fake (``add_payment``) and its ``Payment`` row stored as a settled
link stores it: succeeded, with the provider's payment id.
"""

from datetime import UTC, datetime

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments import setup
from billing.payments.collecting import collect_due
from billing.payments.models import Payment, ProviderConfig
from tests.billing.tax.test_tax_engine import CA, CA_NEXUS, CA_RATES, customer
from tests.billing.tax.test_tax_engine import setup as tax_setup
from tests.invoice_factories import FLAT_49, priced_subscription
from tests.provider_b_events import new_webhook_secret
from tests.provider_b_fake import ProviderBFake
from tests.refund_factories import Paid

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
