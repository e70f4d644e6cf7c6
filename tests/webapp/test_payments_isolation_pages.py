"""Tenant isolation on the dashboard pages the payments work added: through a signed-in
session, another merchant's invoice and subscription ids answer exactly as ids of nothing
(the same redirect and the same flashed message on the page it leads to), whether read,
retried or refunded, and nothing of theirs changes; the payment providers page shows only
the session's own configuration."""

import pytest

from billing.payments import setup
from billing.payments.models import Payment, Refund
from tests.support.api.payments_isolation import holdings, made_up, owners_state
from tests.support.factories.refunds import SECRET
from tests.support.webapp.catalog_pages import HX, html_of, signed_up


@pytest.fixture
def gateway(provider_a_api):  # noqa: F811 (the fixture, imported above)
    return provider_a_api


def page_calls(ids: dict, token: str) -> list[tuple[str, str, dict | None, dict]]:
    form = {"csrf_token": token}
    return [
        ("GET", f"/dashboard/invoices/{ids['inv']}", None, {}),
        ("POST", f"/dashboard/invoices/{ids['inv']}/retry-payment", form, HX),
        ("POST", f"/dashboard/invoices/{ids['inv']}/retry-payment", form, {}),
        ("POST", f"/dashboard/subscriptions/{ids['sub']}/refund", form, HX),
        ("POST", f"/dashboard/subscriptions/{ids['sub']}/refund", {**form, "amount": "1"}, {}),
    ]


async def seen(client, method, path, form, headers, blank: list[str]) -> tuple:
    """Status, where it leads, and the page there (with its flashed message)."""
    response = await client.open(path, method=method, form=form, headers=headers)
    location = response.headers.get("Location")
    body = await html_of(response)
    if location:
        body += await html_of(await client.get(location))
    for record_id in blank:
        body = body.replace(record_id, "ID")
        location = location and location.replace(record_id, "ID")
    return response.status_code, location, body


async def test_another_merchants_ids_answer_as_missing_on_pages(
    client, sign_up, make_merchant, gateway
):
    owner = await make_merchant()
    theirs = await holdings(owner.id)
    before = await owners_state(owner.id)
    caller_id, token = await signed_up(sign_up)
    fake = made_up(theirs)
    blank = [theirs[kind] for kind in fake] + list(fake.values())
    for (method, path, form, headers), (_, fake_path, fake_form, _) in zip(
        page_calls(theirs, token), page_calls(fake, token), strict=True
    ):
        other = await seen(client, method, path, form, headers, blank)
        absent = await seen(client, method, fake_path, fake_form, headers, blank)
        assert other == absent, (method, path, headers)
        assert other[0] == 303 and "not found" in other[2], (method, path, other[:2])
    assert await owners_state(owner.id) == before
    assert not await Payment.filter(merchant_id=caller_id).exists()
    assert not await Refund.filter(merchant_id=caller_id).exists()


async def test_payment_providers_page_shows_only_the_sessions_own(
    client, sign_up, make_merchant, gateway
):
    owner = await make_merchant()
    await holdings(owner.id)
    await signed_up(sign_up)
    response = await client.get("/dashboard/payment-providers")
    page = await html_of(response)
    assert response.status_code == 200
    assert owner.id not in page  # not the owner's webhook URL
    assert setup.masked(SECRET) not in page  # nor the owner's key, masked as pages show it
