"""POST /v1/invoices/{id}/retry-payment (provider A answered by the in-memory gateway: the
subject is the retry, not the provider): success, a decline, the refusals, and another
merchant's invoice answering exactly like a missing one; the invoice's ``payment`` follows its
latest attempt."""

import pytest

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.collection.collecting import collect_due
from billing.payments.models import Payment
from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD, JAN_1
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.subscriptions import make_customer
from tests.support.fakes.memory_gateway import memory_card, memory_card_merchant

NOT_FOUND = {"error": "Invoice not found or access denied"}
NOTHING_REFUNDED = {"amountRefundedCents": 0, "refundStatus": "none", "refunds": []}


@pytest.fixture
def gateway(memory_card_gateway):
    return memory_card_gateway


async def _invoice(client, make_merchant, gateway, number: str | None):
    merchant = await memory_card_merchant(make_merchant)
    customer = await make_customer(merchant.id)
    if number:
        await memory_card(merchant.id, customer, number)
    sub = await priced_subscription(merchant.id, FLAT_49, start=JAN_1, customer=customer)
    await bill_due(JAN_1, merchant.id)
    return merchant, await Invoice.get(merchant_id=merchant.id, stable_subscription_id=sub.id)


async def _retry(client, merchant, invoice_id):
    response = await client.post(
        f"/v1/invoices/{invoice_id}/retry-payment", headers=merchant.headers
    )
    return response.status_code, await response.get_json()


async def _payment_field(client, merchant, invoice_id):
    response = await client.get(f"/v1/invoices/{invoice_id}", headers=merchant.headers)
    return (await response.get_json())["invoice"]["payment"]


async def test_a_failed_invoice_retried_with_a_new_card_is_paid(client, make_merchant, gateway):
    merchant, invoice = await _invoice(client, make_merchant, gateway, DECLINED_CARD)
    await collect_due(JAN_1, merchant.id)
    status, body = await _retry(client, merchant, invoice.id)
    second = await Payment.get(invoice_id=invoice.id, attempt=2)
    assert (status, body) == (
        200,
        {
            "success": False,
            "message": "Your card was declined.",
            "attemptNumber": 2,
            "paymentId": second.id,
        },
    )
    assert second.idempotency_key == f"{invoice.id}:attempt-2"
    assert await _payment_field(client, merchant, invoice.id) == {
        "id": second.id,
        "status": "failed",
        "paymentLink": None,
        **NOTHING_REFUNDED,
    }

    customer = await invoice.customer
    await memory_card(merchant.id, customer, GOOD_CARD)  # newest active: charged next
    status, body = await _retry(client, merchant, invoice.id)
    third = await Payment.get(invoice_id=invoice.id, attempt=3)
    assert (status, body) == (
        200,
        {
            "success": True,
            "message": "Payment succeeded",
            "attemptNumber": 3,
            "paymentId": third.id,
        },
    )
    paid = await Invoice.get(id=invoice.id)
    assert (paid.status, paid.payment_status, paid.payment_id) == ("paid", "succeeded", third.id)
    assert await _payment_field(client, merchant, invoice.id) == {
        "id": third.id,
        "status": "succeeded",
        "paymentLink": None,
        **NOTHING_REFUNDED,
    }
    listed = await client.get(
        f"/v1/invoices?customerId={invoice.customer_id}", headers=merchant.headers
    )
    [row] = (await listed.get_json())["invoices"]
    assert row["payment"] == {
        "id": third.id,
        "status": "succeeded",
        "paymentLink": None,
        **NOTHING_REFUNDED,
    }

    status, body = await _retry(client, merchant, invoice.id)
    assert (status, body) == (400, {"error": "This invoice is already paid"})
    assert await Payment.filter(invoice_id=invoice.id).count() == 3


async def test_refusals(client, make_merchant, gateway):
    merchant, invoice = await _invoice(client, make_merchant, gateway, None)
    status, body = await _retry(client, merchant, invoice.id)
    assert status == 400 and "no payment method" in body["error"], body

    await Invoice.filter(id=invoice.id).update(total_cents=0)
    assert (await _retry(client, merchant, invoice.id)) == (
        400,
        {"error": "This invoice totals zero: there is nothing to charge"},
    )
    await Invoice.filter(id=invoice.id).update(status="void")
    status, body = await _retry(client, merchant, invoice.id)
    assert status == 400 and "void" in body["error"]
    assert not await Payment.filter(invoice_id=invoice.id).exists()


async def test_another_merchants_invoice_is_not_found(client, make_merchant, gateway):
    merchant, invoice = await _invoice(client, make_merchant, gateway, GOOD_CARD)
    other = await memory_card_merchant(make_merchant)
    assert await _retry(client, other, invoice.id) == (404, NOT_FOUND)
    assert await _retry(client, other, "inv_" + "0" * 22) == (404, NOT_FOUND)
    assert await _retry(client, other, "nonsense") == (404, NOT_FOUND)
    assert not await Payment.filter(invoice_id=invoice.id).exists()
