"""Subscription pages through the in-process client: status filter, subscribing (prices loaded
per plan, service errors on fields), the override editor, lifecycle actions with 409 refusals
as flash errors, the MRR tile, and isolation."""

from billing.catalog.models import Price
from billing.subscriptions import subscription_lifecycle
from billing.subscriptions.models import Subscription
from tests.support.factories.catalog import make_feature, make_plan
from tests.support.factories.subscriptions import make_customer, subscribe
from tests.support.webapp.catalog_pages import HX, html_of, post_form, signed_up


async def test_list_filters_by_status(client, sign_up):
    merchant_id, _ = await signed_up(sign_up)
    page = await html_of(await client.get("/dashboard/subscriptions"))
    assert "No subscriptions yet" in page
    active = await subscribe(merchant_id)
    paused = await subscribe(merchant_id)
    await subscription_lifecycle.pause(merchant_id, paused.stable_subscription_id)
    page = await html_of(await client.get("/dashboard/subscriptions"))
    assert active.stable_subscription_id in page and paused.stable_subscription_id in page
    fragment = await html_of(await client.get("/dashboard/subscriptions?status=paused", headers=HX))
    assert fragment.startswith('<div id="subscriptions-list">')
    assert paused.stable_subscription_id in fragment
    assert active.stable_subscription_id not in fragment
    page = await html_of(await client.get("/dashboard/subscriptions?status=unpaid"))
    assert "No unpaid subscriptions" in page
    page = await html_of(await client.get("/dashboard/subscriptions?status=bogus"))
    assert active.stable_subscription_id in page and paused.stable_subscription_id in page


async def _plans(merchant_id: str):
    basic = await make_plan(merchant_id, name="Basic", monthly_cents=1000, yearly_cents=10000)
    pro = await make_plan(merchant_id, name="Pro", monthly_cents=5000)
    prices = {
        plan.id: await Price.filter(plan_id=plan.id).order_by("created_at") for plan in (basic, pro)
    }
    return basic, pro, prices


async def test_subscribe_by_email_with_prices_of_the_chosen_plan(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    page = await html_of(await client.get("/dashboard/subscriptions/new"))
    assert "No plan with a price yet" in page
    basic, pro, prices = await _plans(merchant_id)
    customer = await make_customer(merchant_id, email="Buyer@Example.com")
    page = await html_of(await client.get(f"/dashboard/subscriptions/new?customer={customer.id}"))
    assert 'value="Buyer@Example.com"' in page and "Basic (v1)" in page and "Pro (v1)" in page
    fragment = await html_of(
        await client.get(f"/dashboard/subscriptions/prices?plan_id={pro.id}", headers=HX)
    )
    assert fragment.startswith('<div id="price-field">')
    assert prices[pro.id][0].id in fragment and prices[basic.id][0].id not in fragment

    form = {
        "csrf_token": token,
        "customer": "buyer@example.com",
        "plan_id": pro.id,
        "price_id": prices[pro.id][0].id,
        "start_date": "",
    }
    response = await client.post("/dashboard/subscriptions/new", form=form)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/dashboard/customers/{customer.id}"
    subscription = await Subscription.get(customer_id=customer.id)
    assert (subscription.plan_id, subscription.status) == (pro.id, "active")

    response = await client.post("/dashboard/subscriptions/new", form=form)
    page = await html_of(response)
    assert response.status_code == 422
    assert 'id="customer-help">Customer already has an active subscription.' in page
    assert subscription.stable_subscription_id in page
    response = await client.post(
        "/dashboard/subscriptions/new",
        form={**form, "allow_multiple": "y", "start_date": "2026-01-31"},
    )
    assert response.status_code == 303
    assert await Subscription.filter(customer_id=customer.id).count() == 2


async def test_subscribe_errors_land_on_their_fields(client, sign_up, make_merchant):
    merchant_id, token = await signed_up(sign_up)
    basic, pro, prices = await _plans(merchant_id)
    await make_customer(merchant_id, email="known@example.com")
    base = {"csrf_token": token, "customer": "known@example.com", "plan_id": basic.id}
    response = await client.post(
        "/dashboard/subscriptions/new",
        form={**base, "customer": "nobody@example.com", "price_id": prices[basic.id][0].id},
    )
    assert 'id="customer-help">No customer has this email, id or external id' in (
        await html_of(response)
    )
    response = await client.post(
        "/dashboard/subscriptions/new", form={**base, "price_id": prices[pro.id][0].id}
    )
    assert 'id="price_id-help">Price must be a price of the plan' in await html_of(response)
    other = await make_merchant()
    theirs = await make_customer(other.id)
    response = await client.post(
        "/dashboard/subscriptions/new",
        form={**base, "customer": theirs.id, "price_id": prices[basic.id][0].id},
    )
    assert response.status_code == 422  # another merchant's id answers as an unknown one
    assert "No customer has this email, id or external id" in await html_of(response)
    response = await client.post(
        "/dashboard/subscriptions/new",
        form={**base, "price_id": prices[basic.id][0].id, "start_date": "31.01.2026"},
    )
    assert response.status_code == 422
    assert await Subscription.filter(merchant_id=merchant_id).count() == 0


async def test_override_editor_replaces_every_feature(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    subscription = await subscribe(merchant_id, features=[("API access", True)])
    extra = await make_feature(merchant_id, "Priority support", "boolean")
    sid = subscription.stable_subscription_id
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}/features"))
    assert "replaces every feature" in page and "Priority support" in page
    assert page.count("checked") == 1 and "From plan" in page

    url = f"/dashboard/subscriptions/{sid}/features"
    response = await post_form(client, url, {"csrf_token": token})
    assert response.status_code == 422
    assert "Choose at least one feature" in await html_of(response)
    response = await post_form(client, url, {"csrf_token": token, "feature_ids": [extra.id]})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/dashboard/subscriptions/{sid}"
    page = await html_of(await client.get(response.headers["Location"]))
    assert "Features saved as version 2." in page
    assert 'data-source="override"' in page and 'data-source="plan"' not in page
    assert "Features added: Priority support" in page and "Features removed: API access" in page
    response = await post_form(client, url, {"csrf_token": token, "feature_ids": ["feat_bogus"]})
    assert "One or more feature IDs are invalid" in await html_of(response)


async def test_pause_resume_cancel_and_refusals(client, sign_up):
    merchant_id, token = await signed_up(sign_up)
    subscription = await subscribe(merchant_id, monthly_cents=2500)
    sid = subscription.stable_subscription_id
    home = await html_of(await client.get("/dashboard"))
    assert 'id="mrr-amount">$25.00' not in home  # the tile is in the merchant's currency (EUR)
    assert "€25.00" in home and "1 active subscription" in home and "<polyline" in home

    confirm = await html_of(await client.get(f"/dashboard/subscriptions/{sid}/pause"))
    assert "Pause this subscription?" in confirm
    back = f"/dashboard/customers/{subscription.customer_id}"
    response = await client.post(
        f"/dashboard/subscriptions/{sid}/pause?next={back}", form={"csrf_token": token}
    )
    assert (response.status_code, response.headers["Location"]) == (303, back)
    assert "Subscription paused" in await html_of(await client.get(back))
    assert "€0.00" in await html_of(await client.get("/dashboard"))

    response = await client.post(
        f"/dashboard/subscriptions/{sid}/pause", form={"csrf_token": token}, headers=HX
    )
    assert response.headers["HX-Redirect"] == f"/dashboard/subscriptions/{sid}"
    page = await html_of(await client.get(f"/dashboard/subscriptions/{sid}"))
    assert "Only an active subscription can be paused (this one is paused)" in page
    await client.post(f"/dashboard/subscriptions/{sid}/resume", form={"csrf_token": token})
    assert (await Subscription.get(id=subscription.id)).status == "active"

    response = await client.post(
        f"/dashboard/subscriptions/{sid}/cancel", form={"csrf_token": token}
    )
    assert response.headers["Location"] == f"/dashboard/subscriptions/{sid}"
    page = await html_of(await client.get(response.headers["Location"]))
    assert "Subscription cancelled." in page and "Cancelled on" in page  # read-only, not gone
    response = await client.post(
        f"/dashboard/subscriptions/{sid}/resume", form={"csrf_token": token}
    )
    page = await html_of(await client.get(response.headers["Location"], follow_redirects=True))
    assert "Subscription has ended" in page


async def test_another_merchants_subscription_is_not_found(client, sign_up, make_merchant):
    _, token = await signed_up(sign_up)
    other = await make_merchant()
    theirs = await subscribe(other.id)
    sid = theirs.stable_subscription_id
    for path in ("", "/features", "/cancel"):
        response = await client.get(f"/dashboard/subscriptions/{sid}{path}")
        assert response.status_code == 303
    response = await client.post(
        f"/dashboard/subscriptions/{sid}/cancel", form={"csrf_token": token}
    )
    page = await html_of(await client.get(response.headers["Location"], follow_redirects=True))
    assert "Subscription not found or access denied" in page
    assert (await Subscription.get(id=theirs.id)).status == "active"
    page = await html_of(await client.get("/dashboard/subscriptions"))
    assert sid not in page


def test_chart_scales_to_a_round_top_and_labels_the_axes():
    from datetime import date, timedelta

    from webapp.pages.mrr_chart import build_chart, nice_top

    assert [nice_top(v) for v in (0, 1, 4900, 10000, 12001, 30000)] == [
        100,
        1,
        5000,
        10000,
        20000,
        50000,
    ]
    days = [date(2026, 1, 1) + timedelta(days=n) for n in range(30)]
    chart = build_chart([(day, 0 if n < 29 else 4900) for n, day in enumerate(days)], "EUR")
    assert [label for _, label in chart.y_ticks] == ["€0", "€25", "€50"]
    assert [label for _, label, _ in chart.x_ticks] == ["Jan 1", "Jan 16", "Jan 30"]
    assert len(chart.line.split()) == 30 and chart.area.endswith("Z")
    assert "today €49.00" in chart.summary
    assert build_chart([], "EUR").line == ""
