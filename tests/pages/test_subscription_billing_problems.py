"""A subscription the billing pass cannot bill, in Chromium: the warning on its page with the
reason in words, the marker and the "Billing problems" filter in the list; gone once the
stored value is fixed and a pass bills it. At 1280 and 390 px."""

from datetime import timedelta

from playwright.async_api import expect

from billing.accounts.models import Membership
from billing.invoicing.billing_run import bill_due
from tests.pages.conftest import PHONE, screenshot, sign_up
from tests.support.factories.billing_problems import FEB_1, correct_value, failing_and_healthy

OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


async def merchant_of(email: str) -> str:
    membership = await Membership.filter(user__email=email).first()
    return membership.merchant_id


async def test_billing_problem_warning_marker_filter_and_recovery(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    pair = await failing_and_healthy(merchant_id)
    failing_id = pair.failing.stable_subscription_id
    await bill_due(FEB_1 + timedelta(hours=1), merchant_id)
    await bill_due(FEB_1 + timedelta(hours=2), merchant_id)

    await page.goto(f"/dashboard/subscriptions/{failing_id}")
    warning = page.locator("#billing-problem")
    await expect(warning).to_be_visible()
    await expect(warning.get_by_role("heading")).to_have_text("Billing is failing")
    await expect(page.locator("#billing-problem-reason")).to_have_text(
        'Tally could not bill this subscription: The invoice line "Storage" comes to more than '
        "1,000,000,000,000,000 cents, the most one invoice may bill; correct the usage or price "
        "behind it"
    )
    await expect(warning).to_contain_text("Failing since Feb 1, 2030, 2 attempts")
    await expect(warning).not_to_contain_text("Traceback")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "subscription-billing-problem-1280")

    await page.goto("/dashboard/subscriptions")
    failing_row = page.locator(f"#subscription-{failing_id}")
    await expect(failing_row.locator(".badge-problem")).to_have_text("Billing failing")
    healthy_row = page.locator(f"#subscription-{pair.healthy.stable_subscription_id}")
    await expect(healthy_row.locator(".badge-problem")).to_have_count(0)
    problems = page.locator("#billing-problems-filter")
    await expect(problems).to_have_text("Billing problems 1")
    await problems.click()
    await expect(page).to_have_url(f"{page.url.split('?')[0]}?status=problems")
    await expect(page.locator(".subscription-table tbody tr")).to_have_count(1)
    await expect(failing_row).to_be_visible()
    await screenshot(page, "subscriptions-billing-problems-1280")

    await page.set_viewport_size(PHONE)
    await page.goto(f"/dashboard/subscriptions/{failing_id}")
    await expect(page.locator("#billing-problem")).to_be_visible()
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "subscription-billing-problem-390")

    await correct_value(merchant_id, pair.failing.customer_id, 4)
    await bill_due(FEB_1 + timedelta(hours=3), merchant_id)
    await page.reload()
    await expect(page.locator("#billing-problem")).to_have_count(0)
    await page.goto("/dashboard/subscriptions")
    await expect(page.locator("#billing-problems-filter")).to_have_count(0)
    await expect(page.locator(".badge-problem")).to_have_count(0)
