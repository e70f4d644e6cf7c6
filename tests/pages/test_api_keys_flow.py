"""The main journey: sign up, create a key, see it once, revoke it, log out and back in."""

import re

import httpx
from playwright.async_api import expect

from tests.conftest import PASSWORD
from tests.pages.conftest import DASHBOARD_URL, answer_confirm, log_in, screenshot, sign_up


async def test_sign_up_create_reveal_revoke_log_out_log_in(page, live_server):
    email = await sign_up(page)
    checklist = page.locator(".checklist-item")
    await expect(checklist).to_have_count(3)
    await expect(page.get_by_text("Create your first plan")).to_be_visible()
    await expect(page.locator('.checklist-item[data-done="false"]')).to_have_count(3)
    await expect(page.get_by_text("0 of 3 done")).to_be_visible()
    await screenshot(page, "checklist-1280")

    await page.get_by_role("link", name="API keys", exact=True).click()
    await page.get_by_role("button", name="Test mode: off").click()  # keys of the current mode
    await expect(page.get_by_text("No API keys yet")).to_be_visible()
    await page.get_by_label("Name", exact=True).fill("Production backend")
    await page.get_by_label("Secret: for your servers").check()
    await page.get_by_role("button", name="Create key").click()

    reveal = page.locator("#new-key-value")
    await expect(reveal).to_be_visible()
    value = await reveal.input_value()
    assert re.fullmatch(r"sk_test_[0-9A-Za-z]{32}", value)
    await expect(page.get_by_text("It won't be shown again")).to_be_visible()
    await page.get_by_role("button", name="Copy").click()
    await expect(page.get_by_role("button", name="Copied")).to_be_visible()
    assert await page.evaluate("navigator.clipboard.readText()") == value
    await screenshot(page, "api-key-created-1280")

    async with httpx.AsyncClient(base_url=live_server) as api:
        auth = {"Authorization": f"Bearer {value}"}
        assert (await api.get("/v1/merchants/current", headers=auth)).status_code == 200

        await page.reload()
        assert value not in await page.content()
        row = page.locator("tr", has_text="Production backend")
        await expect(row).to_contain_text(value[:12])
        await expect(row.locator(".key-status")).to_have_text("Active")

        await row.get_by_role("button", name="Revoke").click()
        await answer_confirm(page, accept=False, says="Production backend")
        await expect(row.locator(".key-status")).to_have_text("Active")

        await row.get_by_role("button", name="Revoke").click()
        await answer_confirm(page)
        await expect(row.locator(".key-status")).to_have_text("Revoked")
        await expect(page.get_by_role("status")).to_contain_text("is revoked")
        await expect(row.get_by_role("button", name="Revoke")).to_have_count(0)
        assert (await api.get("/v1/merchants/current", headers=auth)).status_code == 401

    await page.get_by_role("button", name="Log out").click()
    await expect(page).to_have_url(re.compile(r"/login$"))
    await expect(page.get_by_text("You have been logged out.")).to_be_visible()
    await page.goto("/dashboard")
    await expect(page).to_have_url(re.compile(r"/login\?next="))

    await log_in(page, email)
    await expect(page).to_have_url(DASHBOARD_URL)
    await expect(page.get_by_role("heading", name="Setup checklist")).to_be_visible()


async def test_log_in_returns_to_the_page_that_asked_for_it(page):
    email = await sign_up(page)
    await page.get_by_role("button", name="Log out").click()
    await page.goto("/dashboard/api-keys")
    await expect(page).to_have_url(re.compile(r"/login\?next="))
    await page.get_by_label("Email").fill(email)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Log in").click()
    await expect(page).to_have_url(re.compile(r"/dashboard/api-keys$"))


async def test_log_in_from_the_front_door_lands_on_the_dashboard(page):
    email = await sign_up(page)
    await page.get_by_role("button", name="Log out").click()
    await page.goto("/")
    await expect(page.get_by_role("heading", name="Log in to Tally")).to_be_visible()
    await page.get_by_label("Email").fill(email)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Log in").click()
    await expect(page).to_have_url(DASHBOARD_URL)
    await expect(page.get_by_role("heading", name="Setup checklist")).to_be_visible()
