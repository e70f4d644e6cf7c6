"""Subscription states in Chromium (issue 19, points 3, 4 and 6): cancel at period end and its
undo, the Cancelled tab and the read-only page of a cancelled subscription, "Trialing" with the
MRR tile split, and the two feature panels of a customer agreeing, limit beside usage."""

import re
from datetime import timedelta

from playwright.async_api import expect

from billing.catalog import metrics
from billing.due_work import run_due
from tests.pages.conftest import PHONE, answer_confirm, screenshot, sign_up
from tests.support.factories.catalog import _link, make_feature
from tests.support.factories.entitlements import credit_plan, subscribe_to
from tests.support.factories.subscriptions import make_customer, subscribe
from tests.support.pages.plans import OVERFLOW
from tests.support.pages.subscriptions import merchant_of
from tests.support.webapp.subscription_trial_pages import trial_subscription
from tests.support.webapp.usage_pages import store


async def test_cancel_at_period_end_keep_and_the_cancelled_tab(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    customer = await make_customer(merchant_id, name="Grace")
    sub = await subscribe(merchant_id, customer=customer, monthly_cents=4900)
    sid = sub.stable_subscription_id
    await page.goto(f"/dashboard/subscriptions/{sid}")
    card = page.locator(".sub-card")

    await card.get_by_role("button", name="Cancel at period end").click()
    await answer_confirm(page)
    await expect(page.get_by_role("status")).to_contain_text("ends when its current period ends")
    await expect(card.get_by_role("note")).to_contain_text("It will not renew.")
    await expect(card.locator(".status-badge")).to_have_text("Active")
    await screenshot(page, "subscription-ends-at-period-end-1280")
    await card.get_by_role("button", name="Keep subscription").click()
    await expect(page.get_by_role("status")).to_contain_text("renews as usual")
    await expect(card.get_by_role("note")).to_have_count(0)

    await card.get_by_role("button", name="Cancel at period end").click()
    await answer_confirm(page)
    await expect(card.get_by_role("button", name="Keep subscription")).to_be_visible()
    # the pass's clock, for this merchant only
    await run_due(now=sub.current_period_end + timedelta(seconds=1), merchant_id=merchant_id)

    await page.reload()
    await expect(card.locator(".status-badge")).to_have_text("Cancelled")
    await expect(card.get_by_role("note")).to_contain_text("Cancelled on")
    await expect(card.locator(".sub-actions")).to_have_count(0)
    await expect(card.get_by_role("link", name="Override features")).to_have_count(0)
    await expect(card.locator(".history")).to_contain_text("Set to cancel at period end")
    await screenshot(page, "subscription-cancelled-1280")

    await page.locator(".sidebar").get_by_role("link", name="Subscriptions").click()
    tabs = page.get_by_role("navigation", name="Filter by status")
    await expect(tabs.get_by_role("link", name=re.compile("^All"))).to_contain_text("1")
    await tabs.get_by_role("link", name=re.compile("^Cancelled")).click()
    await expect(page).to_have_url(re.compile(r"status=cancelled"))
    row = page.locator("#subscriptions-list tbody tr")
    await expect(row).to_have_count(1)
    await expect(row.locator(".status-badge")).to_have_text("Cancelled")
    await screenshot(page, "subscriptions-cancelled-tab-1280")

    await page.goto(f"/dashboard/customers/{customer.id}")
    past = page.locator("#past-subscriptions")
    await expect(past).to_contain_text("Cancelled subscriptions")
    await past.get_by_role("link").first.click()
    await expect(page).to_have_url(re.compile(f"/dashboard/subscriptions/{sid}$"))


async def test_trial_reads_trialing_and_the_tile_splits_mrr(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    await subscribe(merchant_id, monthly_cents=1000)
    trial = await trial_subscription(merchant_id, cents=4900)
    await page.goto("/dashboard")
    await expect(page.locator("#mrr-amount")).to_have_text("$59.00")
    await expect(page.locator("#mrr-paying")).to_contain_text("$10.00")
    await expect(page.locator("#mrr-trial")).to_contain_text("$49.00")
    await expect(page.locator("#mrr-trial")).to_contain_text("not paying yet")
    await screenshot(page, "overview-mrr-trial-1280")
    await page.goto("/dashboard/subscriptions")
    row = page.locator(f"#subscription-{trial.stable_subscription_id}")
    await expect(row.locator(".status-badge")).to_have_text("Trialing")
    await row.get_by_role("link").first.click()
    card = page.locator(".sub-card")
    await expect(card.locator(".status-badge")).to_have_text("Trialing")
    await expect(card.locator(".sub-mrr")).to_contain_text("in trial, paying from")
    period = card.locator(".sub-period")
    await expect(period).to_have_text(re.compile(r"^\w{3} \d{1,2}, \d{4} – \w{3} \d{1,2}, \d{4}$"))
    await screenshot(page, "subscription-trialing-1280")


async def test_feature_panels_agree_and_show_limits(new_page, app):
    page = await new_page(PHONE)
    merchant_id = await merchant_of(await sign_up(page))
    metric = await metrics.create_metric(
        merchant_id, name="Calls", event_name="api-call", aggregation_type="SUM"
    )
    plan = await credit_plan(merchant_id, [metric.id], allowance=100)
    seats = await make_feature(merchant_id, "Seats", "number")
    await _link(merchant_id, plan.id, seats.id, 10)
    customer = await make_customer(merchant_id)
    await subscribe_to(plan, customer)
    await store(merchant_id, "api-call", customer.id, eventValue=30)
    await page.goto(f"/dashboard/customers/{customer.id}")
    for slug, source, usage in (
        ("api-calls", "Credits", "30 of 100 used"),
        ("seats", "From plan", "Limit 10"),
        ("sso", "From plan", "On"),
    ):
        feature = page.locator(f'.sub-features li[data-feature-slug="{slug}"]')
        entitlement = page.locator(f'#entitlements tr[data-feature="{slug}"]')
        for where in (feature, entitlement):
            await expect(where.locator(".access-source")).to_have_text(source)
            await expect(where.locator(".access-usage")).to_have_text(usage)
    await screenshot(page, "customer-feature-panels-390")
    assert await page.evaluate(OVERFLOW)
