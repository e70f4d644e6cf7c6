"""Plans in Chromium: the main catalog journey, the wizard's inline errors, the tiered-price
editor, deleting with confirmation, and the layout at phone width."""

import re

from playwright.async_api import Page, expect

from tests.pages.conftest import PHONE, answer_confirm, screenshot, sign_up
from tests.support.pages.plans import OVERFLOW, create_feature, create_plan


def plan_card(page: Page, name: str):
    return page.locator(f'#preview .tpt-card:has(.tpt-name:text-is("{name}"))')


async def test_catalog_journey_features_plan_versions_pricing_table(page):
    await sign_up(page)
    await create_feature(page, "Single sign-on")  # the slug is suggested from the name
    await expect(page.locator('tr[data-feature-slug="single-sign-on"]')).to_be_visible()
    await create_feature(page, "Projects", "projects", type="number", value="10")

    await page.locator(".sidebar").get_by_role("link", name="Plans").click()
    await expect(page.get_by_text("No plans yet")).to_be_visible()
    await page.get_by_role("button", name="New plan").click()
    await page.get_by_label("Plan name").fill("Pro")
    await page.get_by_label("Description").fill("For growing teams")
    await page.get_by_label("Monthly price").fill("29.00")
    await page.get_by_label("Yearly price").fill("290")
    await page.get_by_label("Single sign-on (single-sign-on)").check()
    await page.get_by_label("Projects (projects)").check()
    await expect(page.get_by_label("Show on pricing table “Pricing”")).not_to_be_checked()
    await screenshot(page, "plan-wizard-1280")
    await page.get_by_role("button", name="Create plan").click()

    await expect(page.get_by_role("status")).to_contain_text("created as version 1")
    await expect(page.locator("#plan-version")).to_have_text("v1")
    prices = page.locator("#prices")
    await expect(prices).to_contain_text("$29.00 / month")
    await expect(prices).to_contain_text("$290.00 / year")
    await expect(page.locator("#features")).to_contain_text("Single sign-on")

    await page.locator(".sidebar").get_by_role("link", name="Plans").click()
    row = page.locator('tr[data-plan-name="Pro"]')
    await expect(row).to_contain_text("v1")
    await expect(row).to_contain_text("$29.00 / month · $290.00 / year")
    await screenshot(page, "plans-list-1280")

    await row.get_by_role("link", name="Pro").click()
    await page.get_by_role("button", name="Edit plan").click()
    await page.get_by_label("Monthly price").fill("35.00")
    await page.get_by_label("Version note").fill("Raise the monthly price to 35")
    await page.get_by_role("button", name="Save changes").click()
    await expect(page.get_by_role("status")).to_contain_text("Saved as version 2.")
    await expect(page.locator("#plan-version")).to_have_text("v2")
    history = page.locator(".version-list li")
    await expect(history).to_have_count(2)
    await expect(history.first).to_contain_text("Raise the monthly price to 35")
    diff = page.locator("#plan-diff")
    await expect(diff).to_contain_text("Changes from v1 to v2")
    await expect(diff).to_contain_text("Price added: $35.00 / month")
    await expect(diff).to_contain_text("Price removed: $29.00 / month")
    await page.locator('select[name="from"]').select_option("2")
    await page.locator('select[name="to"]').select_option("1")
    await page.get_by_role("button", name="Show changes").click()
    await expect(diff).to_contain_text("Changes from v2 to v1")
    await screenshot(page, "plan-detail-1280")

    await page.locator(".sidebar").get_by_role("link", name="Pricing tables").click()
    await page.get_by_role("button", name="New pricing table").click()
    await page.get_by_label("Name", exact=True).fill("Website pricing")
    await expect(page.get_by_label("Slug")).to_have_value("website-pricing")
    await page.get_by_label("Pro (v2)").check()
    await page.get_by_role("button", name="Create pricing table").click()
    await expect(page.get_by_role("status")).to_contain_text("created")

    await expect(page.locator("#no-key")).to_contain_text("No active live publishable key")
    table_url = page.url
    await page.get_by_role("link", name="Create a publishable key").click()
    await page.get_by_label("Name", exact=True).fill("Website")
    await page.get_by_label("Publishable: for browsers and apps").check()
    await page.get_by_role("button", name="Create key").click()
    await expect(page.locator("#new-key-value")).to_be_visible()
    await page.goto(table_url)

    pro = plan_card(page, "Pro")
    await expect(pro.get_by_text("$35", exact=True)).to_be_visible()
    await expect(pro.get_by_text("$290", exact=True)).to_be_hidden()
    await page.locator("#preview").get_by_role("button", name=re.compile("^Yearly")).click()
    await expect(pro.get_by_text("$290", exact=True)).to_be_visible()
    await expect(pro.get_by_text("$35", exact=True)).to_be_hidden()
    snippet = await page.locator("#snippet-script").input_value()
    assert re.search(r'publishable-key="pk_live_[0-9A-Za-z]{32}"', snippet), snippet
    assert 'slug="website-pricing"' in snippet and "/static/pricing-table.js" in snippet
    assert (
        "/embed/pricing-tables/website-pricing?key=pk_live_"
        in await page.locator("#snippet-iframe").input_value()
    )
    await screenshot(page, "pricing-table-detail-1280")

    await page.locator(".sidebar").get_by_role("link", name="Overview").click()
    plan_step = page.locator(".checklist-item", has_text="Create your first plan")
    await expect(plan_step).to_have_attribute("data-done", "true")
    await expect(page.get_by_text("1 of 3 done")).to_be_visible()


async def test_checklist_links_to_plan_creation(page):
    await sign_up(page)
    await page.get_by_role("link", name="Create a plan").click()
    await expect(page).to_have_url(re.compile(r"/dashboard/plans/new$"))


async def test_wizard_shows_errors_inline(page):
    await sign_up(page)
    await create_feature(page, "Reports", "reports")
    await page.goto("/dashboard/plans/new")
    await page.get_by_label("Plan name").fill("Broken")
    await page.get_by_label("Monthly price").fill("-5")
    await page.get_by_role("button", name="Create plan").click()
    monthly = page.get_by_label("Monthly price")
    await expect(monthly).to_have_attribute("aria-invalid", "true")
    await expect(page.get_by_text("Monthly price must be between 0.00 and")).to_be_visible()

    await monthly.fill("10")
    await page.get_by_label("Feature name").first.fill("Reports again")
    slug = page.get_by_label("Slug").first
    await expect(slug).to_have_value("reports-again")  # suggested from the name
    await slug.fill("reports")
    await page.get_by_role("button", name="Add another feature").click()
    await expect(page.get_by_label("Feature name")).to_have_count(2)
    await page.get_by_role("button", name="Create plan").click()
    await screenshot(page, "plan-wizard-errors-1280")
    await expect(page.get_by_role("alert")).to_contain_text(
        "A feature with this slug already exists"
    )
    await expect(page.get_by_label("Feature name").first).to_have_value("Reports again")
    await screenshot(page, "plan-wizard-errors-1280")
    await page.goto("/dashboard/plans")
    await expect(page.get_by_text("No plans yet")).to_be_visible()


async def test_tiered_price_editor_adds_a_tiered_price(page):
    await sign_up(page)
    await create_plan(page, "Metered", "0")
    await page.get_by_text("Tiered price", exact=True).click()
    editor = page.locator("#tiered-editor")
    await editor.get_by_label("Up to (units)").first.fill("1000")
    await editor.get_by_label("Unit amount", exact=True).first.fill("0.10")
    await editor.get_by_role("button", name="Add tier", exact=True).click()
    await expect(editor.get_by_label("Up to (units)")).to_have_count(2)
    await editor.get_by_label("Up to (units)").nth(1).fill("5000")
    await editor.get_by_label("Unit amount", exact=True).nth(1).fill("0.08")
    await editor.get_by_role("button", name="Add tier", exact=True).click()
    await editor.get_by_role("button", name="Remove this tier").nth(2).click()
    await expect(editor.get_by_label("Up to (units)")).to_have_count(2)
    await editor.get_by_label("Unit amount above the last tier").fill("0.05")
    await screenshot(page, "tiered-editor-1280")
    await editor.get_by_role("button", name="Add tiered price").click()

    prices = page.locator("#prices")
    await expect(page.get_by_role("status")).to_contain_text("Tiered price added")
    await expect(prices).to_contain_text("Up to 1,000: $0.10 each")
    await expect(prices).to_contain_text("Up to 5,000: $0.08 each")
    await expect(prices).to_contain_text("Above 5,000: $0.05 each")
    await page.reload()
    await expect(page.locator("#prices")).to_contain_text("Above 5,000: $0.05 each")

    await page.get_by_text("Tiered price", exact=True).click()
    await editor.get_by_label("Up to (units)").first.fill("500")
    await editor.get_by_label("Unit amount", exact=True).first.fill("0.10")
    await editor.get_by_role("button", name="Add tier", exact=True).click()
    await editor.get_by_label("Up to (units)").nth(1).fill("100")
    await editor.get_by_label("Unit amount", exact=True).nth(1).fill("0.09")
    await editor.get_by_label("Unit amount above the last tier").fill("0.05")
    await editor.get_by_role("button", name="Add tiered price").click()
    await expect(page.locator("#tiered-editor .form-error")).to_contain_text(
        "tier 2.“up to” must be greater"
    )


async def test_clone_and_delete_a_price(page):
    await sign_up(page)
    await create_plan(page, "Team", "20")
    row = page.locator("#prices tbody tr").first
    await row.get_by_role("button", name="Clone").click()
    await page.get_by_label("New amount").fill("25.50")
    await page.get_by_role("button", name="Clone price").click()
    await expect(page.locator("#prices")).to_contain_text("$25.50 / month")
    await expect(page.locator("#prices")).to_contain_text("$20.00 / month")
    copy = page.locator("#prices tbody tr", has_text="$25.50")
    await copy.get_by_role("button", name="Delete").click()
    await answer_confirm(page)
    await expect(page.get_by_role("status")).to_contain_text("Price deleted")
    await expect(page.locator("#prices")).not_to_contain_text("$25.50")


async def test_visibility_toggle_and_delete_with_confirmation(page):
    await sign_up(page)
    await create_plan(page, "Starter", "9")
    await page.goto("/dashboard/plans")
    row = page.locator('tr[data-plan-name="Starter"]')
    switch = row.get_by_role("switch")
    await expect(switch).to_have_attribute("aria-checked", "true")
    await switch.click()
    await expect(row.get_by_role("switch")).to_have_attribute("aria-checked", "false")
    await expect(page.get_by_role("status")).to_contain_text("hidden from pricing tables")

    await row.get_by_role("button", name="Delete").click()
    await answer_confirm(page, accept=False, says="Starter")
    await expect(row).to_be_visible()
    await row.get_by_role("button", name="Delete").click()
    await answer_confirm(page)
    await expect(page.get_by_role("status")).to_contain_text("deleted with all its versions")
    await expect(page.get_by_text("No plans yet")).to_be_visible()


async def test_delete_without_javascript_uses_the_confirm_page(browser, live_server):
    context = await browser.new_context(base_url=live_server, java_script_enabled=False)
    page = await context.new_page()
    try:
        await sign_up(page)
        await create_plan_no_js(page)
        await page.goto("/dashboard/plans")
        await page.get_by_role("button", name="Delete").click()
        await expect(page.get_by_role("heading", name="Delete “Legacy”?")).to_be_visible()
        await page.get_by_role("button", name="Delete plan").click()
        await expect(page).to_have_url(re.compile(r"/dashboard/plans$"))
        await expect(page.get_by_text("No plans yet")).to_be_visible()
    finally:
        await context.close()


async def create_plan_no_js(page: Page) -> None:
    await page.goto("/dashboard/plans/new")
    await page.get_by_label("Plan name").fill("Legacy")
    await page.get_by_label("Monthly price").fill("5")
    await page.get_by_role("button", name="Create plan").click()
    await expect(page.locator("#plan-version")).to_have_text("v1")


async def test_plan_pages_fit_a_phone(new_page):
    page = await new_page(PHONE)
    await sign_up(page)
    await create_feature(page, "A feature with a rather long descriptive name", "long-name")
    await create_plan(page, "Professional plan with a long name", "1234.56", "12345.60")
    await page.get_by_text("Tiered price", exact=True).click()
    assert await page.evaluate(OVERFLOW), "plan detail"
    await screenshot(page, "plan-detail-390")
    plan_url = page.url
    for path, label in (
        ("/dashboard/plans", "plans-list"),
        ("/dashboard/plans/new", "plan-wizard"),
        (plan_url + "/edit", "plan-edit"),
    ):
        await page.goto(path)
        assert await page.evaluate(OVERFLOW), path
        await screenshot(page, f"{label}-390")


async def test_a_trial_plan_can_start_without_a_card_at_phone_width(new_page):
    page = await new_page(PHONE)
    await sign_up(page)
    await page.goto("/dashboard/plans/new")
    await page.get_by_label("Plan name").fill("Team")
    await page.get_by_label("Monthly price").fill("29.00")
    await page.get_by_label("Offer a free trial").check()
    await page.get_by_label("Trial length (days)").fill("14")
    without_card = page.get_by_label("Start the trial without asking for a card")
    await expect(without_card).not_to_be_checked()  # off: the trial collects a card
    await without_card.check()
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "plan-trial-without-card-phone")
    await page.get_by_role("button", name="Create plan").click()
    await expect(page.get_by_role("status")).to_contain_text("Plan “Team” created")
    await expect(page.get_by_text("14 days, no card asked for")).to_be_visible()
