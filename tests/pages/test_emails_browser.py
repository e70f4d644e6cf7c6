"""Customer e-mails in Chromium, at desktop and phone widths: Settings → Customer e-mails (a
bad reply-to first, its error in place; then saved), a preview opened, "Send me a test"
writing its row and leading to the log; the log, a message's page with its HTML in a
sandboxed frame, and a customer's page with the bounce warning; nothing wider than the
screen, and the page's policy refusing nothing the previews need."""

import pytest
from playwright.async_api import Page, expect

from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.emails import settings
from billing.emails.models import Email, EmailStatus
from tests.pages.conftest import DESKTOP, PHONE, SCREENSHOTS, screenshot, sign_up
from tests.support.factories.emails import an_email
from tests.support.factories.subscriptions import make_customer
from tests.support.pages.subscriptions import merchant_of

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"
# An e-mail as the real templates write one: inline styles, a table, a logo from https.
STYLED = (
    '<div style="font-family:sans-serif;max-width:600px;margin:0 auto">'
    '<img src="https://127.0.0.1:9/logo.png" alt="Acme" width="120" height="30">'
    '<h1 style="color:#ff8800;font-size:22px">Your payment failed</h1>'
    '<table role="presentation" style="width:100%"><tr><td>Amount</td><td>29.00 USD</td></tr>'
    "</table>"
    '<p><a href="https://example.com/fix" style="background:#ff8800;color:#fff;padding:8px">'
    "Update your card</a></p></div>"
)


async def fits(page: Page, shot: str) -> None:
    await page.evaluate("window.scrollTo(0, 0)")
    await screenshot(page, shot)
    assert await page.evaluate(OVERFLOW), f"{shot} is wider than the screen"


async def open_in_sidebar(page: Page, name: str) -> None:
    """Through the sidebar, as a merchant finds it (on a phone, behind the menu button)."""
    toggle = page.get_by_role("button", name="Menu")
    if await toggle.is_visible():
        await toggle.click()
    await page.locator(".sidebar").get_by_role("link", name=name, exact=True).click()


@VIEWPORTS
async def test_settings_previews_and_a_test(new_page, app, viewport):
    width = viewport["width"]
    page = await new_page(viewport)
    owner = await sign_up(page)
    merchant_id = await merchant_of(owner)
    await open_in_sidebar(page, "Settings")
    await page.get_by_role("link", name="Customer e-mails").click()
    await expect(page.get_by_role("heading", name="Customer e-mails")).to_be_visible()
    switch = page.get_by_role("switch", name="Trial ending")
    await expect(switch).to_be_checked()
    await expect(page.locator("#email-settings")).to_contain_text("When 3 days before a trial ends")

    await page.get_by_label("Sender name").fill("Acme Billing")
    reply_to = page.get_by_label("Reply-to address")
    await reply_to.fill("billing at acme")
    await switch.uncheck()
    await page.get_by_role("button", name="Save e-mail settings").click()
    await expect(reply_to).to_have_attribute("aria-invalid", "true")
    await expect(page.locator("#reply_to-help")).to_contain_text(
        "Enter one e-mail address, like billing@example.com"
    )
    assert (await settings.get(merchant_id)).sender_name == ""
    await fits(page, f"email-settings-error-{width}")

    await reply_to.fill("billing@acme.example")
    await page.get_by_role("button", name="Save e-mail settings").click()
    await expect(page.get_by_role("status")).to_contain_text("Customer e-mail settings saved.")
    await expect(page.get_by_role("switch", name="Trial ending")).not_to_be_checked()
    chosen = await settings.get(merchant_id)
    assert (chosen.sender_name, chosen.enabled["trial_ending"]) == ("Acme Billing", False)

    preview = page.locator("#preview-payment_failed")
    await expect(preview).to_contain_text(
        "Subject: Your payment of 29.00 USD to Acme Billing failed"
    )
    await preview.get_by_text("Preview", exact=True).click()
    frame = preview.locator("iframe")
    await expect(frame).to_be_visible()
    assert await frame.get_attribute("sandbox") == ""
    await expect(preview.frame_locator("iframe").locator("body")).to_contain_text(
        "Your payment failed"
    )
    await fits(page, f"email-settings-preview-{width}")
    # A full-page capture may leave a just-opened frame unpainted: the preview on its own too.
    await preview.screenshot(path=str(SCREENSHOTS / f"email-settings-preview-frame-{width}.png"))

    await preview.get_by_role("button", name="Send me a test").click()
    note = preview.locator(".test-note")
    await expect(note).to_contain_text(f"Test e-mail queued to {owner}.")
    email = await Email.get(merchant_id=merchant_id)
    assert (email.template, email.recipient, email.status, email.event_id) == (
        "payment_failed",
        owner,
        EmailStatus.PENDING,
        None,
    )
    await fits(page, f"email-settings-test-{width}")

    await note.get_by_role("link", name="See it in the e-mail log").click()
    await expect(page.locator(".page-head .email-status")).to_have_text("Queued")
    await expect(page.locator(".email-facts")).to_contain_text("a test from Settings")
    await expect(page.get_by_text("Not written yet").first).to_be_visible()
    await fits(page, f"email-message-queued-{width}")


@VIEWPORTS
async def test_the_log_a_message_and_a_bounced_customer(new_page, app, viewport):
    width = viewport["width"]
    page = await new_page(viewport)
    merchant_id = await merchant_of(await sign_up(page))
    ada = await make_customer(
        merchant_id, name="Ada Lovelace", email="ada.lovelace.with.a.long.address@example.com"
    )
    sent = await an_email(
        merchant_id,
        customer_id=ada.id,
        recipient=ada.email,
        subject="Your payment to Acme Software GmbH failed",
        html=STYLED,
        text="Your payment failed.\n\nAmount: 29.00 USD\nUpdate your card: https://example.com/fix",
    )
    await an_email(
        merchant_id,
        customer_id=ada.id,
        recipient=ada.email,
        template="payment_receipt",
        subject="Receipt for 29.00 USD",
        status=EmailStatus.NOT_SENT,
        smtp_response="not sent: no SMTP server configured",
    )
    await an_email(
        merchant_id,
        customer_id=ada.id,
        recipient=ada.email,
        template="invoice_issued",
        subject="Invoice INV-0001",
        status=EmailStatus.FAILED,
        attempts=1,
        smtp_response="550 5.1.1 <ada.lovelace.with.a.long.address@example.com>: Recipient "
        "address rejected: User unknown in virtual mailbox table",
    )
    await an_email(
        merchant_id,
        template="trial_ending",
        subject="Your trial ends soon",
        status=EmailStatus.PENDING,
        attempts=2,
        smtp_response="451 4.7.1 Try again later",
    )
    await Customer.filter(id=ada.id).update(
        email_undeliverable="550 5.1.1 Recipient address rejected: User unknown",
        email_undeliverable_at=utcnow(),
    )

    await open_in_sidebar(page, "E-mails")
    await expect(page.get_by_role("heading", name="E-mails", exact=True)).to_be_visible()
    rows = page.locator(".email-table tbody tr")
    await expect(rows).to_have_count(4)
    await expect(rows.nth(0)).to_contain_text("Retrying")
    await expect(page.locator(".email-table")).to_contain_text(
        "Not sent: no SMTP server configured"
    )
    await fits(page, f"email-log-{width}")

    await page.get_by_label("Status").select_option("failed")
    await page.get_by_role("button", name="Show").click()
    await expect(rows).to_have_count(1)
    await expect(rows.first).to_contain_text("Failed")
    await page.goto("/dashboard/emails")

    await page.get_by_role("link", name="Your payment to Acme Software GmbH failed").click()
    await expect(page.locator(".page-head .email-status")).to_have_text("Sent")
    frame = page.frame_locator("iframe.email-frame")
    await expect(frame.get_by_role("heading", name="Your payment failed")).to_be_visible()
    await expect(page.locator(".email-text")).to_contain_text("Amount: 29.00 USD")
    await fits(page, f"email-message-{width}")
    assert sent.id in page.url

    await page.goto(f"/dashboard/customers/{ada.id}")
    await expect(page.locator("#email-bounced")).to_have_text(
        "E-mails to this address bounced: 550 5.1.1 Recipient address rejected: User unknown"
    )
    section = page.locator("#customer-emails")
    await expect(section.locator("tbody tr")).to_have_count(3)
    await section.scroll_into_view_if_needed()
    await fits(page, f"email-customer-{width}")
