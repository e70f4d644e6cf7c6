"""Feedback while the dashboard works: busy buttons during slow requests, and the app's own
confirmation dialog in place of the browser's confirm()."""

import asyncio
import re

from playwright.async_api import Page, Route, expect

from billing.accounts.models import Membership
from tests.conftest import PASSWORD, unique_email
from tests.pages.conftest import DASHBOARD_URL, PHONE, screenshot, sign_up
from tests.support.factories.subscriptions import subscribe

REPORT_BUTTON_STATE = """() => document.querySelector('form').addEventListener('submit', () =>
  setTimeout(() => { const b = document.querySelector('button[type=submit]');
    console.log(`button disabled=${b.disabled} aria-busy=${b.getAttribute('aria-busy')}`); },
  200))"""
SLOW = 1.5  # seconds a request is held back, long enough to look at the page meanwhile


async def slow_posts(page: Page, pattern: str, status: int | None = None) -> None:
    """Hold every POST to ``pattern`` back for SLOW seconds; with ``status``, answer that
    instead of letting it reach the server."""

    async def handle(route: Route) -> None:
        if route.request.method != "POST":
            await route.continue_()
            return
        await asyncio.sleep(SLOW)
        if status:
            await route.fulfill(status=status, body="")
        else:
            await route.continue_()

    await page.route(pattern, handle)


async def test_htmx_button_is_disabled_and_busy_while_its_request_runs(page):
    await sign_up(page)
    await page.goto("/dashboard/api-keys")
    await slow_posts(page, re.compile(r"/dashboard/api-keys$"))
    button = page.get_by_role("button", name="Create key")
    await page.get_by_label("Name", exact=True).fill("Slow backend")
    await button.click()
    await expect(button).to_be_disabled()
    await expect(button).to_have_attribute("aria-busy", "true")
    await screenshot(page, "busy-button-1280")
    await expect(page.locator("#new-key-title")).to_contain_text("Slow backend")
    await expect(button).to_be_enabled()
    await expect(button).not_to_have_attribute("aria-busy", "true")


async def test_button_comes_back_after_a_failed_slow_request(page):
    await sign_up(page)
    await page.goto("/dashboard/api-keys")
    await slow_posts(page, re.compile(r"/dashboard/api-keys$"), status=500)
    button = page.get_by_role("button", name="Create key")
    await page.get_by_label("Name", exact=True).fill("Doomed")
    await button.click()
    await expect(button).to_be_disabled()
    await expect(page.get_by_role("alert")).to_contain_text("Something went wrong (500)")
    await expect(button).to_be_enabled()
    await expect(button).not_to_have_attribute("aria-busy", "true")


async def test_plain_form_button_is_disabled_and_busy_until_the_next_page(page):
    await page.goto("/signup")
    await slow_posts(page, re.compile(r"/signup$"))
    await page.get_by_label("Work email").fill(unique_email("busy"))
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_label("Business legal name").fill("Slow Answers Ltd")
    # Locators wait for a navigation to finish, so the page itself reports its button's
    # state shortly after the submit, while the answer is still held back.
    states: list[str] = []
    page.on("console", lambda message: states.append(message.text))
    await page.evaluate(REPORT_BUTTON_STATE)
    await page.get_by_role("button", name="Create account").click()
    await expect(page).to_have_url(DASHBOARD_URL)  # the form still arrived, once
    assert "button disabled=true aria-busy=true" in states
    await expect(page.locator("#merchant-name")).to_have_text("Slow Answers Ltd")


async def test_confirmation_is_the_apps_dialog_keyboard_first(page):
    await sign_up(page)
    await page.goto("/dashboard/api-keys")
    await page.get_by_label("Name", exact=True).fill("Old backend")
    await page.get_by_role("button", name="Create key").click()
    await expect(page.locator("#new-key-title")).to_contain_text("Old backend")
    await page.reload()
    row = page.locator("tr", has_text="Old backend")
    dialog = page.locator("#confirm-dialog")

    await row.get_by_role("button", name="Revoke").click()
    await expect(dialog).to_be_visible()
    await expect(dialog).to_contain_text("Revoke “Old backend”?")
    await expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()
    await screenshot(page, "confirm-dialog-1280")
    await page.keyboard.press("Escape")
    await expect(dialog).to_be_hidden()
    await expect(row.get_by_role("button", name="Revoke")).to_be_focused()
    await expect(row.locator(".key-status")).to_have_text("Active")

    await row.get_by_role("button", name="Revoke").click()
    await page.keyboard.press("Enter")  # on Cancel, which has the focus
    await expect(dialog).to_be_hidden()
    await expect(row.locator(".key-status")).to_have_text("Active")

    await row.get_by_role("button", name="Revoke").click()
    await expect(dialog.locator("[data-confirm-ok]")).to_have_text("Revoke")
    await page.keyboard.press("Tab")
    await page.keyboard.press("Enter")
    await expect(row.locator(".key-status")).to_have_text("Revoked")


async def test_the_dialog_fits_a_phone_and_never_says_cancel_twice(new_page, app):
    page = await new_page(PHONE)
    email = await sign_up(page)
    membership = await Membership.filter(user__email=email).first()
    subscription = await subscribe(membership.merchant_id)
    await page.goto(f"/dashboard/subscriptions/{subscription.stable_subscription_id}")
    await page.get_by_role("button", name="Cancel now").click()
    dialog = page.locator("#confirm-dialog")
    await expect(dialog.locator("[data-confirm-ok]")).to_have_text("Cancel now")
    keep = dialog.get_by_role("button", name="Keep it")
    await expect(keep).to_be_focused()
    box = await dialog.locator("article").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    await screenshot(page, "confirm-dialog-390")
    await keep.click()
    await expect(dialog).to_be_hidden()
    await expect(page.locator(".sub-card .status-badge")).to_have_text("Active")
