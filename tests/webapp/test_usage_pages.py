"""The Usage page (event explorer and chart) and the customer page's entitlements panel,
through the in-process client."""

from billing.catalog import metrics
from tests.support.factories.entitlements import credit_plan, subscribe_to
from tests.support.factories.subscriptions import make_customer
from tests.support.webapp.catalog_pages import HX, html_of, signed_up
from tests.support.webapp.usage_pages import store


async def test_empty_account_explains_how_to_send_events(client, sign_up):
    await signed_up(sign_up)
    page = await html_of(await client.get("/dashboard/usage"))
    assert "No usage events yet" in page
    assert "/v1/events" in page and "Authorization: Bearer" in page
    assert 'aria-current="page">Usage<' in page


async def test_events_table_chart_and_filters(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    await store(merchant_id, "api-call", "cust_a", eventValue=3, properties={"region": "eu"})
    await store(merchant_id, "login", "cust_b", hours_ago=2)
    page = await html_of(await client.get("/dashboard/usage"))
    assert page.count("<code>api-call</code>") >= 2  # table row and legend
    assert "<code>login</code>" in page and '{"region": "eu"}' in page
    assert 'class="usage-line series-0" data-series="api-call"' in page
    assert "Events 1–2" in page

    filtered = await html_of(await client.get("/dashboard/usage?eventName=login"))
    assert "cust_b" in filtered and "cust_a" not in filtered
    assert 'value="login"' in filtered
    by_customer = await html_of(await client.get("/dashboard/usage?customerId=cust_a"))
    assert "cust_a" in by_customer and "cust_b" not in by_customer
    none = await html_of(await client.get("/dashboard/usage?eventName=nothing"))
    assert "No events match these filters." in none


async def test_htmx_gets_only_the_results(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    await store(merchant_id, "api-call", "cust_a")
    response = await client.get("/dashboard/usage?eventName=api-call", headers=HX)
    html = await html_of(response)
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="usage-results"')
    assert "<form" not in html.split("</section>")[0]


async def test_pages_of_fifty_with_newer_and_older_links(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    for hour in range(1, 56):
        await store(merchant_id, "api-call", f"cust_{hour:02d}", hours_ago=hour)
    first = await html_of(await client.get("/dashboard/usage?eventName=api-call"))
    assert "Events 1–50" in first and "cust_50" in first and "cust_51" not in first
    assert 'href="/dashboard/usage?eventName=api-call&amp;offset=50"' in first
    assert 'rel="prev"' not in first
    second = await html_of(await client.get("/dashboard/usage?eventName=api-call&offset=50"))
    assert "Events 51–55" in second and "cust_55" in second and 'rel="next"' not in second
    assert 'href="/dashboard/usage?eventName=api-call"' in second  # back to the first page


async def test_bad_filters_show_the_message_not_a_500(client, sign_up):
    await signed_up(sign_up)
    response = await client.get("/dashboard/usage?startDate=soon")
    assert response.status_code == 400
    assert "The From date must be a date like 2026-01-31." in await html_of(response)
    response = await client.get("/dashboard/usage?offset=-3", headers=HX)
    assert response.status_code == 422  # htmx swaps 422: the message replaces the results
    assert 'id="usage-error"' in await html_of(response)


async def test_from_after_to_answers_htmx_with_the_message_in_place(client, sign_up):
    """Issue 19, point 8: htmx threw a 400 fragment away for "Something went wrong (400)"."""
    await signed_up(sign_up)
    backwards = "/dashboard/usage?startDate=2026-03-10&endDate=2026-03-01"
    response = await client.get(backwards, headers=HX)
    html = await html_of(response)
    assert response.status_code == 422
    assert html.lstrip().startswith('<section id="usage-results"')
    assert "The From date must be on or before the To date." in html
    assert "startDate" not in html.split("</section>")[0]
    full = await client.get(backwards)
    assert "The From date must be on or before the To date." in await html_of(full)


async def test_other_merchants_events_never_show(client, sign_up, make_merchant):
    other = await make_merchant("Other Co")
    await store(other.id, "secret-event", "cust_theirs")
    merchant_id, _ = await signed_up(sign_up)
    await store(merchant_id, "mine", "cust_mine")
    page = await html_of(await client.get("/dashboard/usage"))
    assert "mine" in page and "secret-event" not in page and "cust_theirs" not in page
    page = await html_of(await client.get("/dashboard/usage?customerId=cust_theirs"))
    assert "No events match these filters." in page


async def test_customer_page_shows_entitlements_with_usage_bars(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    metric = await metrics.create_metric(
        merchant_id, name="Calls", event_name="api-call", aggregation_type="SUM"
    )
    plan = await credit_plan(merchant_id, [metric.id], allowance=100)
    customer = await make_customer(merchant_id)
    await subscribe_to(plan, customer)
    await store(merchant_id, "api-call", customer.id, eventValue=30)
    page = await html_of(await client.get(f"/dashboard/customers/{customer.id}"))
    panel = page.split('id="entitlements"')[1].split("</article>")[0]
    assert 'data-feature="api-calls"' in panel and 'data-feature="sso"' in panel
    assert '<progress value="30" max="100"' in panel
    assert "30 of 100 used" in panel
    assert "Credits" in panel and "From plan" in panel


async def test_customer_without_subscription_has_an_empty_panel(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    customer = await make_customer(merchant_id)
    page = await html_of(await client.get(f"/dashboard/customers/{customer.id}"))
    assert "No features granted" in page
