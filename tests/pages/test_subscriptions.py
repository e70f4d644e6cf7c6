"""Subscriptions in Chromium: the issue's journey (create a customer, subscribe, the MRR tile
changes, pause, resume, cancel), the feature override editor and the phone layout."""

import re

from playwright.async_api import Page, expect

from tests.pages.conftest import PHONE, answer_confirm, screenshot, sign_up
from tests.support.factories.catalog import make_feature, make_plan
from tests.support.factories.subscriptions import make_customer, subscribe
from tests.support.pages.plans import OVERFLOW
from tests.support.pages.subscriptions import merchant_of


async def mrr_tile_shows(page: Page, amount: str, active: str) -> None:
    await page.locator(".sidebar").get_by_role("link", name="Overview").click()
    await expect(page.locator("#mrr-amount")).to_have_text(amount)
    await expect(page.locator("#mrr-count")).to_have_text(active)


async def test_customer_subscribe_mrr_pause_resume_cancel(page, app):
    email = await sign_up(page)
    await expect(page.locator("#mrr-amount")).to_have_text("$0.00")
    await make_plan(await merchant_of(email), name="Growth", monthly_cents=4900, yearly_cents=49000)

    await page.locator(".sidebar").get_by_role("link", name="Customers").click()
    await expect(page.get_by_text("No customers yet")).to_be_visible()
    await page.get_by_role("button", name="New customer").click()
    await page.get_by_role("textbox", name="Email", exact=True).fill("grace@example.com")
    await page.get_by_label("Name (optional)").fill("Grace Hopper")
    await page.get_by_label("Country").select_option(label="United States (US)")
    await page.get_by_role("button", name="Create customer").click()
    await expect(page.get_by_role("status")).to_contain_text("Customer Grace Hopper created.")
    await expect(page.get_by_text("No active subscription")).to_be_visible()
    customer_url = page.url

    await page.get_by_role("button", name="Subscribe to a plan").click()
    await expect(page.get_by_label("Customer", exact=True)).to_have_value("grace@example.com")
    await page.get_by_label("Plan", exact=True).select_option(label="Growth (v1)")
    price = page.get_by_label("Price", exact=True)
    await price.select_option(label="$490.00 / year")  # loaded for the chosen plan
    await price.select_option(label="$49.00 / month")
    await screenshot(page, "subscription-new-1280")
    await page.get_by_role("button", name="Create subscription").click()
    await expect(page).to_have_url(customer_url)
    card = page.locator(".sub-card")
    await expect(card.locator(".status-badge")).to_have_text("Active")
    await expect(card.locator(".sub-mrr")).to_have_text("$49.00")
    await expect(card.locator(".history")).to_contain_text("Subscribed")
    await screenshot(page, "customer-detail-1280")

    await mrr_tile_shows(page, "$49.00", "1 active subscription")
    assert await page.locator(".mrr-line").count() == 1
    await screenshot(page, "overview-mrr-1280")

    await page.goto(customer_url)
    await card.get_by_role("button", name="Pause").click()
    await answer_confirm(page)
    await expect(page.get_by_role("status")).to_contain_text("Subscription paused")
    await expect(card.locator(".status-badge")).to_have_text("Paused")
    await mrr_tile_shows(page, "$0.00", "0 active subscriptions")

    await page.goto(customer_url)
    await card.get_by_role("button", name="Resume").click()
    await expect(page.get_by_role("status")).to_contain_text("Subscription resumed.")
    await expect(card.locator(".status-badge")).to_have_text("Active")
    await mrr_tile_shows(page, "$49.00", "1 active subscription")

    await page.locator(".sidebar").get_by_role("link", name="Subscriptions").click()
    await (
        page.get_by_role("navigation", name="Filter by status")
        .get_by_role("link", name=re.compile("^Active"))
        .click()
    )
    await expect(page).to_have_url(re.compile(r"status=active"))
    rows = page.locator("#subscriptions-list tbody tr")
    await expect(rows).to_have_count(1)
    await rows.first.get_by_role("link", name="Grace Hopper").click()
    await page.get_by_role("button", name="Cancel now").click()
    await answer_confirm(page, accept=False)
    await expect(page.locator(".sub-card .status-badge")).to_have_text("Active")
    await page.get_by_role("button", name="Cancel now").click()
    await answer_confirm(page)
    await expect(page.get_by_role("status")).to_contain_text("Subscription cancelled.")
    await expect(page.locator(".sub-card .status-badge")).to_have_text("Cancelled")
    await expect(page.locator(".sub-actions")).to_have_count(0)  # read-only now
    await mrr_tile_shows(page, "$0.00", "0 active subscriptions")


async def test_override_editor_replaces_features_and_shows_sources(page, app):
    email = await sign_up(page)
    merchant_id = await merchant_of(email)
    subscription = await subscribe(
        merchant_id, features=[("API access", True), ("Projects", 10)], monthly_cents=1500
    )
    await make_feature(merchant_id, "Priority support", "boolean")
    await page.goto(f"/dashboard/subscriptions/{subscription.stable_subscription_id}")
    features = page.locator(".sub-features li")
    await expect(features).to_have_count(2)
    await expect(features.first).to_contain_text("From plan")
    await page.get_by_role("link", name="Override features").click()
    await expect(page.get_by_label("API access (api-access)")).to_be_checked()
    await page.get_by_label("API access (api-access)").uncheck()
    await page.get_by_label("Projects (projects)").uncheck()
    await page.get_by_role("button", name="Save features").click()
    await expect(page.get_by_text("Choose at least one feature")).to_be_visible()
    await page.get_by_label("Priority support (priority-support)").check()
    await page.get_by_label("Projects (projects)").check()
    await screenshot(page, "subscription-features-1280")
    await page.get_by_role("button", name="Save features").click()
    await expect(page.get_by_role("status")).to_contain_text("Features saved as version 2.")
    await expect(features).to_have_count(2)
    await expect(page.locator('.sub-features li[data-source="override"]')).to_have_count(2)
    history = page.locator(".history")
    await expect(history).to_contain_text("Features overridden")
    await expect(history).to_contain_text("Features added: Priority support")
    await expect(history).to_contain_text("Features removed: API access")
    await screenshot(page, "subscription-detail-1280")


async def test_subscription_pages_fit_a_phone(new_page, app):
    page = await new_page(PHONE)
    email = await sign_up(page)
    merchant_id = await merchant_of(email)
    customer = await make_customer(
        merchant_id, email="a.very.long.address.for.a.phone@example-company.com", name="Long"
    )
    subscription = await subscribe(
        merchant_id, customer=customer, features=[("A feature with a long name", True)]
    )
    sid = subscription.stable_subscription_id
    for path, name in (
        ("/dashboard", "overview-mrr"),
        ("/dashboard/customers", "customers"),
        ("/dashboard/customers/new", "customer-new"),
        (f"/dashboard/customers/{customer.id}", "customer-detail"),
        ("/dashboard/subscriptions", "subscriptions"),
        ("/dashboard/subscriptions/new", "subscription-new"),
        (f"/dashboard/subscriptions/{sid}", "subscription-detail"),
        (f"/dashboard/subscriptions/{sid}/features", "subscription-features"),
        (f"/dashboard/subscriptions/{sid}/cancel", "subscription-cancel"),
    ):
        await page.goto(path)
        assert await page.evaluate(OVERFLOW), path
        await screenshot(page, f"{name}-390")
