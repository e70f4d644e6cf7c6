"""Helpers for tests of pages/plans, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from playwright.async_api import Page, expect

OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


async def create_feature(page: Page, name: str, slug: str | None = None, **extra) -> None:
    await page.goto("/dashboard/features/new")
    await page.get_by_label("Name", exact=True).fill(name)
    if slug is not None:
        await page.get_by_label("Slug", exact=True).fill(slug)
    if "type" in extra:
        await page.get_by_label("Type", exact=True).select_option(extra["type"])
    if "value" in extra:
        await page.get_by_label("Default value").fill(extra["value"])
    await page.get_by_role("button", name="Create feature").click()
    await expect(page.get_by_role("status")).to_contain_text(f"Feature “{name}” created.")


async def create_plan(page: Page, name: str, monthly: str, yearly: str = "", features=()) -> None:
    await page.goto("/dashboard/plans/new")
    await page.get_by_label("Plan name").fill(name)
    await page.get_by_label("Monthly price").fill(monthly)
    await page.get_by_label("Yearly price").fill(yearly)
    for feature in features:
        await page.get_by_label(feature).check()
    await page.get_by_role("button", name="Create plan").click()
    await expect(page.get_by_role("status")).to_contain_text(f"Plan “{name}” created")
