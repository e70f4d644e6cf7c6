"""The customer e-mails in real Chromium at 600 px (a desktop mail client's reading pane) and
390 px (a phone), rendered from their samples with a brand colour and a logo: nothing wider
than the screen, the logo shown, the button visible in full, amounts as a customer reads them.
Screenshots are saved for a person to judge (``emails-<template>-<width>``)."""

import pytest
from playwright.async_api import expect

from billing.emails import contexts, kinds, rendering
from tests.pages.conftest import screenshot
from webapp import emails

LOGO = """<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40">
<rect width="40" height="40" rx="8" fill="#7c3aed"/><text x="50" y="27" font-family="Arial"
font-size="20" font-weight="bold" fill="#111827">Northwind</text></svg>"""
WIDTHS = (600, 390)
BUTTONS = {"payment_failed": "Update your card", "card_expiring": "Update your card"}
AMOUNTS = {
    "invoice_issued": "34.80 USD",
    "payment_receipt": "29.00 USD",
    "payment_failed": "29.00 USD",
    "trial_ending": "29.00 USD per month",
    "renewal_upcoming": "290.00 USD",
    "refund_issued": "15.00 USD",
}


@pytest.fixture(scope="module", autouse=True)
def renderer():
    emails.register()


@pytest.fixture
def logo_url(other_origin):
    folder, base = other_origin
    (folder / "logo.svg").write_text(LOGO)
    return f"{base}/logo.svg"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("template", [*kinds.BY_TEMPLATE, kinds.TEST])
async def test_each_email_reads_at_desktop_and_phone_width(browser, logo_url, template, width):
    brand = {
        "name": "Northwind Analytics",
        "reply_to": "billing@northwind.example",
        "color": "#7c3aed",
        "logo_url": logo_url,
    }
    rendered = rendering.render(template, contexts.sample(template, brand))
    context = await browser.new_context(viewport={"width": width, "height": 800})
    try:
        page = await context.new_page()
        await page.set_content(rendered.html, wait_until="load")
        logo = page.locator(f'img[src="{logo_url}"]')
        await expect(logo).to_be_visible()
        assert await logo.evaluate("img => img.naturalWidth > 0")  # it loaded
        overflow = await page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{template} is {overflow}px wider than {width}px"
        if template in AMOUNTS:
            await expect(page.get_by_text(AMOUNTS[template], exact=True).first).to_be_visible()
        if template in BUTTONS:
            button = page.get_by_role("link", name=BUTTONS[template])
            await expect(button).to_be_visible()
            box = await button.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
            assert box["height"] >= 40  # a finger can hit it
        footer = page.get_by_text("This e-mail was sent by Northwind Analytics")
        await expect(footer).to_be_visible()
        await screenshot(page, f"emails-{template}-{width}")
    finally:
        await context.close()
