"""The features library in Chromium: live search, edit, delete with confirmation, errors,
and the phone layout."""

import re

from playwright.async_api import expect

from tests.pages.conftest import PHONE, answer_confirm, screenshot, sign_up
from tests.support.pages.plans import OVERFLOW, create_feature


async def test_search_edit_and_delete_features(page):
    await sign_up(page)
    await page.locator(".sidebar").get_by_role("link", name="Features").click()
    await expect(page.get_by_text("No features yet")).to_be_visible()
    await create_feature(page, "Single sign-on")
    await create_feature(page, "Team members", "seats", type="number", value="5")
    await create_feature(page, "Support level", "support", type="string", value="Email")
    rows = page.locator("#features-results tbody tr")
    await expect(rows).to_have_count(3)
    await screenshot(page, "features-1280")

    search = page.get_by_role("searchbox", name="Search features")
    await search.press_sequentially("seat", delay=30)  # HTMX live search, no button press
    await expect(rows).to_have_count(1)
    await expect(rows.first).to_contain_text("Team members")
    await expect(page).to_have_url(re.compile(r"search=seat"))
    await search.fill("")
    await search.press("Backspace")
    await search.press_sequentially("nothing", delay=20)
    await expect(page.get_by_text("No features match “nothing”")).to_be_visible()
    await search.fill("")
    await search.press("Enter")
    await expect(rows).to_have_count(3)
    # The search box's last requests may still be in flight: one answered after the click
    # below would swap the list (and the edit form opened in it) back.
    await page.wait_for_load_state("networkidle")

    await page.locator('tr[data-feature-slug="seats"]').get_by_role("button", name="Edit").click()
    await page.get_by_label("Name", exact=True).fill("Seats")
    await page.get_by_label("Default value").fill("10")
    await page.get_by_role("button", name="Save feature").click()
    await expect(page.get_by_role("status")).to_contain_text("Feature “Seats” saved.")
    await expect(page.locator('tr[data-feature-slug="seats"]')).to_contain_text("10")

    row = page.locator('tr[data-feature-slug="support"]')
    await row.get_by_role("button", name="Delete").click()
    await answer_confirm(page, accept=False)
    await expect(row).to_be_visible()
    await row.get_by_role("button", name="Delete").click()
    await answer_confirm(page)
    await expect(page.get_by_role("status")).to_contain_text("deleted")
    await expect(rows).to_have_count(2)


async def test_duplicate_slug_and_bad_value_show_on_their_fields(page):
    await sign_up(page)
    await create_feature(page, "Exports", "exports")
    await page.goto("/dashboard/features/new")
    await page.get_by_label("Name", exact=True).fill("Exports again")
    slug = page.get_by_label("Slug", exact=True)
    await expect(slug).to_have_value("exports-again")
    await slug.fill("exports")
    await page.get_by_role("button", name="Create feature").click()
    await expect(slug).to_have_attribute("aria-invalid", "true")
    await expect(page.get_by_text("A feature with this slug already exists")).to_be_visible()
    await page.get_by_label("Default value").fill("maybe")
    await slug.fill("exports-2")
    await page.get_by_role("button", name="Create feature").click()
    await expect(page.get_by_text("For a switch, enter on or off")).to_be_visible()
    await screenshot(page, "feature-errors-1280")


async def test_feature_pages_fit_a_phone(new_page):
    page = await new_page(PHONE)
    await sign_up(page)
    await create_feature(page, "A feature with a rather long descriptive name", "long-slug")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "features-390")
    await page.goto("/dashboard/features/new")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "feature-new-390")
