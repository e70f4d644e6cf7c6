"""Pricing tables in Chromium: add, reorder and remove plans with the preview following,
the embed code, and the phone layout."""

import re

from playwright.async_api import expect

from tests.pages.conftest import PHONE, answer_confirm, screenshot, sign_up
from tests.support.pages.plans import OVERFLOW, create_plan


async def make_publishable_key(page) -> None:
    await page.goto("/dashboard/api-keys")
    await page.get_by_label("Name", exact=True).fill("Website")
    await page.get_by_label("Publishable: for browsers and apps").check()
    await page.get_by_role("button", name="Create key").click()
    await expect(page.locator("#new-key-value")).to_be_visible()


async def test_add_reorder_remove_plans_and_the_preview_follows(page):
    await sign_up(page)
    await make_publishable_key(page)
    await create_plan(page, "Basic", "10", "100")
    await create_plan(page, "Premium", "50")
    await page.goto("/dashboard/pricing-tables/new")
    await page.get_by_label("Name", exact=True).fill("Main")
    await page.get_by_label("Basic (v1)").check()
    await page.get_by_role("button", name="Create pricing table").click()

    entries = page.locator(".table-entry")
    await expect(entries).to_have_count(1)
    cards = page.locator("#preview .tpt-card")
    await expect(cards).to_have_count(1)
    await page.get_by_label("Add a plan").select_option(label="Premium (v1)")
    await page.get_by_role("button", name="Add plan").click()
    await expect(entries).to_have_count(2)
    await expect(cards).to_have_count(2)  # the preview is fetched fresh after each change
    await expect(entries.first).to_contain_text("Basic")  # cheapest first

    await page.get_by_role("button", name="Move Premium up").click()
    await expect(entries.first).to_contain_text("Premium")
    await expect(cards.first).to_contain_text("Premium")
    await expect(page.get_by_role("button", name="Move Premium up")).to_be_disabled()
    await screenshot(page, "pricing-table-reordered-1280")

    await page.get_by_role("button", name="Remove Basic").click()
    await answer_confirm(page)
    await expect(entries).to_have_count(1)
    await expect(cards).to_have_count(1)
    await expect(page.locator("#snippet-script")).to_have_value(re.compile("pk_live_"))

    await page.get_by_text("Table settings").click()
    await page.get_by_label("Slug", exact=True).fill("Not A Slug")
    await page.get_by_role("button", name="Save settings").click()
    await expect(page.get_by_text("Slug must be lowercase letters")).to_be_visible()

    await page.get_by_role("button", name="Delete table").click()
    await answer_confirm(page)
    await expect(page).to_have_url(re.compile(r"/dashboard/pricing-tables$"))
    await expect(page.get_by_role("status")).to_contain_text("Pricing table deleted")
    await expect(page.get_by_role("link", name="Main", exact=True)).to_have_count(0)
    # The plans were made without ticking "Show on pricing table", so no default table exists.
    await expect(page.get_by_role("link", name="Pricing", exact=True)).to_have_count(0)


async def test_duplicate_slug_is_a_field_error(page):
    await sign_up(page)
    for _ in range(2):
        await page.goto("/dashboard/pricing-tables/new")
        await page.get_by_label("Name", exact=True).fill("Pricing page")
        await page.get_by_role("button", name="Create pricing table").click()
    slug = page.get_by_label("Slug", exact=True)
    await expect(slug).to_have_attribute("aria-invalid", "true")
    await expect(page.get_by_text("A pricing table with this slug already exists")).to_be_visible()


async def test_pricing_table_pages_fit_a_phone(new_page):
    page = await new_page(PHONE)
    await sign_up(page)
    await make_publishable_key(page)
    await create_plan(page, "Plan with a long name for phones", "19.99", "199.99")
    await page.goto("/dashboard/pricing-tables/new")
    assert await page.evaluate(OVERFLOW)
    await page.get_by_label("Name", exact=True).fill("Phone table")
    await page.get_by_label("Plan with a long name for phones (v1)").check()
    await page.get_by_role("button", name="Create pricing table").click()
    await expect(page.locator("#preview .tpt-card")).to_have_count(1)
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "pricing-table-detail-390")
    await page.goto("/dashboard/pricing-tables")
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "pricing-tables-390")
