"""Feature values in Chromium (issue 19, point 2): the plan wizard sets what each feature
grants, a value of the wrong type is shown beside its feature, the edit form shows the values
granted now, and a subscription's override editor sets values too."""

from playwright.async_api import expect

from billing.catalog import features
from tests.pages.conftest import screenshot, sign_up
from tests.support.factories.subscriptions import subscribe
from tests.support.pages.subscriptions import merchant_of


async def test_wizard_edit_and_override_set_feature_values(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    await features.create_feature(
        merchant_id,
        slug="team-members",
        display_name="Team members",
        feature_type="number",
        feature_value=1,
    )
    await features.create_feature(
        merchant_id, slug="api-calls", display_name="API calls", feature_type="number"
    )
    await features.create_feature(merchant_id, slug="sso", display_name="Single sign-on")

    await page.goto("/dashboard/plans/new")
    await page.get_by_label("Plan name").fill("Pro")
    await page.get_by_label("Monthly price").fill("49.00")
    await page.get_by_label("Single sign-on (sso)").check()
    # Typing a value ticks its feature.
    await page.get_by_label("Value of Team members").fill("10")
    await page.get_by_label("Value of API calls").fill("many")
    await page.get_by_label("Value of API calls").press("Tab")
    await expect(page.get_by_label("API calls (api-calls)")).to_be_checked()
    await page.get_by_role("button", name="Create plan").click()
    await expect(page.get_by_text("For a limit, enter a number like 10 or 2.5")).to_be_visible()
    await expect(page.get_by_label("Value of API calls")).to_have_value("many")
    await expect(page.get_by_label("Value of API calls")).to_have_attribute("aria-invalid", "true")
    await screenshot(page, "plan-wizard-feature-values-error-1280")
    await page.get_by_label("Value of API calls").fill("50000")
    await page.get_by_role("button", name="Create plan").click()
    await expect(page.get_by_role("status")).to_contain_text("created as version 1")
    listed = page.locator("#features")
    await expect(listed.locator("li", has_text="Team members")).to_contain_text("10")
    await expect(listed.locator("li", has_text="API calls")).to_contain_text("50000")

    await page.get_by_role("button", name="Edit plan").click()
    await expect(page.get_by_label("Value of Team members")).to_have_value("10")
    await page.get_by_label("Value of Single sign-on").select_option("off")
    await screenshot(page, "plan-edit-feature-values-1280")
    await page.get_by_role("button", name="Save changes").click()
    await expect(page.get_by_role("status")).to_contain_text("Saved as version 2.")
    await expect(listed.locator("li", has_text="Single sign-on")).to_contain_text("Off")

    subscription = await subscribe(merchant_id, features=[("Projects", 3)])
    await page.goto(f"/dashboard/subscriptions/{subscription.stable_subscription_id}/features")
    await expect(page.get_by_label("Value of Projects")).to_have_value("3")
    await page.get_by_label("Value of Projects").fill("12")
    await screenshot(page, "subscription-features-values-1280")
    await page.get_by_role("button", name="Save features").click()
    await expect(page.get_by_role("status")).to_contain_text("Features saved as version 2.")
    await expect(page.locator(".sub-features")).to_contain_text("12")
