"""Settings: saved values survive a reload; values the services refuse show as field errors."""

import re

from playwright.async_api import expect

from tests.pages.conftest import screenshot, sign_up


async def test_profile_update_persists(page):
    await sign_up(page)
    await page.get_by_role("link", name="Settings").click()
    await page.get_by_label("Business legal name").fill("Globex Corporation")
    await page.get_by_label("Display name").fill("Globex")
    await page.get_by_label("Default currency").select_option("EUR")
    await page.get_by_role("button", name="Save profile").click()
    await expect(page.get_by_role("status")).to_contain_text("Business profile saved.")
    await expect(page.locator("#merchant-name")).to_have_text("Globex")  # sidebar follows

    await page.reload()
    await expect(page.get_by_label("Business legal name")).to_have_value("Globex Corporation")
    await expect(page.get_by_label("Display name")).to_have_value("Globex")
    await expect(page.get_by_label("Default currency")).to_have_value("EUR")
    await expect(page.get_by_role("status")).to_have_count(0)  # a message shows only once


async def test_empty_display_name_is_a_field_error(page):
    await sign_up(page)
    await page.goto("/dashboard/settings")
    await page.get_by_label("Display name").fill("   ")
    await page.get_by_role("button", name="Save profile").click()
    await expect(page.get_by_label("Display name")).to_have_attribute("aria-invalid", "true")
    await expect(page.get_by_text("Display name is required")).to_be_visible()


async def test_dunning_update_persists_and_bad_values_show_errors(page):
    await sign_up(page)
    await page.goto("/dashboard/settings")
    retry = page.get_by_label("Retry schedule")
    await expect(retry).to_have_value("1, 3, 5")
    await expect(page.get_by_text("You are using the default policy.")).to_be_visible()
    await retry.fill("2, 4, 8")
    await page.get_by_label("Grace period (days)").fill("10")
    await page.get_by_label("When all retries fail").select_option("pause")
    access = page.get_by_label("Customers keep access while a payment is overdue")
    await expect(access).to_be_checked()  # kept by default
    await access.uncheck()
    await page.get_by_role("button", name="Save dunning policy").click()
    await expect(page.get_by_role("status")).to_contain_text("Dunning policy saved.")

    await page.reload()
    await expect(retry).to_have_value("2, 4, 8")
    await expect(page.get_by_label("Grace period (days)")).to_have_value("10")
    await expect(page.get_by_label("When all retries fail")).to_have_value("pause")
    await expect(access).not_to_be_checked()
    await screenshot(page, "settings-past-due-access-1280")

    await retry.fill("5, 3")
    await page.get_by_role("button", name="Save dunning policy").click()
    await expect(retry).to_have_attribute("aria-invalid", "true")
    await expect(
        page.get_by_text("Retry schedule must be in strictly increasing order")
    ).to_be_visible()
    await screenshot(page, "settings-error-1280")

    await retry.fill("1, two")
    await page.get_by_role("button", name="Save dunning policy").click()
    await expect(
        page.get_by_text("Enter whole numbers of days separated by commas")
    ).to_be_visible()

    await retry.fill("1, 3")
    await page.get_by_label("Grace period (days)").fill("365")
    await page.get_by_role("button", name="Save dunning policy").click()
    await expect(page.get_by_text(re.compile(r"^Grace period must be .*90$"))).to_be_visible()

    await page.reload()
    await expect(retry).to_have_value("2, 4, 8")  # nothing refused was stored
