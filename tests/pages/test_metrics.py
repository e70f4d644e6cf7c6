"""Metrics in Chromium: create, edit with the fixed fields read-only, delete, errors, phone."""

from playwright.async_api import expect

from tests.pages.conftest import PHONE, answer_confirm, screenshot, sign_up
from tests.support.pages.plans import OVERFLOW


async def test_metric_create_edit_delete(page):
    await sign_up(page)
    await page.locator(".sidebar").get_by_role("link", name="Metrics").click()
    await expect(page.get_by_text("No metrics yet")).to_be_visible()
    await page.get_by_role("button", name="New metric").click()
    await page.get_by_label("Name", exact=True).fill("API calls")
    await page.get_by_label("Event name").fill("Bad Name")
    await page.get_by_label("Aggregation").select_option("COUNT")
    await page.get_by_role("button", name="Create metric").click()
    await expect(page.get_by_label("Event name")).to_have_attribute("aria-invalid", "true")
    await page.get_by_label("Event name").fill("api.request")
    await page.get_by_role("button", name="Create metric").click()
    await expect(page.get_by_role("status")).to_contain_text("Metric “API calls” created.")
    row = page.locator("#metrics-list tbody tr", has_text="API calls")
    await expect(row).to_contain_text("api.request")
    await expect(row).to_contain_text("Count")
    await screenshot(page, "metrics-1280")

    await row.get_by_role("button", name="Edit").click()
    await expect(page.locator("#metric-event-name")).to_have_text("api.request")
    await expect(page.locator("#metric-aggregation")).to_contain_text("Count")
    await expect(page.locator("#metric-value-type")).to_have_text("Number")
    await expect(page.get_by_label("Aggregation")).to_have_count(0)  # not editable
    await expect(page.get_by_label("Value type")).to_have_count(0)
    await page.get_by_label("Name", exact=True).fill("API requests")
    await page.get_by_label("Description").fill("Every call to the public API")
    await screenshot(page, "metric-edit-1280")
    await page.get_by_role("button", name="Save metric").click()
    await expect(page.get_by_role("status")).to_contain_text("Metric “API requests” saved.")
    row = page.locator("#metrics-list tbody tr", has_text="API requests")
    await expect(row).to_contain_text("Count")

    await row.get_by_role("button", name="Delete").click()
    await answer_confirm(page)
    await expect(page.get_by_text("No metrics yet")).to_be_visible()


async def test_metric_pages_fit_a_phone(new_page):
    page = await new_page(PHONE)
    await sign_up(page)
    await page.goto("/dashboard/metrics/new")
    assert await page.evaluate(OVERFLOW)
    await page.get_by_label("Name", exact=True).fill("Storage")
    await page.get_by_label("Event name").fill("storage.gb")
    await page.get_by_role("button", name="Create metric").click()
    assert await page.evaluate(OVERFLOW)
    await screenshot(page, "metrics-390")
