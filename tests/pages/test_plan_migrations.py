"""Acting on a new plan version in Chromium (issue 19, points 5 and 7): the plan page counts
the older version's subscribers and asks before moving them; a subscription changes plan
from its page; deletes say what they remove, or why they cannot happen, before asking."""

import re

from playwright.async_api import expect

from billing.catalog import features, plan_create, plan_edits
from billing.subscriptions import subscriptions
from tests.pages.conftest import PHONE, answer_confirm, screenshot, sign_up
from tests.support.factories.subscriptions import make_customer, subscribe
from tests.support.pages.plans import OVERFLOW
from tests.support.pages.subscriptions import merchant_of


async def answer(page, button, *, accept: bool) -> str:
    """Click ``button``, answer the question the app's dialog asks, and return the question."""
    await button.click()
    dialog = page.locator("#confirm-dialog")
    await expect(dialog).to_be_visible()
    question = await dialog.locator("#confirm-message").inner_text()
    await answer_confirm(page, accept=accept)
    return question


async def _pro_v2_with_subscribers(merchant_id: str, count: int, feature_ids=()):
    view = await plan_create.create_plan(
        merchant_id, plan_name="Pro", monthly_price=2900, feature_ids=list(feature_ids)
    )
    for index in range(count):
        customer = await make_customer(merchant_id, email=f"buyer{index}@example.com")
        await subscriptions.create_subscription(
            merchant_id,
            customer_id=customer.id,
            plan_id=view.plan.id,
            effective_price_id=view.prices[0].id,
        )
    await plan_edits.edit_plan(
        merchant_id, view.plan.id, monthly_price=3500, commit_message="Raise to 35"
    )
    return view.plan


async def test_move_an_old_versions_subscribers_with_a_count_first(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    plan = await _pro_v2_with_subscribers(merchant_id, 3)
    await page.goto(f"/dashboard/plans/{plan.stable_plan_id}")
    waiting = page.locator("#subscribers")
    await expect(waiting).to_contain_text("3 subscribers")
    await expect(waiting).to_contain_text("best at their next billing cycle")
    await screenshot(page, "plan-migrate-1280")
    later = waiting.get_by_role("button", name="Move at next billing cycle")
    await expect(later).to_have_attribute(
        "hx-confirm",
        "Move 3 subscribers from v1 to v2 at their next billing cycle? "
        "Each moves when its current billing period ends.",
    )
    assert await answer(page, later, accept=False) == (
        "Move 3 subscribers from v1 to v2 at their next billing cycle? "
        "Each moves when its current billing period ends."
    )
    await expect(waiting).to_contain_text("3 subscribers")  # dismissed: nothing moved

    await later.click()
    await answer_confirm(page)
    await expect(page.get_by_role("status")).to_contain_text(
        "3 subscribers will move to v2 at their next billing cycle."
    )
    await expect(waiting).to_contain_text("3 already scheduled to move to v2")

    await waiting.get_by_role("button", name="Move now").click()
    await answer_confirm(page)
    await expect(page.get_by_role("status")).to_contain_text("3 subscribers moved to v2.")
    await expect(page.locator("#subscribers")).to_have_count(0)


async def test_change_a_subscriptions_plan_now(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    subscription = await subscribe(merchant_id, monthly_cents=1500)
    team = await plan_create.create_plan(
        merchant_id, plan_name="Team", monthly_price=4900, yearly_price=49000
    )
    await page.goto(f"/dashboard/subscriptions/{subscription.stable_subscription_id}")
    await page.get_by_role("button", name="Change plan").click()
    await expect(page.get_by_role("heading", name="Change plan")).to_be_visible()
    await expect(page.get_by_label("New plan")).to_have_value(team.plan.id)  # another plan
    await page.get_by_label("Price").select_option(label="$490.00 / year")
    await expect(page.get_by_label("At the end of the current billing period")).to_be_checked()
    await page.get_by_label("Now").check()
    await screenshot(page, "subscription-change-plan-1280")
    await page.get_by_role("button", name="Change plan").click()
    await expect(page.get_by_role("status")).to_contain_text(
        "Plan changed to Team (v1) at $490.00 / year."
    )
    await expect(page.locator(".history")).to_contain_text("Plan changed")
    await expect(page.locator(".sub-card h2")).to_contain_text("Team")


async def test_deletes_say_what_happens_before_asking(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    seats = await features.create_feature(
        merchant_id, slug="seats", display_name="Team members", feature_type="number"
    )
    await _pro_v2_with_subscribers(merchant_id, 2, feature_ids=[seats.id])
    await page.goto("/dashboard/features")
    delete = page.locator('tr[data-feature-slug="seats"]').get_by_role("button", name="Delete")
    question = await answer(page, delete, accept=False)
    assert "“Team members” is granted by 1 plan and 2 subscriptions" in question

    subscription = await subscribe(merchant_id)
    await page.goto(f"/dashboard/customers/{subscription.customer_id}")
    await page.get_by_role("button", name="Delete").click()  # no question: it cannot be done
    await expect(
        page.get_by_role("heading", name=re.compile("cannot be deleted yet"))
    ).to_be_visible()
    await expect(page.get_by_text("Cancel it first, then delete the customer.")).to_be_visible()
    await screenshot(page, "customer-cannot-delete-1280")
    await page.get_by_role("link", name=re.compile("open it to cancel it")).click()
    await expect(page).to_have_url(
        re.compile(f"/dashboard/subscriptions/{subscription.stable_subscription_id}$")
    )


async def test_migrate_and_change_plan_fit_a_phone(new_page, app):
    page = await new_page(PHONE)
    merchant_id = await merchant_of(await sign_up(page))
    plan = await _pro_v2_with_subscribers(merchant_id, 1)
    await page.goto(f"/dashboard/plans/{plan.stable_plan_id}")
    await expect(page.locator("#subscribers")).to_contain_text("1 subscriber")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "plan-migrate-390")
    subscription = await subscribe(merchant_id)
    await page.goto(f"/dashboard/subscriptions/{subscription.stable_subscription_id}/change-plan")
    await screenshot(page, "subscription-change-plan-390")
    assert await page.evaluate(OVERFLOW)
    await page.goto("/dashboard/plans/new")
    assert await page.evaluate(OVERFLOW)
