"""The invoice page offers a provider B payment link to copy and send while the invoice waits
on it, and not once it is paid."""

from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from tests.support.factories.provider_b import waiting_on_a_link
from tests.support.webapp.catalog_pages import signed_up


async def test_the_link_is_offered_in_plain_words_until_paid(client, sign_up, provider_b):
    merchant_id, _ = await signed_up(sign_up)
    invoice, payment = await waiting_on_a_link(merchant_id, provider_b)
    page = await client.get(f"/dashboard/invoices/{invoice.id}")
    html = await page.get_data(as_text=True)
    assert page.status_code == 200
    assert "Send this payment link to the customer" in html
    assert f'id="payment-link-url" type="text" readonly value="{payment.payment_link}"' in html
    assert 'data-copy="#payment-link-url"' in html
    assert f'href="{payment.payment_link}"' in html

    await Payment.filter(id=payment.id).update(status="succeeded")
    await Invoice.filter(id=invoice.id).update(status="paid", payment_status="succeeded")
    paid = await (await client.get(f"/dashboard/invoices/{invoice.id}")).get_data(as_text=True)
    assert (
        "Send this payment link" not in paid
        and payment.payment_link not in paid.split('id="payments"')[0]
    )


async def test_a_link_that_is_not_a_web_address_is_not_offered(client, sign_up, provider_b):
    merchant_id, _ = await signed_up(sign_up)
    invoice, payment = await waiting_on_a_link(merchant_id, provider_b)
    await Payment.filter(id=payment.id).update(payment_link="javascript:alert(1)")
    html = await (await client.get(f"/dashboard/invoices/{invoice.id}")).get_data(as_text=True)
    assert "Send this payment link" not in html and "javascript:alert" not in html
