"""Retrying an invoice's payment from its page (provider A answered by the in-memory gateway,
declining in the card provider's words: the subject is the page): paid, declined, refused in
plain words, without JavaScript, and another merchant's invoice untouched."""

import pytest

from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from tests.support.factories.card_payments import DECLINED_CARD, GOOD_CARD, JAN_1
from tests.support.factories.invoices import FLAT_49, priced_subscription
from tests.support.factories.subscriptions import make_customer
from tests.support.factories.webhooks import configure
from tests.support.fakes.memory_gateway import memory_card
from tests.support.webapp.catalog_pages import HX, html_of, signed_up


@pytest.fixture
def gateway(memory_card_gateway):
    return memory_card_gateway


async def unpaid_invoice(merchant_id: str, gateway, card: str | None) -> Invoice:
    """A $49 invoice billed on January 1, its customer with ``card`` (or none)."""
    await configure(merchant_id, "provider_a", None)
    customer = await make_customer(merchant_id)
    if card:
        await memory_card(merchant_id, customer, card)
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1, customer=customer)
    await bill_due(JAN_1, merchant_id)
    return await Invoice.get(merchant_id=merchant_id, stable_subscription_id=sub.id)


async def retry(client, token: str, invoice_id: str, headers=HX):
    path = f"/dashboard/invoices/{invoice_id}/retry-payment"
    return await client.post(path, form={"csrf_token": token}, headers=headers)


# Retry payment --------------------------------------------------------------------------------


async def test_retry_pays_in_place(client, sign_up, gateway):
    merchant_id, token = await signed_up(sign_up)
    invoice = await unpaid_invoice(merchant_id, gateway, GOOD_CARD)
    page = await html_of(await client.get(f"/dashboard/invoices/{invoice.id}"))
    assert "Retry payment" in page and "for $49.00" in page

    response = await retry(client, token, invoice.id)
    html = await html_of(response)
    assert response.status_code == 200, html
    assert 'data-kind="paid"' in html and "Paid: $49.00 collected." in html
    assert 'id="invoice-head" hx-swap-oob="true"' in html and 'data-status="paid"' in html
    assert "Retry payment</button>" not in html  # paid: nothing left to retry
    payment = await Payment.get(invoice_id=invoice.id)
    assert payment.status == "succeeded" and f'id="payment-{payment.id}"' in html
    assert (await Invoice.get(id=invoice.id)).status == "paid"


async def test_retry_declined_shows_the_providers_message(client, sign_up, gateway):
    merchant_id, token = await signed_up(sign_up)
    invoice = await unpaid_invoice(merchant_id, gateway, DECLINED_CARD)
    response = await retry(client, token, invoice.id)
    html = await html_of(response)
    assert response.status_code == 200, html
    assert 'data-kind="failed"' in html
    assert "The payment failed: Your card was declined." in html
    assert "Retry payment</button>" in html and "invoice-head" not in html
    assert (await Payment.get(invoice_id=invoice.id)).status == "failed"
    assert (await Invoice.get(id=invoice.id)).status == "unpaid"


async def test_retry_refusals_in_plain_words(client, sign_up, gateway):
    merchant_id, token = await signed_up(sign_up)
    invoice = await unpaid_invoice(merchant_id, gateway, None)
    response = await retry(client, token, invoice.id)
    html = await html_of(response)
    assert response.status_code == 422
    assert 'data-kind="refused"' in html
    assert "The customer has no card or account Tally can charge." in html
    assert "/v1" not in html
    assert not await Payment.filter(invoice_id=invoice.id).exists()

    await Invoice.filter(id=invoice.id).update(total_cents=0)
    page = await html_of(await client.get(f"/dashboard/invoices/{invoice.id}"))
    assert "Retry payment" not in page  # nothing to charge
    await Invoice.filter(id=invoice.id).update(total_cents=4900, status="paid")
    page = await html_of(await client.get(f"/dashboard/invoices/{invoice.id}"))
    assert "Retry payment" not in page
    response = await retry(client, token, invoice.id)
    assert response.status_code == 422
    assert "This invoice is already paid" in await html_of(response)


async def test_retry_without_javascript_flashes_on_the_invoice(client, sign_up, gateway):
    merchant_id, token = await signed_up(sign_up)
    invoice = await unpaid_invoice(merchant_id, gateway, DECLINED_CARD)
    response = await retry(client, token, invoice.id, headers={})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/dashboard/invoices/{invoice.id}")
    page = await html_of(await client.get(response.headers["Location"]))
    assert "The payment failed: Your card was declined." in page


async def test_another_merchants_invoice_cannot_be_retried(client, sign_up, gateway):
    owner_id, _ = await signed_up(sign_up)
    theirs = await unpaid_invoice(owner_id, gateway, GOOD_CARD)
    client.cookie_jar.clear()
    _, token = await signed_up(sign_up)
    response = await retry(client, token, theirs.id)
    assert response.status_code == 303
    assert not await Payment.filter(invoice_id=theirs.id).exists()
