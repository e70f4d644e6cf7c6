"""The pricing-table embeds in Chromium with a plan description written before the 500
character limit (12,000 characters, one unbroken word among them): its card stays a few lines
tall in both embeds, at 1280 and 390 px; and a yen price reads ¥1,250, not ¥12.50."""

import pytest
from playwright.async_api import expect

from billing.catalog import pricing_tables
from tests.pages.conftest import DESKTOP, PHONE, screenshot
from tests.support.factories.catalog import make_plan
from tests.support.pages.embed import card, site_page

LONG = ("Everything a growing team needs, and more. " * 270) + "x" * 400  # ~12,000 characters
VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])


@VIEWPORTS
async def test_a_long_old_description_does_not_grow_the_card(
    new_page, live_server, make_merchant, other_origin, viewport
):
    merchant = await make_merchant()
    plans = [
        await make_plan(merchant.id, name="Pro", description=LONG, monthly_cents=2900),
        await make_plan(merchant.id, name="Starter", description="For one", monthly_cents=900),
    ]
    await pricing_tables.create_table(
        merchant.id, name="Pricing", slug="pricing", plan_ids=[p.id for p in plans]
    )
    folder, origin = other_origin
    (folder / "index.html").write_text(site_page(live_server, "pricing", merchant.publishable_key))
    page = await new_page(viewport)
    await page.goto(f"{origin}/index.html")
    for scope in (page.locator("tally-pricing-table"), page.frame_locator("iframe")):
        pro = card(scope, "Pro")
        await expect(pro.get_by_text("$29", exact=True)).to_be_visible()
        box = await pro.bounding_box()
        assert box["height"] < 600, box
        assert box["width"] <= viewport["width"]
        description = pro.locator(".tpt-desc")
        assert (await description.bounding_box())["height"] < 140
        await expect(description).to_have_attribute("title", LONG.strip())
    assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    await screenshot(page, f"embed-long-description-{viewport['width']}")


async def test_yen_prices_read_in_whole_yen(new_page, live_server, make_merchant, other_origin):
    merchant = await make_merchant()
    plan = await make_plan(merchant.id, name="Pro", monthly_cents=1250, currency="JPY")
    await pricing_tables.create_table(
        merchant.id, name="Pricing", slug="pricing", plan_ids=[plan.id]
    )
    folder, origin = other_origin
    (folder / "index.html").write_text(site_page(live_server, "pricing", merchant.publishable_key))
    page = await new_page(DESKTOP)
    await page.goto(f"{origin}/index.html")
    for scope in (page.locator("tally-pricing-table"), page.frame_locator("iframe")):
        await expect(card(scope, "Pro").get_by_text("¥1,250", exact=True)).to_be_visible()
    await screenshot(page, "embed-yen-1280")
