"""The dashboard's invoice pages: tabs with counts, the customer filter, keyset pages, one
invoice's lines and totals, and another merchant's invoice answering as missing."""

from datetime import UTC, datetime, timedelta

from billing.core.models import utcnow
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.subscriptions.subscription_lifecycle import cancel_at_period_end
from tests.support.factories.invoices import (
    FLAT_49,
    fee_and_calls,
    priced_subscription,
    sum_metric,
    use,
)
from tests.support.webapp.catalog_pages import html_of, signed_up

JAN_1 = datetime(2030, 1, 1, tzinfo=UTC)
MAR_1 = datetime(2030, 3, 1, tzinfo=UTC)


async def test_list_tabs_filter_and_detail(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1)
    await priced_subscription(merchant_id, FLAT_49, start=JAN_1)
    await bill_due(MAR_1, merchant_id)
    page = await client.get("/dashboard/invoices")
    html = await page.get_data(as_text=True)
    assert page.status_code == 200
    assert 'All <span class="count">6</span>' in html
    assert 'Unpaid <span class="count">6</span>' in html
    assert "$49.00" in html and "INV-000006" in html
    mine = await client.get(f"/dashboard/invoices?customer={sub.customer_id}")
    mine_html = await mine.get_data(as_text=True)
    assert mine_html.count('data-number="INV-') == 3
    paid = await (await client.get("/dashboard/invoices?status=paid")).get_data(as_text=True)
    assert "No paid invoices" in paid
    invoice = await Invoice.filter(stable_subscription_id=sub.id).order_by("issue_date").first()
    detail = await client.get(f"/dashboard/invoices/{invoice.id}")
    body = await detail.get_data(as_text=True)
    assert detail.status_code == 200
    for text in (invoice.number, "plan — monthly fee", "Jan 1, 2030", "Feb 1, 2030", "$49.00"):
        assert text in body
    assert "/invoices/pdf/" in body


async def test_keyset_pages_walk_forward_and_back(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    for _ in range(9):  # 27 invoices: two pages of 25
        await priced_subscription(merchant_id, FLAT_49, start=JAN_1)
    await bill_due(MAR_1, merchant_id)
    first = await (await client.get("/dashboard/invoices")).get_data(as_text=True)
    assert first.count('data-number="INV-') == 25 and 'rel="next"' in first
    next_href = first.split('rel="next"')[0].rsplit('href="', 1)[1].split('"')[0]
    second = await (await client.get(next_href.replace("&amp;", "&"))).get_data(as_text=True)
    assert second.count('data-number="INV-') == 2 and 'rel="prev"' in second
    bad = await (await client.get("/dashboard/invoices?after=nonsense")).get_data(as_text=True)
    assert "That page link is not valid" in bad


async def test_another_merchants_invoice_is_not_found(client, sign_up, make_merchant):
    await signed_up(sign_up)
    other = await make_merchant()
    await priced_subscription(other.id, FLAT_49, start=JAN_1)
    await bill_due(JAN_1, other.id)
    theirs = await Invoice.filter(merchant_id=other.id).first()
    response = await client.get(f"/dashboard/invoices/{theirs.id}")
    assert response.status_code == 303
    followed = await client.get("/dashboard/invoices")
    assert "Invoice not found" in await html_of(followed)


async def test_customer_and_subscription_pages_show_invoices_and_the_upcoming_one(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    sub = await priced_subscription(merchant_id, FLAT_49, start=JAN_1)
    await bill_due(JAN_1, merchant_id)
    customer_page = await html_of(await client.get(f"/dashboard/customers/{sub.customer_id}"))
    assert 'id="invoices"' in customer_page and 'data-number="INV-000001"' in customer_page
    assert f"/dashboard/invoices?customer={sub.customer_id}" in customer_page
    sub_page = await html_of(await client.get(f"/dashboard/subscriptions/{sub.id}"))
    assert 'data-number="INV-000001"' in sub_page
    upcoming = sub_page.split('id="upcoming-invoice"')[1].split("</article>")[0]
    assert "Feb 1, 2030" in upcoming and "$49.00" in upcoming


async def test_an_edited_page_link_is_refused_in_words(client, sign_up):
    await signed_up(sign_up)
    for cursor in ("2030-01-01T00:00:00+00:00~inv_\x00", "2030-01-01~inv_x", "~"):
        page = await html_of(
            await client.get("/dashboard/invoices", query_string={"after": cursor})
        )
        assert "That page link is not valid" in page


async def test_a_cancelling_subscription_shows_its_final_usage_as_the_upcoming_invoice(
    client, sign_up
):
    merchant_id, _ = await signed_up(sign_up)
    metric = await sum_metric(merchant_id, "api-call")
    start = utcnow() - timedelta(days=10)
    sub = await priced_subscription(merchant_id, fee_and_calls(metric.id), start=start)
    await use(merchant_id, sub.customer_id, metric, 12340, start + timedelta(days=1))
    await bill_due(start, merchant_id)
    await cancel_at_period_end(merchant_id, sub.id)
    sub_page = await html_of(await client.get(f"/dashboard/subscriptions/{sub.id}"))
    upcoming = sub_page.split('id="upcoming-invoice"')[1].split("</article>")[0]
    assert "when the subscription ends" in upcoming and "It is the final invoice" in upcoming
    assert "$12.34" in upcoming and "$29.00" not in upcoming  # no next month's fee
