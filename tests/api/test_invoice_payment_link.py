"""The provider B payment link reaches the merchant in the invoice JSON: ``payment.paymentLink``
(null when the attempt has none), on one invoice and in the list; another merchant's invoice
answers as missing."""

from tests.support.factories.provider_b import waiting_on_a_link


async def test_the_link_is_in_the_invoice_and_the_list(client, merchant, provider_b):
    invoice, payment = await waiting_on_a_link(merchant.id, provider_b)
    [made] = [
        link for link in provider_b.links if link["payment_id"] == payment.provider_payment_id
    ]
    expected = {
        "id": payment.id,
        "status": "pending",
        "paymentLink": made["payment_link"],
        "amountRefundedCents": 0,
        "refundStatus": "none",
        "refunds": [],
    }

    one = await client.get(f"/v1/invoices/{invoice.id}", headers=merchant.headers)
    assert one.status_code == 200
    body = (await one.get_json())["invoice"]
    assert (body["paymentStatus"], body["payment"]) == ("pending", expected)

    listed = await client.get("/v1/invoices", headers=merchant.headers)
    [row] = [row for row in (await listed.get_json())["invoices"] if row["id"] == invoice.id]
    assert row["payment"] == expected


async def test_another_merchant_does_not_see_it(client, merchant, make_merchant, provider_b):
    invoice, _ = await waiting_on_a_link(merchant.id, provider_b)
    other = await make_merchant()
    theirs = await client.get(f"/v1/invoices/{invoice.id}", headers=other.headers)
    assert theirs.status_code == 404
    assert "paymentLink" not in await theirs.get_data(as_text=True)
