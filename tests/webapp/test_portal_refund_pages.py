"""The hosted portal after a refund (made through the in-memory gateway): the customer sees
what came back on the invoice and the payment ("Refunded 5.00 USD of 12.00 USD", "Partly
refunded") and the credit note as the credit note for that invoice, not as another paid
invoice."""

import pytest

from billing.customers.models import Customer
from billing.payments.refunds import refund_payment as refunds
from tests.support.factories.portal import session_token
from tests.support.factories.refunds import FLAT_12, paid_subscription
from tests.support.webapp.portal_pages import html_of, opens

pytestmark = pytest.mark.usefixtures("memory_gateway")


async def test_the_customer_sees_the_refund_on_the_invoice_and_payment(client, merchant):
    paid = await paid_subscription(merchant.id, pricing=FLAT_12, intent_id="pi_memory_paid")
    sid = paid.subscription.stable_subscription_id
    answer = await refunds.refund(merchant.id, sid, amount_cents=500)
    await Customer.filter(id=paid.invoice.customer_id).update(external_customer_id="ext-portal")
    customer = await Customer.get(id=paid.invoice.customer_id)
    await opens(client, await session_token(merchant.id, customer))
    page = await html_of(await client.get("/portal/"))

    invoices = page.split('id="invoices"')[1].split("</section>")[0]
    original = invoices.split(f'data-invoice="{paid.invoice.id}"')[1].split("</tr>")[0]
    assert ">Paid</span>" in original and ">Partly refunded</span>" in original
    assert "Refunded 5.00 USD of 12.00 USD" in original
    note = invoices.split(f'data-invoice="{answer["adjustmentInvoiceId"]}"')[1].split("</tr>")[0]
    assert ">Credit note</span>" in note and "for INV-000001" in note
    assert ">Paid</span>" not in note

    payments = page.split('id="payments"')[1].split("</section>")[0]
    row = payments.split(f'data-payment="{paid.payment.id}"')[1].split("</tr>")[0]
    assert ">Partly refunded</span>" in row and "Refunded 5.00 USD of 12.00 USD" in row
