"""Helpers for tests of pages/checkout, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

import httpx
import pytest

from billing.catalog import pricing_tables
from billing.catalog.models import Price
from tests.conftest import in_test_mode
from tests.pages.conftest import DESKTOP, PHONE
from tests.support.factories.card_payments import KEYS
from tests.support.factories.catalog import make_plan

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])


OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


async def shop(live_server, make_merchant, provider: tuple[str, dict] = ("a", KEYS)):
    """A test-mode merchant with a provider (``a`` or ``b`` and its config body) saved through
    the server's own API (the server seals the keys with its encryption key), a plan and a
    pricing table."""
    account = await in_test_mode(await make_merchant())
    path = f"/v1/provider-{provider[0]}/config"
    async with httpx.AsyncClient(base_url=live_server, timeout=30) as http:
        saved = await http.post(path, json=provider[1], headers=account.headers)
    assert saved.status_code == 200, saved.text
    plan = await make_plan(account.id, name="Pro", monthly_cents=4900)
    await pricing_tables.create_table(
        account.id, name="Pricing", slug="pricing", plan_ids=[plan.id]
    )
    price = await Price.filter(plan_id=plan.id).first()
    return account, plan, price


async def fill_card(page, number: str) -> None:
    form = page.locator("#card-form")
    await form.get_by_label("Card number").fill(number)
    await form.get_by_label("Month").fill("12")
    await form.get_by_label("Year").fill("2034")
    await form.get_by_label("CVC").fill("123")
    await form.get_by_role("button", name="Pay").click()
