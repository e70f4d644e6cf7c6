"""The dashboard's MRR figures count seats as /v1 does: the customer page's subscription card
and the home tile show seats x unit price a month for a per-seat plan."""

from tests.support.factories.seats import seated_subscription
from tests.support.webapp.catalog_pages import html_of, signed_up


async def test_customer_card_and_home_tile_count_the_seats(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    monthly = await seated_subscription(merchant_id, 1000, "month", 3)  # 3 x 10.00
    yearly = await seated_subscription(merchant_id, 12000, "year", 2)  # 2 x 120.00 / 12

    for subscription, shown in ((monthly, "$30.00"), (yearly, "$20.00")):
        page = await html_of(await client.get(f"/dashboard/customers/{subscription.customer_id}"))
        card = page[page.index('class="sub-mrr"') :].split("</dd>")[0]
        assert shown in card

    home = await html_of(await client.get("/dashboard"))
    assert 'id="mrr-amount">€50.00' in home  # the tile is in the merchant's currency
    assert "2 active subscriptions" in home
