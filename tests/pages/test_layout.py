"""The layout at phone and desktop widths, screenshots to judge by eye, and the API docs."""

import pytest
from playwright.async_api import expect

from billing.accounts.models import Membership
from tests.pages.conftest import DESKTOP, PHONE, screenshot, sign_up
from tests.support.factories.subscriptions import subscribe

PAGES = ("/dashboard", "/dashboard/api-keys", "/dashboard/settings", "/dashboard/payment-providers")
WIDEST = """[...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
  .slice(0, 8).map(e => e.tagName + '.' + e.className + ' ' + e.getBoundingClientRect().right)"""
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390px", "1280px"])
async def test_no_horizontal_page_overflow(new_page, viewport):
    page = await new_page(viewport)
    for path in ("/", "/signup"):
        await page.goto(path)
        assert await page.evaluate(OVERFLOW), path
        await screenshot(page, f"{path.strip('/') or 'log-in'}-{viewport['width']}")
    await sign_up(page)
    await page.goto("/dashboard/api-keys")
    for name in ("Backend with a rather long descriptive name", "Checkout widget"):
        await page.get_by_label("Name", exact=True).fill(name)
        await page.get_by_role("button", name="Create key").click()
        await expect(page.locator("#new-key-title")).to_contain_text(name)
    wide = await page.evaluate(WIDEST)
    assert await page.evaluate(OVERFLOW), f"api keys with a new key: {wide}"
    for path in PAGES:
        await page.goto(path)
        assert await page.evaluate(OVERFLOW), path
        label = path.strip("/").replace("/", "-")
        await screenshot(page, f"{label}-{viewport['width']}")


async def test_phone_menu_opens_and_tables_scroll_inside_their_box(new_page):
    page = await new_page(PHONE)
    await sign_up(page)
    nav_link = page.get_by_role("link", name="API keys", exact=True)
    await expect(nav_link).to_be_hidden()
    await page.get_by_role("button", name="Menu").click()
    await expect(nav_link).to_be_visible()
    await expect(page.get_by_text("Payment providers")).to_be_visible()
    await screenshot(page, "menu-open-390")
    await page.get_by_role("button", name="Menu").click()
    await expect(nav_link).to_be_hidden()
    await page.get_by_role("button", name="Menu").click()
    await nav_link.click()
    await page.get_by_label("Name", exact=True).fill("Phone key")
    await page.get_by_role("button", name="Create key").click()
    await expect(page.locator("#new-key-value")).to_be_visible()
    await page.reload()
    scroller = page.locator(".table-scroll")
    widths = await scroller.evaluate("box => [box.scrollWidth, box.clientWidth]")
    assert widths[0] > widths[1], "the keys table should scroll sideways on a phone"
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "api-keys-list-390")


async def test_every_sidebar_item_is_a_link(page):
    await sign_up(page)
    assert await page.locator(".nav-soon").count() == 0
    for name in ("Customers", "Subscriptions", "Usage", "Invoices", "Payment providers"):
        await expect(page.locator(".sidebar nav a", has_text=name)).to_have_count(1)
    await expect(page.locator("#merchant-name")).to_have_text("Acme Software GmbH")


async def test_docs_render_swagger_ui_offline(page, live_server):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    await page.goto("/docs")
    await expect(page.locator(".swagger-ui .info .title")).to_contain_text("Tally API")
    await expect(page.locator(".swagger-ui .opblock").first).to_be_visible()
    await screenshot(page, "docs-1280")
    assert all(url.startswith(live_server) for url in requests), requests


BAND = """() => {
  const header = document.querySelector('.sidebar-head').getBoundingClientRect();
  return document.querySelector('main').getBoundingClientRect().top - header.bottom;
}"""
OUTSIDE_CHART = """() => {
  const box = document.querySelector('.mrr-chart svg').getBoundingClientRect();
  return [...document.querySelectorAll('.mrr-chart svg text')].map(t => [t.textContent,
    t.getBoundingClientRect()]).filter(([, r]) => r.left < box.left - .5 ||
    r.right > box.right + .5 || r.top < box.top - .5 || r.bottom > box.bottom + .5)
    .map(([text]) => text);
}"""


async def test_phone_content_starts_right_under_the_header(new_page):
    page = await new_page(PHONE)
    await sign_up(page)
    for path in ("/dashboard/features", "/dashboard/api-keys", "/dashboard/tax"):
        await page.goto(path)
        # the bar's own bottom padding and border only, not the rest of the screen
        assert await page.evaluate(BAND) <= 16, f"blank band under the header on {path}"
        await screenshot(page, f"short-page{path.replace('/', '-')}-390")


async def test_mrr_chart_labels_stay_inside_the_chart_on_a_phone(new_page, app):
    page = await new_page(PHONE)
    email = await sign_up(page)
    membership = await Membership.filter(user__email=email).first()
    await subscribe(membership.merchant_id, monthly_cents=2_500_000)  # $25,000.00 a month
    await page.goto("/dashboard")
    await expect(page.locator("#mrr-amount")).to_have_text("$25,000.00")
    assert await page.evaluate(OUTSIDE_CHART) == []
    await screenshot(page, "overview-mrr-390")


async def test_no_page_asks_for_something_missing(page, live_server):
    """The favicon is linked from every layout and /favicon.ico leads to it: no 404s."""
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    for path in ("/", "/signup", "/docs"):
        await page.goto(path)
    await sign_up(page)
    await page.goto("/dashboard/pricing-tables")
    await page.wait_for_load_state("networkidle")
    icon = await page.evaluate("document.querySelector('link[rel=icon]').href")
    assert "favicon.svg" in icon
    answer = await page.request.get("/favicon.ico")
    assert answer.ok and answer.headers["content-type"].startswith("image/svg+xml")
    assert missing == []
