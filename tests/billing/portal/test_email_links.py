"""The signed portal link in e-mails: it names one merchant row's customer, lives 7 days,
cannot be altered, and opens an ordinary portal session for that customer only."""

from datetime import timedelta

import pytest

from billing.core.models import utcnow
from billing.portal import email_links, sessions
from tests.support.factories.subscriptions import make_customer


async def test_a_link_opens_a_session_of_its_customer(merchant):
    customer = await make_customer(merchant.id)
    token = email_links.make_token(merchant.id, customer.id)
    session, session_token = await email_links.open_link(token)
    found = await sessions.authenticate(session_token)
    assert (found.id, found.merchant_id, found.customer_id) == (
        session.id,
        merchant.id,
        customer.id,
    )
    assert found.expires_at - utcnow() <= sessions.LIFETIME


async def test_a_link_older_than_7_days_is_refused(merchant):
    customer = await make_customer(merchant.id)
    now = utcnow()
    week_old = email_links.make_token(merchant.id, customer.id, now - timedelta(days=7, hours=1))
    with pytest.raises(email_links.LinkExpired) as refused:
        await email_links.open_link(week_old)
    assert refused.value.status == 410
    six_days = email_links.make_token(merchant.id, customer.id, now - timedelta(days=6))
    assert email_links.read_token(six_days) == (merchant.id, customer.id)


@pytest.mark.parametrize("damage", ["flip", "cut", "junk", "empty"])
async def test_an_altered_link_names_nobody(merchant, damage):
    customer = await make_customer(merchant.id)
    token = email_links.make_token(merchant.id, customer.id)
    bad = {
        "flip": token[:-2] + ("A" if token[-2] != "A" else "B") + token[-1],
        "cut": token[:-5],
        "junk": "not-a-token",
        "empty": "",
    }[damage]
    with pytest.raises(email_links.LinkNotValid) as refused:
        await email_links.open_link(bad)
    assert refused.value.status == 400


async def test_another_merchants_customer_cannot_be_reached(merchant, make_merchant):
    other = await make_merchant("Other Ltd")
    theirs = await make_customer(other.id)
    # a link of this merchant row naming the other's customer (as if the ids were swapped)
    with pytest.raises(email_links.LinkNotValid):
        await email_links.open_link(email_links.make_token(merchant.id, theirs.id))


async def test_a_deleted_customers_link_names_nobody(merchant):
    customer = await make_customer(merchant.id)
    token = email_links.make_token(merchant.id, customer.id)
    await customer.soft_delete()
    with pytest.raises(email_links.LinkNotValid):
        await email_links.open_link(token)
