"""Browser fixtures: the system Chromium driven by Playwright against the real server process.

One browser for the whole run; every test gets a fresh context (its own cookies) and makes its
own merchant through the sign-up page, so tests never share state. Uncaught JavaScript errors
fail the test that caused them.
"""

import functools
import os
import re
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.async_api import Page, async_playwright, expect

from tests.conftest import PASSWORD, serve_on_free_port, stop_process, unique_email

CHROMIUM = "/usr/bin/chromium"  # the distribution's browser; never downloaded by the tests
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
DASHBOARD_URL = re.compile(r"/dashboard$")
SCREENSHOTS = Path(os.environ.get("TALLY_SCREENSHOT_DIR", tempfile.gettempdir())) / "tally-pages"

expect.set_options(timeout=10_000)

PROVIDER_BASES = ("TALLY_PROVIDER_A_API_BASE", "TALLY_PROVIDER_B_API_BASE")


@pytest.fixture(scope="session")
def payments_server(database_url, tmp_path_factory, localstripe_url, provider_b_fake):  # noqa: F811
    """``tally serve`` with provider A's API base at localstripe and provider B's at its fake
    (the session's own server has neither), for the pages that take or show payments; a
    module uses it as its ``live_server``. Each test makes its own merchant, so one serves all."""
    saved = {name: os.environ.get(name) for name in PROVIDER_BASES}
    bases = (localstripe_url, provider_b_fake.url)
    os.environ.update(dict(zip(PROVIDER_BASES, bases, strict=True)))
    try:
        process, base_url = serve_on_free_port(
            database_url, tmp_path_factory.mktemp("payments-data"), stdout=None, stderr=None
        )
    finally:
        for name, value in saved.items():
            os.environ.pop(name, None) if value is None else os.environ.update({name: value})
    yield base_url
    stop_process(process)


@pytest.fixture(scope="session")
async def browser():
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


def _csp_violation(message, errors: list) -> None:
    """Every page test also proves the Content-Security-Policy blocks nothing Tally needs."""
    if message.type == "error" and "Content Security Policy" in message.text:
        errors.append(RuntimeError(f"{message.text} ({message.location['url']})"))


async def _native_dialog(dialog, errors: list) -> None:
    """The app asks with its own dialog; a browser confirm()/alert() is a bug."""
    errors.append(RuntimeError(f"native {dialog.type} dialog: {dialog.message}"))
    await dialog.dismiss()


@pytest.fixture
async def new_page(browser, live_server):
    """Open pages in fresh contexts; each context is closed after the test."""
    contexts = []
    errors: list[Exception] = []

    async def make(viewport: dict | None = None) -> Page:
        context = await browser.new_context(base_url=live_server, viewport=viewport or DESKTOP)
        await context.grant_permissions(["clipboard-read", "clipboard-write"])
        contexts.append(context)
        page = await context.new_page()
        page.on("pageerror", lambda error: errors.append(error))
        page.on("console", lambda message: _csp_violation(message, errors))
        page.on("dialog", lambda dialog: _native_dialog(dialog, errors))
        return page

    yield make
    for context in contexts:
        await context.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture
async def page(new_page) -> Page:
    return await new_page()


async def sign_up(page: Page, legal_name: str = "Acme Software GmbH") -> str:
    """Create a merchant through the sign-up page; returns the owner's email."""
    email = unique_email("browser")
    await page.goto("/signup")
    await page.get_by_label("Work email").fill(email)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_label("Business legal name").fill(legal_name)
    await page.get_by_role("button", name="Create account").click()
    await expect(page).to_have_url(DASHBOARD_URL)
    return email


async def log_in(page: Page, email: str, password: str = PASSWORD) -> None:
    await page.goto("/login")
    await page.get_by_label("Email").fill(email)
    await page.get_by_label("Password").fill(password)
    await page.get_by_role("button", name="Log in").click()


async def screenshot(page: Page, name: str) -> Path:
    """Full-page screenshot for a person to look at (the design is judged by eye)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    await page.screenshot(path=str(path), full_page=True)
    return path


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture
def other_origin(tmp_path):
    """A static server for ``tmp_path`` on a free port: a merchant's site, another origin."""
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(tmp_path))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield tmp_path, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


async def answer_confirm(page: Page, accept: bool = True, says: str | None = None) -> None:
    """Answer the app's confirmation dialog (every hx-confirm opens it, never the browser's
    own confirm()): check its question says ``says``, then confirm or cancel."""
    dialog = page.locator("#confirm-dialog")
    await expect(dialog).to_be_visible()
    if says:
        await expect(dialog.locator("#confirm-message")).to_contain_text(says)
    button = "[data-confirm-ok]" if accept else "[data-confirm-cancel]"
    await dialog.locator(button).click()
    await expect(dialog).to_be_hidden()
