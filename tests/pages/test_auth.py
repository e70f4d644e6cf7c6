"""Log-in failures, sign-up errors and the CSRF guard, as a person in a browser meets them."""

import re

from playwright.async_api import expect

from tests.pages.conftest import log_in, sign_up


async def test_front_door_is_the_sign_in_page(page):
    await page.goto("/")
    await expect(page.get_by_role("heading", name="Log in to Tally")).to_be_visible()
    await expect(page.get_by_role("link", name="Create an account")).to_be_visible()


async def test_wrong_password_shows_an_error(page, new_page):
    email = await sign_up(page)
    other = await new_page()
    await log_in(other, email, password="not-the-password-1")
    await expect(other).to_have_url(re.compile(r"/login$"))
    await expect(other.get_by_role("alert")).to_have_text("Invalid email or password")
    await expect(other.get_by_label("Email")).to_have_value(email)
    await expect(other.get_by_label("Password")).to_have_value("")


async def test_sign_up_shows_field_errors_and_keeps_input(page):
    await page.goto("/signup")
    await page.get_by_label("Work email").fill("owner@example.com")
    await page.get_by_label("Password").fill("short")
    await page.get_by_role("button", name="Create account").click()
    legal_name = page.get_by_label("Business legal name")
    await expect(legal_name).to_have_attribute("aria-invalid", "true")
    await expect(page.get_by_text("Enter your business's legal name")).to_be_visible()
    await expect(page.get_by_label("Work email")).to_have_value("owner@example.com")

    await legal_name.fill("Acme")
    await page.get_by_label("Password").fill("short")
    await page.get_by_role("button", name="Create account").click()
    await expect(page.get_by_text("Password must be at least 10 characters long")).to_be_visible()


async def test_post_without_csrf_token_is_refused(page):
    await sign_up(page)
    await page.goto("/dashboard/settings")
    status = await page.evaluate(
        """async () => {
            const body = new URLSearchParams({legal_name: "Hijacked", display_name: "Hijacked",
                                              default_currency: "USD"});
            const response = await fetch("/dashboard/settings/profile", {method: "POST", body});
            return response.status;
        }"""
    )
    assert status == 403

    # A real form whose token was stripped shows the error page, and nothing changes.
    await page.evaluate(
        """document.querySelector('#profile-settings input[name=csrf_token]').remove();
           document.querySelector('#profile-settings form').removeAttribute('hx-post');"""
    )
    await page.evaluate("htmx.process(document.body)")
    await page.get_by_label("Business legal name").fill("Hijacked")
    await page.locator("#profile-settings form").evaluate("form => form.submit()")
    await expect(page.get_by_text("Error 403")).to_be_visible()
    await page.goto("/dashboard/settings")
    await expect(page.get_by_label("Business legal name")).to_have_value("Acme Software GmbH")
