"""A usage price on the plan page in Chromium: "$29 / month + usage" made from the form
(a metric picked, a unit price typed to a fraction of a cent), errors in place, the usage
component shown in words ("+ usage" wherever the price is summarised), then usage sent
through /v1/events showing on the subscription's upcoming invoice; at 1280 and 390 px."""

from datetime import timedelta

import httpx
import pytest
from playwright.async_api import expect

from billing.accounts.api_keys import create_api_key
from billing.catalog.metrics import create_metric
from billing.catalog.models import Plan, Price
from billing.core.models import utcnow
from billing.invoicing.billing_run import bill_due
from billing.subscriptions.subscriptions import create_subscription
from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up
from tests.support.factories.subscriptions import make_customer
from tests.support.pages.plans import OVERFLOW, create_plan
from tests.support.pages.subscriptions import merchant_of


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
async def test_a_plan_of_29_a_month_plus_usage(new_page, viewport, app, live_server):
    page = await new_page(viewport)
    width = viewport["width"]
    merchant_id = await merchant_of(await sign_up(page))
    metric = await create_metric(
        merchant_id, name="API calls", event_name="api.call", aggregation_type="COUNT"
    )
    await create_plan(page, "Pro API", "")
    form = page.locator("#usage-editor")
    await form.locator("summary").click()
    await form.get_by_label("Base fee").fill("29.00")
    await form.get_by_label("Metric").select_option(label="API calls")
    await form.get_by_label("One unit is called").fill("call")
    await form.get_by_label("Price per unit", exact=True).fill("0.00000004")  # too fine
    await form.get_by_role("button", name="Add usage price").click()
    field = form.get_by_label("Price per unit", exact=True)
    await expect(field).to_have_attribute("aria-invalid", "true")
    await expect(form).to_contain_text("Use at most six decimal places, like 0.000125")
    await expect(form.get_by_label("Base fee")).to_have_value("29.00")  # kept as typed
    await screenshot(page, f"usage-price-error-{width}")

    await form.get_by_label("Price per unit", exact=True).fill("0.0004")
    await form.get_by_role("button", name="Add usage price").click()
    await expect(page.get_by_role("status")).to_contain_text("Usage price added to “Pro API”")
    prices = page.locator("#prices")
    await expect(prices).to_contain_text("$29.00 / month + usage")
    await expect(prices.locator(".usage-line")).to_have_text(
        "+ API calls: 0.0004 USD per call, billed monthly in arrears"
    )
    await screenshot(page, f"usage-price-plan-{width}")

    plan = await Plan.filter(merchant_id=merchant_id, plan_name="Pro API").first()
    [price] = await Price.filter(plan_id=plan.id, deleted_at=None)
    usage = price.pricing_data["components"][1]
    assert usage["metric_id"] == metric.id
    assert usage["unit_amount_decimal"] == "0.04"  # cents: 0.0004 USD exactly

    await page.goto("/dashboard/plans")
    await expect(page.locator('tr[data-plan-name="Pro API"]')).to_contain_text(
        "$29.00 / month + usage"
    )

    customer = await make_customer(merchant_id)
    sub = await create_subscription(
        merchant_id,
        customer_id=customer.id,
        plan_id=plan.id,
        effective_price_id=price.id,
        start_timestamp=utcnow() - timedelta(days=2),
    )
    await bill_due(utcnow(), merchant_id)  # the first month's fee, in advance
    _, key = await create_api_key(merchant_id, name="Backend", key_type="secret")
    auth = {"Authorization": f"Bearer {key}"}
    sent_at = (utcnow() - timedelta(hours=1)).isoformat()
    events = [
        {
            "eventName": "api.call",
            "customerId": customer.id,
            "eventTimestamp": sent_at,
            "idempotencyKey": f"call-{n}",
        }
        for n in range(25)
    ]
    async with httpx.AsyncClient(base_url=live_server) as api:
        answer = await api.post("/v1/events/batch", json={"events": events}, headers=auth)
        assert answer.status_code in (200, 202), answer.text
        upcoming = await api.get(
            "/v1/invoices/upcoming",
            params={"subscriptionId": sub.stable_subscription_id},
            headers=auth,
        )
    assert upcoming.status_code == 200, upcoming.text
    body = upcoming.json()
    [line] = [item for item in body["invoice"]["lineItems"] if item["type"] == "usage"]
    # 25 calls x 0.04 cents = 1 cent, rounded once
    assert (line["quantity"], line["unitAmountDecimal"], line["subtotalCents"]) == (25, "0.04", 1)

    await page.goto(f"/dashboard/subscriptions/{sub.stable_subscription_id}")
    await expect(page.locator(".sub-card-title")).to_contain_text("$29.00 / month + usage")
    await expect(page.locator(".sub-card")).to_contain_text("Price $29.00 / month + usage")
    panel = page.locator("#upcoming-invoice")
    await expect(panel).to_contain_text("API calls")
    await expect(panel).to_contain_text("usage so far")
    await expect(panel).to_contain_text("$0.01")
    await expect(panel).to_contain_text("(25 so far)")
    await screenshot(page, f"usage-upcoming-{width}")

    await page.goto(f"/dashboard/plans/{plan.stable_plan_id}")
    form = page.locator("#usage-editor")
    await form.locator("summary").click()
    await form.get_by_label("Metric").select_option(label="API calls")
    await form.get_by_label("One unit is called").fill("call")
    await form.get_by_label("Priced").select_option("graduated")
    await expect(form.get_by_label("Price per unit", exact=True)).to_be_hidden()
    await form.get_by_label("Up to (units)").fill("10,000")
    await form.get_by_label("Unit price", exact=True).fill("0")
    await form.get_by_role("button", name="Add usage price").click()
    await expect(form.get_by_role("alert")).to_contain_text(
        "Above the last tier: enter the price, like 0.0004"
    )
    await expect(form.get_by_label("Up to (units)")).to_have_value("10,000")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"usage-price-tiers-error-{width}")

    await form.get_by_label("Unit price above the last tier").fill("0.0002")
    await form.get_by_label("Flat fee for that tier").fill("5")
    await form.get_by_role("button", name="Add usage price").click()
    await expect(page.get_by_role("status")).to_contain_text("Usage price added")
    tiers = page.locator("#prices .usage-tiers li")
    await expect(tiers).to_have_text(
        ["Up to 10,000: free", "Above 10,000: 0.0002 USD each + $5.00"]
    )
    # no base fee: the usage line stands alone, without a leading "+"
    await expect(page.locator("#prices .usage-line").last).to_have_text(
        "API calls: each call at its tier's price, billed monthly in arrears"
    )
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, f"usage-price-tiers-{width}")
