"""/v1/emails: the sent-mail log newest first with its filters and cursor, one e-mail with
its HTML and text, and isolation: another merchant's or mode's e-mails are missing, and a
customer that is not yours has none."""

from datetime import timedelta

import pytest

from billing.core.models import utcnow
from billing.emails.models import EmailStatus
from tests.conftest import in_test_mode
from tests.support.factories.emails import an_email
from tests.support.factories.subscriptions import make_customer

FIELDS = {"id", "customerId", "eventId", "template", "recipient", "subject", "status"}
FIELDS |= {"smtpResponse", "attempts", "createdAt", "sentAt"}
NOT_FOUND = {"error": "Email not found or access denied"}


async def _list(client, account, query: str = ""):
    return await client.get(f"/v1/emails{query}", headers=account.headers)


async def test_list_and_read(client, merchant):
    ada = await make_customer(merchant.id)
    older = await an_email(merchant.id, customer_id=ada.id, at=utcnow() - timedelta(hours=1))
    newer = await an_email(
        merchant.id,
        customer_id=ada.id,
        template="payment_receipt",
        status=EmailStatus.NOT_SENT,
        smtp_response="not sent: no SMTP server configured",
    )
    response = await _list(client, merchant)
    assert response.status_code == 200
    body = await response.get_json()
    assert body["hasMore"] is False
    assert [e["id"] for e in body["emails"]] == [newer.id, older.id]
    first = body["emails"][0]
    assert set(first) == FIELDS
    assert (first["customerId"], first["template"], first["status"]) == (
        ada.id,
        "payment_receipt",
        "not_sent",
    )
    assert first["sentAt"] is None and body["emails"][1]["sentAt"].endswith("Z")
    assert first["smtpResponse"] == "not sent: no SMTP server configured"

    response = await client.get(f"/v1/emails/{older.id}", headers=merchant.headers)
    assert response.status_code == 200
    read = (await response.get_json())["email"]
    assert set(read) == FIELDS | {"html", "text"}
    assert read["html"] == "<p>We could not charge your card.</p>"
    assert read["text"] == "We could not charge your card."
    assert {k: v for k, v in read.items() if k in FIELDS} == body["emails"][1]


async def test_filters_and_pages(client, merchant):
    ada, bob = await make_customer(merchant.id), await make_customer(merchant.id, name="Bob")
    start = utcnow() - timedelta(hours=1)
    to_ada = [
        await an_email(merchant.id, customer_id=ada.id, at=start + timedelta(minutes=i))
        for i in range(3)
    ]
    await an_email(merchant.id, customer_id=bob.id, status=EmailStatus.FAILED)
    page = await (await _list(client, merchant, f"?customerId={ada.id}&limit=2")).get_json()
    assert [e["id"] for e in page["emails"]] == [to_ada[2].id, to_ada[1].id]
    assert page["hasMore"] is True
    after = page["emails"][-1]["id"]
    page = await (
        await _list(client, merchant, f"?customerId={ada.id}&limit=2&startingAfter={after}")
    ).get_json()
    assert ([e["id"] for e in page["emails"]], page["hasMore"]) == ([to_ada[0].id], False)
    failed = await (await _list(client, merchant, "?status=failed")).get_json()
    assert [e["customerId"] for e in failed["emails"]] == [bob.id]
    empty = await (await _list(client, merchant, "?status=&customerId=&startingAfter=")).get_json()
    assert len(empty["emails"]) == 4


async def test_other_merchants_and_modes_see_nothing(client, make_merchant):
    owner = await make_merchant()
    ada = await make_customer(owner.id)
    theirs = await an_email(owner.id, customer_id=ada.id)
    for caller in (await make_merchant(), await in_test_mode(owner)):
        response = await client.get(f"/v1/emails/{theirs.id}", headers=caller.headers)
        made_up = await client.get("/v1/emails/email_" + "A" * 22, headers=caller.headers)
        assert (response.status_code, await response.get_json()) == (404, NOT_FOUND)
        assert (made_up.status_code, await made_up.get_json()) == (404, NOT_FOUND)
        listed = await (await _list(client, caller, f"?customerId={ada.id}")).get_json()
        assert listed == {"emails": [], "hasMore": False}
        assert (await (await _list(client, caller)).get_json())["emails"] == []
        cursor = await _list(client, caller, f"?startingAfter={theirs.id}")
        assert cursor.status_code == 400


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?limit=0", "limit must be between 1 and 100"),
        ("?limit=101", "limit must be between 1 and 100"),
        ("?limit=abc", "limit must be between 1 and 100"),
        ("?limit=", "limit must be between 1 and 100"),
        ("?status=delivered", "status must be one of: pending, sent, failed, skipped, not_sent"),
        (
            "?startingAfter=email_" + "B" * 22,
            "startingAfter must be the id of one of your emails",
        ),
    ],
)
async def test_bad_queries_are_400s(client, merchant, query, message):
    response = await _list(client, merchant, query)
    assert (response.status_code, await response.get_json()) == (400, {"error": message})


async def test_odd_customer_ids_find_nothing(client, merchant):
    await an_email(merchant.id)
    for odd in ("nope", "cust_%00", "x" * 500):
        response = await _list(client, merchant, f"?customerId={odd}")
        assert (response.status_code, await response.get_json()) == (
            200,
            {"emails": [], "hasMore": False},
        )
