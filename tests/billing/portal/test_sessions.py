"""Portal sessions in the service: tokens are random and stored hashed, a session ends at its
expiry or when ended, and the due-work pass removes sessions a day past their expiry."""

from datetime import UTC, datetime, timedelta

import pytest

from billing.core.errors import Unauthorized
from billing.due_work import run_due
from billing.portal import sessions
from billing.portal.models import PortalSession
from tests.support.factories.portal import known_customer, session_token

NOON = datetime(2031, 3, 1, 12, tzinfo=UTC)


async def test_a_session_lasts_one_hour(merchant):
    customer = await known_customer(merchant.id)
    token = await session_token(merchant.id, customer, now=NOON)
    found = await sessions.authenticate(token, now=NOON + timedelta(minutes=59))
    assert (found.customer_id, found.expires_at) == (customer.id, NOON + timedelta(hours=1))
    with pytest.raises(Unauthorized):
        await sessions.authenticate(token, now=NOON + timedelta(hours=1))


async def test_tokens_differ_and_odd_tokens_are_refused(merchant):
    customer = await known_customer(merchant.id)
    first = await session_token(merchant.id, customer)
    second = await session_token(merchant.id, customer)
    assert first != second and len(first) == len("ptok_") + 43
    for token in (None, 5, "", "ptok_" + "x" * 200, "sk_test_abc", first + "x"):
        with pytest.raises(Unauthorized):
            await sessions.authenticate(token)


async def test_an_ended_session_stops_working(merchant):
    customer = await known_customer(merchant.id)
    token = await session_token(merchant.id, customer)
    await sessions.end_session(token)
    with pytest.raises(Unauthorized):
        await sessions.authenticate(token)


async def test_the_due_work_pass_removes_sessions_a_day_after_expiry(merchant):
    customer = await known_customer(merchant.id)
    old = await session_token(merchant.id, customer, now=NOON)
    recent = await session_token(merchant.id, customer, now=NOON + timedelta(hours=2))
    await run_due(NOON + timedelta(days=1, hours=1, minutes=30), merchant_id=merchant.id)
    assert not await PortalSession.filter(token_hash=sessions.token_hash(old)).exists()
    assert await PortalSession.filter(token_hash=sessions.token_hash(recent)).exists()
