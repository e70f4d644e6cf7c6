"""Customers in Chromium: live search, pages by cursor, field errors, edit and delete."""

import re
from datetime import UTC, datetime, timedelta

import pytest
from playwright.async_api import expect

from billing.customers.models import Customer
from tests.pages.conftest import DESKTOP, PHONE, answer_confirm, screenshot, sign_up
from tests.support.factories.subscriptions import make_customer
from tests.support.pages.subscriptions import merchant_of


async def test_search_and_pages(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for number in range(60):
        customer = await make_customer(
            merchant_id, email=f"user{number:02}@example.com", name=f"User {number:02}"
        )
        await Customer.filter(id=customer.id).update(created_at=start + timedelta(hours=number))
    await page.locator(".sidebar").get_by_role("link", name="Customers").click()
    rows = page.locator("#customers-results tbody tr")
    await expect(rows).to_have_count(25)
    await expect(rows.first).to_contain_text("user59@example.com")
    await screenshot(page, "customers-1280")

    pager = page.get_by_role("navigation", name="Pages of customers")
    await pager.get_by_role("button", name="Next →").click()
    await expect(rows.first).to_contain_text("user34@example.com")
    await expect(page).to_have_url(re.compile(r"after="))
    await pager.get_by_role("button", name="Next →").click()
    await expect(rows).to_have_count(10)
    await expect(rows.last).to_contain_text("user00@example.com")
    await expect(pager.get_by_role("button", name="Next →")).to_have_count(0)
    await pager.get_by_role("button", name="← Previous").click()
    await expect(rows.first).to_contain_text("user34@example.com")
    await page.go_back()  # the browser's history works too: each page has its own URL
    await expect(rows).to_have_count(10)
    await pager.get_by_role("button", name="First page").click()
    await expect(rows.first).to_contain_text("user59@example.com")

    search = page.get_by_role("searchbox", name="Search customers")
    await search.press_sequentially("USER0", delay=30)  # HTMX live search, no button press
    await expect(rows).to_have_count(10)
    await expect(page).to_have_url(re.compile(r"search=USER0"))
    await search.fill("")
    await search.press_sequentially("nobody", delay=20)
    await expect(page.get_by_text("No customers match “nobody”")).to_be_visible()


async def test_field_errors_edit_and_delete(page, app):
    merchant_id = await merchant_of(await sign_up(page))
    await make_customer(merchant_id, email="taken@example.com")
    await page.goto("/dashboard/customers/new")
    email = page.get_by_role("textbox", name="Email", exact=True)
    await email.fill("not-an-email")
    await page.get_by_label("Country").select_option(label="Germany (DE)")
    await page.get_by_role("button", name="Create customer").click()
    await expect(email).to_have_attribute("aria-invalid", "true")
    await expect(page.get_by_text("email must be a valid email address")).to_be_visible()
    await expect(page.get_by_label("Country")).to_have_value("DE")  # the pick stays
    await email.fill("TAKEN@example.com")
    await page.get_by_role("button", name="Create customer").click()
    await expect(email).to_have_attribute("aria-invalid", "true")
    await expect(page.get_by_text("A customer with this email already exists")).to_be_visible()
    await screenshot(page, "customer-errors-1280")
    await email.fill("new@example.com")
    await page.get_by_role("button", name="Create customer").click()
    await expect(page.get_by_role("status")).to_contain_text("created")
    await expect(page.locator(".customer-facts")).to_contain_text("DE")

    await page.get_by_role("button", name="Edit").click()
    await page.get_by_role("textbox", name="Email", exact=True).fill("taken@example.com")
    await page.get_by_role("button", name="Save customer").click()
    await expect(
        page.get_by_text("Another customer with this email already exists")
    ).to_be_visible()
    await page.get_by_label("Allow an email another customer already uses").check()
    await page.get_by_label("Name (optional)").fill("Second account")
    await page.get_by_role("button", name="Save customer").click()
    await expect(page.get_by_role("status")).to_contain_text("Customer Second account saved.")
    await expect(page.locator("#customer-name")).to_have_text("Second account")

    await page.get_by_role("button", name="Delete").click()
    await answer_confirm(page)
    await expect(page.get_by_role("status")).to_contain_text("Customer Second account deleted.")
    await expect(page).to_have_url(re.compile(r"/dashboard/customers$"))
    await expect(page.locator("#customers-results tbody tr")).to_have_count(1)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])
async def test_the_country_is_picked_by_name(new_page, app, viewport):
    """Typing "Austria" once stored AU (Australia): the country is a select of names now,
    optional, and fits a phone."""
    page = await new_page(viewport)
    merchant_id = await merchant_of(await sign_up(page))
    await page.goto("/dashboard/customers/new")
    country = page.get_by_label("Country")
    await expect(country).to_have_value("")
    await expect(country.locator("option:checked")).to_have_text("No country")
    await page.get_by_role("textbox", name="Email", exact=True).fill("wien@example.com")
    await page.get_by_label("City").fill("Wien")
    await country.select_option(label="Austria (AT)")
    await screenshot(page, f"customer-country-{viewport['width']}")
    assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    box = await country.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    await page.get_by_role("button", name="Create customer").click()
    await expect(page.get_by_role("status")).to_contain_text("created")
    saved = await Customer.get(merchant_id=merchant_id, email="wien@example.com")
    assert saved.billing_country == "AT"

    await page.get_by_role("button", name="Edit").click()
    await expect(page.get_by_label("Country")).to_have_value("AT")
    await page.get_by_label("Country").select_option(value="")
    await page.get_by_role("button", name="Save customer").click()
    await expect(page.get_by_role("status")).to_contain_text("saved")
    assert (await Customer.get(id=saved.id)).billing_country is None
