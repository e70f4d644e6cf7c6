"""The customer list and page mark a checkout's own customer (``checkout_pending``: someone
started a checkout with the email of an existing customer,
billing/payments/checkout/checkout_customers.py)
so a merchant seeing the email twice knows why, and what will become of the second record (a
customer of its own once paid, never merged into the first)."""

from billing.accounts.models import Membership
from billing.customers import customers


async def test_a_pending_checkout_customer_is_marked_in_the_list_and_on_its_page(client, sign_up):
    email, _ = await sign_up()
    merchant_id = (await Membership.filter(user__email=email).first()).merchant_id
    owner = await customers.create_customer(merchant_id, email="ada@example.com", name="Ada")
    pending = await customers.create_checkout_pending(
        merchant_id, email="ada@example.com", name="Ada"
    )

    listed = await client.get("/dashboard/customers")
    html = await listed.get_data(as_text=True)
    assert listed.status_code == 200
    assert html.count("Checkout not finished") == 1
    row = html.split(f'id="customer-{pending.id}"')[1].split("</tr>")[0]
    assert "Checkout not finished" in row
    assert (
        "Checkout not finished" not in html.split(f'id="customer-{owner.id}"')[1].split("</tr>")[0]
    )

    page = await client.get(f"/dashboard/customers/{pending.id}")
    body = await page.get_data(as_text=True)
    assert page.status_code == 200
    assert 'id="checkout-pending"' in body
    assert "If they pay, this record stays a customer of its own" in body
    plain = await client.get(f"/dashboard/customers/{owner.id}")
    assert 'id="checkout-pending"' not in await plain.get_data(as_text=True)
