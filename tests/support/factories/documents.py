"""A merchant with the business profile filled in and a customer with a billing address and
tax id, for the tests that read invoices and receipts as documents."""

import io

from pypdf import PdfReader

from billing.accounts import seller_details
from billing.customers.models import Customer
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.models import Payment, PaymentMethod

FOOTER = "Payment due on receipt. Thank you for your business!"


async def seller_profile(merchant_id: str) -> None:
    await seller_details.update_seller_details(
        merchant_id,
        address_line1="Hauptstrasse 5",
        address_line2="3rd floor",
        postal_code="10115",
        city="Berlin",
        country="de",
        tax_id="DE123456789",
        invoice_footer=FOOTER,
    )


async def billed_customer(customer: Customer) -> Customer:
    """``customer`` with an address and tax id (before an invoice copies them as bill-to)."""
    await Customer.filter(id=customer.id).update(
        name="Grace Hopper Ltd",
        billing_address_line1="1 Harbour Road",
        billing_city="Dublin",
        billing_postal_code="D02 X285",
        billing_country="IE",
        tax_id="IE9876543X",
        external_customer_id=f"ext-{customer.id}",
    )
    return await Customer.get(id=customer.id)


async def card_of(merchant_id: str, customer: Customer) -> PaymentMethod:
    return await PaymentMethod.create(
        merchant_id=merchant_id,
        customer_id=customer.id,
        provider="provider_a",
        payment_type="card",
        status="active",
        card_brand="visa",
        card_last_four="4242",
    )


def text_of(document: bytes) -> str:
    """A PDF's text as pypdf reads it, every page."""
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(document)).pages)


async def paid_invoice(merchant_id: str, *, bill_until=None, configured: bool = False):
    """A customer with an address and a card, subscribed to the $49 plan from January 1 and
    billed (to ``bill_until``, default January 1); the first invoice paid by card (the memory
    gateway's intent, so a refund goes through without a provider). Provider A is configured
    for the merchant unless ``configured`` says it already is."""
    from tests.support.factories.invoices import FLAT_49, priced_subscription
    from tests.support.factories.refunds import JAN_1, Paid
    from tests.support.factories.subscriptions import make_customer
    from tests.support.factories.webhooks import configure

    if not configured:
        await configure(merchant_id, "provider_a", None)
    customer = await billed_customer(await make_customer(merchant_id))
    card = await card_of(merchant_id, customer)
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1, customer=customer)
    await bill_due(bill_until or JAN_1, merchant_id)
    invoice = (
        await Invoice.filter(stable_subscription_id=sub.stable_subscription_id)
        .order_by("issue_date")
        .first()
    )
    payment = await Payment.create(
        merchant_id=merchant_id,
        invoice_id=invoice.id,
        customer_id=customer.id,
        payment_method_id=card.id,
        provider="provider_a",
        amount_cents=invoice.total_cents,
        currency=invoice.currency,
        status="succeeded",
        succeeded_at=JAN_1,
        attempt=1,
        idempotency_key=f"{invoice.id}:1",
        provider_payment_id="pi_memory_paid",
    )
    await Invoice.filter(id=invoice.id).update(
        status="paid", paid_date=JAN_1, payment_status="succeeded", payment_id=payment.id
    )
    return Paid(sub, await Invoice.get(id=invoice.id), payment)
