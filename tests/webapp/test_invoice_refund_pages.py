"""Refunds on the original invoice in the dashboard (made through the in-memory gateway, but
the one the provider refuses, whose words the page shows: that one at localstripe): the invoice
page says "Refunded 5.00 USD of 12.00 USD" with its badge, each refund and its credit note;
the credit note is labelled as the credit note for the invoice, linked both ways; the lists,
the subscription page and the customer page show the same; pending and failed refunds say
what they are and count nothing; another merchant's invoice answers as missing."""

import pytest

from billing.payments.refunds import refund_payment as refunds
from tests.support.factories.refunds import FLAT_12, paid_subscription, pending_refund
from tests.support.webapp.catalog_pages import html_of, signed_up

PAID = "pi_memory_paid"  # the paid intent's id: the memory gateway refunds any


async def partly_refunded(merchant_id: str, cents: int = 500, **paid_options):
    paid = await paid_subscription(merchant_id, pricing=FLAT_12, intent_id=PAID, **paid_options)
    answer = await refunds.refund(
        merchant_id, paid.subscription.stable_subscription_id, amount_cents=cents, reason="Late"
    )
    return paid, answer


def head_of(html: str) -> str:
    return html.split('id="invoice-head"')[1].split("</hgroup>")[0]


async def test_the_original_shows_the_refund_and_its_credit_note(client, sign_up, memory_gateway):
    merchant_id, _ = await signed_up(sign_up)
    paid, answer = await partly_refunded(merchant_id)
    note_id = answer["adjustmentInvoiceId"]

    html = await html_of(await client.get(f"/dashboard/invoices/{paid.invoice.id}"))
    head = head_of(html)
    assert "Invoice INV-000001" in head and ">Paid</span>" in head
    assert 'data-refund-state="partially_refunded">Partially refunded</span>' in head
    section = html.split('id="refunds"')[1].split("</article>")[0]
    assert "Refunded 5.00 USD of 12.00 USD" in section
    assert "net amount paid 7.00 USD" in section
    assert f'id="refund-{answer["refund"]["id"]}" data-status="succeeded"' in section
    assert f'<a href="/dashboard/invoices/{note_id}">INV-000002</a>' in section
    assert "Reason:</span> Late" in section
    payments = html.split('id="payments"')[1]
    row = payments.split(f'id="payment-refunded-{paid.payment.id}"')[1].split("</tr>")[0]
    assert "Partially refunded" in row and "Refunded 5.00 USD of 12.00 USD" in row

    note = await html_of(await client.get(f"/dashboard/invoices/{note_id}"))
    head = head_of(note)
    assert "Credit note INV-000002" in head and "Invoice INV-000002" not in head
    assert ">Credit note</span>" in head and ">Paid</span>" not in head
    link = f'<a href="/dashboard/invoices/{paid.invoice.id}">INV-000001</a>'
    assert f"Credit note for invoice {link}" in head
    assert "This credit note records 5.00 USD given back to the customer" in note

    listed = await html_of(await client.get("/dashboard/invoices"))
    original_row = listed.split(f'id="invoice-{paid.invoice.id}"')[1].split("</tr>")[0]
    assert "Partially refunded" in original_row
    note_row = listed.split(f'id="invoice-{note_id}"')[1].split("</tr>")[0]
    assert ">Credit note</span>" in note_row and f"for {link}" in note_row
    assert ">Paid</span>" not in note_row


async def test_subscription_and_customer_pages_show_it(client, sign_up, memory_gateway):
    merchant_id, _ = await signed_up(sign_up)
    paid, answer = await partly_refunded(merchant_id)
    sid = paid.subscription.stable_subscription_id
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    refund_section = page.split('id="refund"')[1].split("</article>")[0]
    assert "Refunded 5.00 USD of 12.00 USD" in refund_section
    assert "Partially refunded" in refund_section
    assert "<strong>$7.00</strong> left to refund" in refund_section
    panel = page.split('id="subscription-invoices"')[1]
    assert "Partially refunded" in panel.split(f'id="invoice-{paid.invoice.id}"')[1]
    assert ">Credit note</span>" in panel.split(f'id="invoice-{answer["adjustmentInvoiceId"]}"')[1]

    customer = await html_of(await client.get(f"/dashboard/customers/{paid.invoice.customer_id}"))
    payments = customer.split('id="customer-payments"')[1]
    assert "Refunded 5.00 USD of 12.00 USD" in payments


async def test_refunded_in_full(client, sign_up, memory_gateway):
    merchant_id, _ = await signed_up(sign_up)
    paid, _ = await partly_refunded(merchant_id, 1200)
    html = await html_of(await client.get(f"/dashboard/invoices/{paid.invoice.id}"))
    assert 'data-refund-state="refunded">Refunded</span>' in head_of(html)
    assert "Refunded 12.00 USD of 12.00 USD" in html and "net amount paid 0.00 USD" in html


async def test_a_pending_refund_is_on_its_way_and_counts_nothing(client, sign_up, memory_gateway):
    merchant_id, _ = await signed_up(sign_up)
    paid, stored = await pending_refund(merchant_id, 700)
    html = await html_of(await client.get(f"/dashboard/invoices/{paid.invoice.id}"))
    assert "data-refund-state" not in head_of(html)
    assert "Refunded 0.00 USD of 49.00 USD" in html
    assert "7.00 USD more is on its way back to the customer" in html
    assert f'id="refund-{stored.id}" data-status="pending"' in html and "On its way" in html


async def test_a_failed_refund_is_listed_and_its_credit_note_void(client, sign_up, provider_a_api):
    merchant_id, _ = await signed_up(sign_up)
    paid = await paid_subscription(merchant_id, pricing=FLAT_12, intent_id="pi_notatlocalstripe")
    sid = paid.subscription.stable_subscription_id
    with pytest.raises(refunds.RefundFailed) as failed:
        await refunds.refund(merchant_id, sid, amount_cents=500)
    note_id = failed.value.extra["adjustmentInvoiceId"]
    html = await html_of(await client.get(f"/dashboard/invoices/{paid.invoice.id}"))
    assert "data-refund-state" not in head_of(html)
    assert "Refunded 0.00 USD of 12.00 USD" in html
    assert 'data-status="failed">Failed</span>' in html
    assert "message:</span> Provider A could not refund" in html
    assert f'{note_id}">INV-000002</a> <span class="muted">(void)</span>' in html
    note = await html_of(await client.get(f"/dashboard/invoices/{note_id}"))
    assert ">Void credit note</span>" in head_of(note)
    assert "This credit note was voided" in note and "nothing was given back" in note


async def test_another_merchants_invoice_answers_as_missing(
    client, sign_up, make_merchant, memory_gateway
):
    other = await make_merchant()
    paid, _ = await partly_refunded(other.id)
    await signed_up(sign_up)
    response = await client.get(f"/dashboard/invoices/{paid.invoice.id}")
    assert response.status_code == 303
    listed = await html_of(await client.get("/dashboard/invoices"))
    assert paid.invoice.id not in listed and "Partially refunded" not in listed
