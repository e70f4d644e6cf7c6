"""Helpers for tests of pages/payment_actions, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from playwright.async_api import expect

from billing.accounts.models import Membership
from tests.pages.conftest import sign_up


async def connected_merchant(page) -> str:
    """Sign up and connect provider A on its page; the merchant's id."""
    email = await sign_up(page)
    await page.goto("/dashboard/payment-providers")
    section = page.locator("#provider-a")
    await section.get_by_label("Publishable key").fill("pk_live_51HxAcmePublic")
    await section.get_by_label("Secret key").fill("sk_live_51HxAcmeSecret9f3a")
    await section.get_by_role("button", name="Save keys").click()
    await expect(section.get_by_text("Connected", exact=True)).to_be_visible()
    return (await Membership.filter(user__email=email).first()).merchant_id
