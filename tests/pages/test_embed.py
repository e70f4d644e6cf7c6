"""The pricing-table embeds in Chromium, loaded from a page on another origin.

A plain static HTTP server (another port, so another origin) serves an HTML page that uses
both embeds with only the merchant's publishable key: the ``<tally-pricing-table>`` element
from ``static/pricing-table.js`` and the iframe page. The plans come from the same database
the live server reads (the ``database_url`` fixture), made with the test factory.
"""

import httpx
from playwright.async_api import expect

from billing.catalog import pricing_tables
from tests.pages.conftest import DESKTOP, PHONE, screenshot
from tests.support.api.public_pricing_tables import pro_with_usage
from tests.support.factories.catalog import make_plan
from tests.support.pages.embed import card, site_page

UNAVAILABLE = "This pricing table is not available right now."


async def catalog(merchant_id: str) -> None:
    plans = [
        await make_plan(
            merchant_id,
            name="Pro",
            description="For growing teams",
            monthly_cents=2900,
            yearly_cents=29000,
            features=[("API access", True), ("Projects", 10)],
            trial_days=14,
        ),
        await make_plan(
            merchant_id,
            name="Starter",
            description="For side projects",
            monthly_cents=900,
            features=[("API access", False), ("Projects", 3)],
        ),
        await make_plan(merchant_id, name="Enterprise", enterprise=True, features=[("SSO", True)]),
    ]
    await pricing_tables.create_table(
        merchant_id, name="Pricing", slug="pricing", plan_ids=[p.id for p in plans]
    )


async def test_both_embeds_work_from_another_origin(
    new_page, live_server, make_merchant, other_origin
):
    merchant = await make_merchant()
    await catalog(merchant.id)
    folder, origin = other_origin
    (folder / "index.html").write_text(site_page(live_server, "pricing", merchant.publishable_key))
    page = await new_page(DESKTOP)
    await page.goto(f"{origin}/index.html")

    element = page.locator("tally-pricing-table")
    for scope in (element, page.frame_locator("iframe")):
        pro = card(scope, "Pro")
        await expect(pro.get_by_role("heading", name="Pro")).to_be_visible()
        await expect(pro.get_by_text("API access", exact=True)).to_be_visible()
        await expect(pro.get_by_text("Projects: 10")).to_be_visible()
        await expect(pro.get_by_text("$29", exact=True)).to_be_visible()
        await expect(pro.get_by_text("$290", exact=True)).to_be_hidden()
        await expect(scope.locator(".tpt-card").first).to_contain_text("Starter")  # cheapest
        await expect(scope.locator(".tpt-card").last).to_contain_text("Enterprise")
        await scope.get_by_role("button", name="Yearly").click()
        await expect(pro.get_by_text("$290", exact=True)).to_be_visible()
        await expect(pro.get_by_text("$29", exact=True)).to_be_hidden()
        starter = card(scope, "Starter")
        await expect(starter.get_by_text("no yearly option")).to_be_visible()
        await expect(starter.get_by_role("button", name="Get started")).to_be_disabled()
        await expect(scope.get_by_role("link", name="Contact sales")).to_have_attribute(
            "href", "https://example.com/contact"
        )
        await screenshot(page, "embed-desktop-yearly")
        await scope.get_by_role("button", name="Monthly").click()
        await expect(pro.get_by_text("$29", exact=True)).to_be_visible()

    await page.evaluate(
        """() => document.querySelector('tally-pricing-table').addEventListener(
            'tally:plan-selected', (event) => { window.selected = event.detail; })"""
    )
    await card(element, "Pro").get_by_role("button").click()
    selected = await page.evaluate("window.selected")
    assert selected["interval"] == "month"
    assert selected["planId"].startswith("plan_") and selected["priceId"].startswith("price_")
    await page.evaluate(
        "() => window.addEventListener('message', (event) => { window.framed = event.data; })"
    )
    await card(page.frame_locator("iframe"), "Pro").get_by_role("button").click()
    await page.wait_for_function("window.framed !== undefined")
    framed = await page.evaluate("window.framed")
    assert framed["type"] == "tally:plan-selected"
    assert framed["detail"] == selected  # the same plan, monthly price and interval
    await screenshot(page, "embed-desktop")

    phone = await new_page(PHONE)
    await phone.goto(f"{origin}/index.html")
    await expect(
        phone.locator("tally-pricing-table").get_by_text("$29", exact=True)
    ).to_be_visible()
    cards = phone.locator("tally-pricing-table .tpt-card")
    first, second = await cards.nth(0).bounding_box(), await cards.nth(1).bounding_box()
    assert second["y"] > first["y"] + first["height"] - 1  # one card per row on a phone
    assert first["width"] <= PHONE["width"]
    await screenshot(phone, "embed-phone")


async def test_a_wrong_key_shows_an_error_not_a_blank_page(
    new_page, live_server, make_merchant, other_origin
):
    merchant = await make_merchant()
    await catalog(merchant.id)
    folder, origin = other_origin
    (folder / "index.html").write_text(site_page(live_server, "pricing", "pk_live_wrong"))
    page = await new_page(DESKTOP)
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text))
    await page.goto(f"{origin}/index.html")
    element = page.locator("tally-pricing-table")
    frame = page.frame_locator("iframe")
    # Visitors read a neutral sentence in both embeds, never the API's words about keys.
    for alert in (element.get_by_role("alert"), frame.get_by_role("alert")):
        await expect(alert).to_have_text(UNAVAILABLE)
    await expect(frame.get_by_role("alert")).to_have_attribute(
        "data-reason", "Invalid or revoked API key"
    )
    assert any("Invalid or revoked API key" in text for text in warnings)  # for the developer
    await screenshot(page, "embed-wrong-key")

    (folder / "missing.html").write_text(site_page(live_server, "nope", merchant.publishable_key))
    await page.goto(f"{origin}/missing.html")
    for alert in (element.get_by_role("alert"), frame.get_by_role("alert")):
        await expect(alert).to_have_text(UNAVAILABLE)
    assert any("Pricing table not found" in text for text in warnings)

    (folder / "keyless.html").write_text(site_page(live_server, "pricing", ""))
    await page.goto(f"{origin}/keyless.html")
    for alert in (element.get_by_role("alert"), frame.get_by_role("alert")):
        await expect(alert).to_have_text(UNAVAILABLE)
        await expect(alert).not_to_contain_text("X-Service-Key")


async def test_iframe_page_may_be_framed_anywhere(live_server, make_merchant):
    merchant = await make_merchant()
    await catalog(merchant.id)
    async with httpx.AsyncClient(base_url=live_server) as http:
        ok = await http.get(f"/embed/pricing-tables/pricing?key={merchant.publishable_key}")
        wrong = await http.get("/embed/pricing-tables/pricing?key=pk_live_wrong")
        secret = await http.get(f"/embed/pricing-tables/pricing?key={merchant.secret_key}")
        missing = await http.get(f"/embed/pricing-tables/nope?key={merchant.publishable_key}")
    assert ok.status_code == 200
    assert "Pro" in ok.text and "$290" in ok.text
    for response in (ok, wrong, secret, missing):
        policy = response.headers["Content-Security-Policy"]
        assert "frame-ancestors *" in policy and "script-src 'self'" in policy
        assert "X-Frame-Options" not in response.headers
        assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert (wrong.status_code, secret.status_code, missing.status_code) == (401, 401, 404)
    assert ok.headers["Cache-Control"] == "public, max-age=60"
    assert wrong.headers["Cache-Control"] == "no-store"


async def test_the_embed_script_is_cached_for_an_hour_only(live_server):
    async with httpx.AsyncClient(base_url=live_server) as http:
        response = await http.get("/static/pricing-table.js")
    assert response.status_code == 200
    assert "tally-pricing-table" in response.text
    assert response.headers["Cache-Control"] == "public, max-age=3600"


async def test_a_plan_with_usage_shows_its_fixed_price_plus_usage(
    new_page, live_server, make_merchant, other_origin
):
    """Both embeds show Pro at its $59 fixed price with "+ usage" under it, not at the $0 of
    the usage price made before it."""
    merchant = await make_merchant()
    plan, _usage, _fixed = await pro_with_usage(merchant.id)
    await pricing_tables.create_table(
        merchant.id, name="Pricing", slug="pricing", plan_ids=[plan.id]
    )
    folder, origin = other_origin
    (folder / "index.html").write_text(site_page(live_server, "pricing", merchant.publishable_key))
    page = await new_page(DESKTOP)
    await page.goto(f"{origin}/index.html")
    for scope in (page.locator("tally-pricing-table"), page.frame_locator("iframe")):
        pro = card(scope, "Pro")
        await expect(pro.get_by_text("$59", exact=True)).to_be_visible()
        await expect(pro.get_by_text("+ usage", exact=True)).to_be_visible()
        await expect(pro.get_by_text("$0", exact=True)).to_have_count(0)
    await screenshot(page, "embed-plus-usage")
