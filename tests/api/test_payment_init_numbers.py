"""A checkout's invoice takes no number until it is paid (billing/invoicing/invoice_writer.py,
payments/payment_outcomes.py): abandoned checkouts burn none, so the numbers of issued
invoices stay gap-free; the API, its PDF and the dashboard's list show a draft without one."""

import uuid
from datetime import timedelta
from urllib.parse import urlsplit

import pytest

from billing.invoicing.models import Invoice
from billing.payments.checkout import payment_init as checkout
from billing.subscriptions.models import Subscription
from tests.support.factories.checkout_shop import card_shop, pay, start

pytestmark = pytest.mark.usefixtures("provider_a_api")


def fresh() -> dict:
    return {"email": f"buyer-{uuid.uuid4().hex[:10]}@example.com"}


async def test_abandoned_checkouts_burn_no_invoice_numbers(client, make_merchant):
    account, price = await card_shop(client, make_merchant)
    abandoned = [(await start(client, account, price, customer=fresh()))[1] for _ in range(4)]
    drafts = await Invoice.filter(id__in=[body["invoiceId"] for body in abandoned])
    assert [(i.number, i.customer_invoice_number) for i in drafts] == [(None, None)] * 4

    first = await Subscription.get(stable_subscription_id=abandoned[0]["subscriptionId"])
    await checkout.expire_abandoned(first.created_at + timedelta(hours=25), account.id)
    assert {i.status for i in await Invoice.filter(merchant_id=account.id)} == {"void"}

    numbers = []
    for _ in range(3):
        _, body, _ = await start(client, account, price, customer=fresh())
        await pay(client, account, body["paymentIntentId"])
        paid = await Invoice.get(id=body["invoiceId"])
        numbers.append((paid.status, paid.number, paid.customer_invoice_number[-4:]))
    assert numbers == [
        ("paid", "INV-000001", "0001"),
        ("paid", "INV-000002", "0001"),
        ("paid", "INV-000003", "0001"),
    ]
    voided = await Invoice.filter(merchant_id=account.id, status="void")
    assert len(voided) == 4 and {i.number for i in voided} == {None}


async def test_a_draft_without_a_number_in_the_api_and_its_pdf(client, make_merchant):
    account, price = await card_shop(client, make_merchant)
    _, body, _ = await start(client, account, price, customer=fresh())
    response = await client.get(f"/v1/invoices/{body['invoiceId']}", headers=account.headers)
    assert response.status_code == 200
    invoice = (await response.get_json())["invoice"]
    assert (invoice["number"], invoice["customerInvoiceNumber"]) == ("", "")
    listed = await client.get("/v1/invoices", headers=account.headers)
    assert listed.status_code == 200
    assert [i["number"] for i in (await listed.get_json())["invoices"]] == [""]

    link = await client.get(f"/v1/invoices/{body['invoiceId']}/pdf", headers=account.headers)
    assert (await link.get_json())["invoice"]["customerInvoiceNumber"] == ""
    download = await client.get(urlsplit((await link.get_json())["pdfUrl"]).path)
    assert download.status_code == 200
    assert download.headers["Content-Type"] == "application/pdf"
