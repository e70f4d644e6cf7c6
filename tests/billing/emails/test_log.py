"""Reading the sent-mail log: newest first, paged by cursor, filtered by customer and status,
and scoped to the merchant row (another's ids answer as made-up ones)."""

from datetime import timedelta

import pytest

from billing.core.errors import Invalid, NotFound
from billing.core.models import utcnow
from billing.emails import log
from billing.emails.models import EmailStatus
from tests.support.factories.emails import an_email
from tests.support.factories.subscriptions import make_customer


async def test_pages_newest_first(merchant):
    start = utcnow() - timedelta(hours=1)
    made = [await an_email(merchant.id, at=start + timedelta(minutes=i)) for i in range(5)]
    newest = [email.id for email in reversed(made)]
    first, more = await log.list_emails(merchant.id, limit=2)
    assert ([e.id for e in first], more) == (newest[:2], True)
    second, more = await log.list_emails(merchant.id, limit=2, starting_after=first[-1].id)
    assert ([e.id for e in second], more) == (newest[2:4], True)
    last, more = await log.list_emails(merchant.id, limit=2, starting_after=second[-1].id)
    assert ([e.id for e in last], more) == (newest[4:], False)


async def test_filters_by_customer_and_status(merchant):
    ada = await make_customer(merchant.id)
    to_ada = await an_email(merchant.id, customer_id=ada.id, status=EmailStatus.FAILED)
    await an_email(merchant.id, customer_id=ada.id)
    await an_email(merchant.id, status=EmailStatus.FAILED)
    found, _ = await log.list_emails(merchant.id, customer_id=ada.id, status="failed")
    assert [e.id for e in found] == [to_ada.id]
    assert len((await log.list_emails(merchant.id, status="failed"))[0]) == 2
    assert len((await log.customer_emails(merchant.id, ada.id))[0]) == 2


async def test_other_merchants_rows_are_not_found(make_merchant):
    mine, theirs = await make_merchant(), await make_merchant()
    their_customer = await make_customer(theirs.id)
    their_email = await an_email(theirs.id, customer_id=their_customer.id)
    with pytest.raises(NotFound):
        await log.find_email(mine.id, their_email.id)
    with pytest.raises(NotFound):
        await log.find_email(mine.id, "email_" + "A" * 22)
    assert await log.list_emails(mine.id, customer_id=their_customer.id) == ([], False)
    assert await log.list_emails(mine.id, customer_id="cust_\x00") == ([], False)
    with pytest.raises(Invalid) as refused:
        await log.list_emails(mine.id, starting_after=their_email.id)
    assert refused.value.code == "email_cursor_invalid"


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"limit": 0}, "limit_invalid"),
        ({"limit": 101}, "limit_invalid"),
        ({"status": "delivered"}, "email_status_unknown"),
        ({"starting_after": "nope"}, "email_cursor_invalid"),
    ],
)
async def test_bad_queries_are_400s(merchant, options, code):
    with pytest.raises(Invalid) as refused:
        await log.list_emails(merchant.id, **options)
    assert refused.value.code == code
