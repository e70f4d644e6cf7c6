"""``GET /portal/e/<token>``, the "Update your card" button of a payment-failed e-mail: the
link, parsed from the rendered e-mail, signs the customer into the portal and lands on the
payment methods; an old or altered link answers a page in words, never an error."""

import re
from datetime import timedelta
from urllib.parse import urlsplit

import pytest

from billing.core.models import utcnow
from billing.emails import contexts, rendering
from billing.portal import email_links
from tests.support.billing.emails import declined_renewal, email_for
from tests.support.billing.event_log import events
from tests.support.factories.subscriptions import make_customer
from webapp.auth import PORTAL_COOKIE

BUTTON = re.compile(r'<a href="([^"]+)"[^>]*>Update your card</a>')


@pytest.fixture
def gateway(memory_gateway):
    return memory_gateway


async def test_following_the_payment_failed_emails_button_opens_the_portal(
    app, make_merchant, gateway
):
    merchant, customer, _ = await declined_renewal(make_merchant, name="Grace Hopper")
    [event] = await events(merchant.id, "invoice.payment_failed")
    context, _ = await contexts.build(await email_for(event, "payment_failed"))
    rendered = rendering.render("payment_failed", context)
    [href] = BUTTON.findall(rendered.html)
    assert href.startswith("http") and "/portal/e/" in href

    client = app.test_client()
    opened = await client.get(urlsplit(href).path)
    assert opened.status_code == 200
    assert PORTAL_COOKIE in opened.headers.get("Set-Cookie", "")
    page = await opened.get_data(as_text=True)
    assert 'content="0;url=/portal/#methods"' in page

    home = await client.get("/portal/")
    assert home.status_code == 200
    body = await home.get_data(as_text=True)
    assert 'id="methods"' in body and "Payment failed" in body
    assert "data-back" not in body  # no merchant page to go back to from an e-mail


async def test_a_link_older_than_7_days_answers_410_in_words(client, merchant):
    customer = await make_customer(merchant.id)
    old = email_links.make_token(merchant.id, customer.id, utcnow() - timedelta(days=8))
    answer = await client.get(f"/portal/e/{old}")
    assert answer.status_code == 410
    assert "expired" in await answer.get_data(as_text=True)
    assert PORTAL_COOKIE not in answer.headers.get("Set-Cookie", "")


@pytest.mark.parametrize("token", ["garbage", "x" * 600, "WyJtZXJfIiwiY3VzdF8iLDFd.abc"])
async def test_a_bad_link_answers_400_in_words(client, token):
    answer = await client.get(f"/portal/e/{token}")
    assert answer.status_code == 400
    assert "not valid" in await answer.get_data(as_text=True)


async def test_another_merchants_customer_is_not_reached(client, merchant, make_merchant):
    other = await make_merchant("Other Ltd")
    theirs = await make_customer(other.id)
    answer = await client.get(f"/portal/e/{email_links.make_token(merchant.id, theirs.id)}")
    assert answer.status_code == 400
    assert PORTAL_COOKIE not in answer.headers.get("Set-Cookie", "")
