"""The payment-failed e-mail's "Update your card" button in real Chromium: the e-mail, opened
on another site (a webmail is one), is clicked, and the customer lands signed in on the portal
of the served process, at their payment methods; the portal's SameSite=Strict cookie holds on
the next page, so the session works."""

import subprocess
from urllib.parse import urlsplit

import pytest
from playwright.async_api import expect

from billing.emails import contexts, rendering
from tests.conftest import serve_on_free_port, stop_process
from tests.pages.conftest import PHONE, screenshot
from tests.support.billing.emails import declined_renewal, email_for
from tests.support.billing.event_log import events
from webapp import emails


@pytest.fixture(scope="module")
def signing_server(database_url, tmp_path_factory, settings):
    """``tally serve`` signing with the test process's secret key, so a link the test renders
    is one it accepts (as every server of one deployment shares ``TALLY_SECRET_KEY``)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TALLY_SECRET_KEY", settings.secret_key)
        process, base_url = serve_on_free_port(
            database_url,
            tmp_path_factory.mktemp("email-link"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    yield base_url
    stop_process(process)


async def test_the_update_your_card_button_opens_the_portal_at_the_payment_methods(
    browser, signing_server, make_merchant, memory_gateway, other_origin
):
    merchant, _, _ = await declined_renewal(make_merchant, name="Grace Hopper")
    [event] = await events(merchant.id, "invoice.payment_failed")
    emails.register()
    context, _ = await contexts.build(await email_for(event, "payment_failed"))
    href = context["portal_url"]
    served = signing_server + urlsplit(href).path  # the served process's own address
    html = rendering.render("payment_failed", {**context, "portal_url": served}).html
    folder, origin = other_origin
    (folder / "mail.html").write_text(html)

    browser_context = await browser.new_context(viewport=PHONE)
    try:
        mailbox = await browser_context.new_page()
        # the mailbox is another site (localhost, not 127.0.0.1): a cross-site click
        await mailbox.goto(origin.replace("127.0.0.1", "localhost") + "/mail.html")
        async with mailbox.expect_popup() as opened:  # e-mail links open a new tab
            await mailbox.get_by_role("link", name="Update your card").click()
        page = await opened.value
        await expect(page).to_have_url(f"{signing_server}/portal/#methods")
        await expect(page.get_by_role("heading", name="Payment methods")).to_be_visible()
        await expect(page.locator(".portal-plan")).to_contain_text("Payment failed")
        await expect(page.locator("[data-back]")).to_have_count(0)
        await page.reload()  # the session holds: the cookie is sent on Tally's own pages
        await expect(page.get_by_role("heading", name="Your billing")).to_be_visible()
        await screenshot(page, "portal-from-email-phone")
    finally:
        await browser_context.close()
