"""The plan page's "Who joins this plan automatically" panel in Chromium: add a domain (the
service's errors shown on the field, in place), remove one through the app's confirmation
dialog, and the panel at phone width."""

from playwright.async_api import expect

from tests.pages.conftest import PHONE, answer_confirm, screenshot, sign_up
from tests.support.pages.plans import OVERFLOW, create_plan


async def add_domain(page, text: str) -> None:
    panel = page.locator("#enrollment")
    await panel.get_by_label("Email domain").fill(text)
    await panel.get_by_role("button", name="Add domain").click()


async def test_add_and_remove_domains(page):
    await sign_up(page)
    await create_plan(page, "Team", "20")
    team_url = page.url
    panel = page.locator("#enrollment")
    await expect(panel.get_by_role("heading")).to_have_text("Who joins this plan automatically")
    await expect(panel.get_by_text("No domains yet")).to_be_visible()

    await add_domain(page, "ada@acme.io")
    field = panel.get_by_label("Email domain")
    await expect(panel.locator(".field-error")).to_contain_text("not a whole email address")
    await expect(field).to_have_value("ada@acme.io")  # kept for correcting
    await expect(field).to_have_attribute("aria-invalid", "true")

    await add_domain(page, " @ACME.io ")
    await expect(page.get_by_role("status")).to_contain_text(
        "People at acme.io now join this plan."
    )
    await expect(panel.locator('li[data-domain="acme.io"]')).to_be_visible()
    await expect(panel.get_by_label("Email domain")).to_have_value("")
    await add_domain(page, "acme.io")
    await expect(panel.locator(".field-error")).to_contain_text("already exists on this plan")
    await add_domain(page, "beta.acme.io")
    await expect(panel.locator(".rule-list li")).to_have_count(2)
    await screenshot(page, "plan-enrollment-1280")

    await create_plan(page, "Pro", "50")
    await add_domain(page, "Acme.io")
    await expect(page.locator("#enrollment .field-error")).to_contain_text(
        "already join the plan “Team” automatically"
    )

    await page.goto(team_url)
    row = panel.locator('li[data-domain="acme.io"]')
    await row.get_by_role("button", name="Remove acme.io").click()
    await answer_confirm(page, accept=False, says="acme.io")
    await expect(row).to_be_visible()
    await row.get_by_role("button", name="Remove acme.io").click()
    await answer_confirm(page, says="Team")
    await expect(page.get_by_role("status")).to_contain_text("acme.io no longer join this plan")
    await expect(row).to_have_count(0)
    await page.reload()
    await expect(panel.locator(".rule-list li")).to_have_count(1)
    await expect(panel.locator('li[data-domain="beta.acme.io"]')).to_be_visible()


async def test_panel_fits_a_phone(new_page):
    page = await new_page(PHONE)
    await sign_up(page)
    await create_plan(page, "Team", "20")
    await add_domain(page, "engineering.a-company-with-a-rather-long-name.example.co.uk")
    await expect(page.locator("#enrollment .rule-list li")).to_have_count(1)
    await add_domain(page, "not a domain")
    await expect(page.locator("#enrollment .field-error")).to_be_visible()
    assert await page.evaluate(OVERFLOW), "plan page with enrollment rules"
    await page.locator("#enrollment").scroll_into_view_if_needed()
    await screenshot(page, "plan-enrollment-390")
