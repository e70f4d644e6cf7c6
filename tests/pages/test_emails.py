"""The e-mail log through the in-process client: status words and badges, the filter and the
cursor, a message's page with its HTML in a sandboxed frame (escaped) and its text, a
customer's "E-mails" section and bounce warning, and another merchant's e-mails answering as
made-up ones."""

from datetime import timedelta

import pytest

from billing.core.models import utcnow
from billing.customers.models import Customer
from billing.emails.models import EmailStatus
from tests.support.factories.emails import an_email
from tests.support.factories.subscriptions import make_customer
from tests.support.pages.subscriptions import merchant_of
from tests.support.pages.webhooks import HTMX, text

WORDS = [
    (EmailStatus.SENT, 1, "Sent", "badge-success"),
    (EmailStatus.PENDING, 0, "Queued", "badge-muted"),
    (EmailStatus.PENDING, 2, "Retrying", "badge-warning"),
    (EmailStatus.FAILED, 3, "Failed", "badge-danger"),
    (EmailStatus.SKIPPED, 0, "Skipped: the address cannot receive mail", "badge-warning"),
    (EmailStatus.NOT_SENT, 1, "Not sent: no SMTP server configured", "badge-muted"),
]


@pytest.fixture
async def signed_in(sign_up):
    email, _ = await sign_up()
    return await merchant_of(email)


async def test_the_log_says_each_status_in_words(client, signed_in):
    for status, attempts, words, _ in WORDS:
        skipped = status == EmailStatus.SKIPPED  # its words are the row's own reason
        why = {"smtp_response": words.lower()} if skipped else {}
        await an_email(signed_in, status=status, attempts=attempts, **why)
    await an_email(
        signed_in,
        status=EmailStatus.SKIPPED,
        attempts=0,
        smtp_response="not sent: this e-mail is switched off in Settings",
    )
    response = await client.get("/dashboard/emails")
    assert response.status_code == 200
    page = await text(response)
    for _, _, words, badge in WORDS:
        assert f'<span class="badge email-status {badge}">{words}</span>' in page
    # a skipped message says why, in the sending step's words
    switched_off = "Not sent: this e-mail is switched off in Settings"
    assert f'<span class="badge email-status badge-warning">{switched_off}</span>' in page
    assert "Payment failed" in page and "250 2.0.0 Ok: queued" in page

    failed = await text(await client.get("/dashboard/emails?status=failed", headers=HTMX))
    assert failed.count("email-status badge-danger") == 1 and "Queued" not in failed


async def test_pages_by_cursor_and_filters_by_customer(client, signed_in):
    ada = await make_customer(signed_in, name="Ada")
    start = utcnow() - timedelta(hours=2)
    made = [
        await an_email(
            signed_in, customer_id=ada.id, subject=f"Note {i}", at=start + timedelta(minutes=i)
        )
        for i in range(27)
    ]
    await an_email(signed_in, subject="To someone else")
    first = await text(await client.get(f"/dashboard/emails?customer={ada.id}"))
    assert "Note 26" in first and "Note 2<" in first and "Note 1<" not in first
    assert "To someone else" not in first and "E-mails to Ada</h2>" in first
    assert f"after={made[2].id}" in first
    path = f"/dashboard/emails?customer={ada.id}&after={made[2].id}"
    second = await text(await client.get(path))
    assert "Note 1<" in second and "Note 0<" in second and "Note 2<" not in second
    bad = await text(await client.get("/dashboard/emails?after=email_" + "Z" * 22))
    assert "that page link is not valid" in bad


async def test_a_message_page_shows_it_as_sent(client, signed_in):
    email = await an_email(
        signed_in,
        subject="Your receipt",
        html='<p style="color:red">Paid</p><script>alert(1)</script>',
        text="Paid, thank you.",
        status=EmailStatus.NOT_SENT,
        smtp_response="not sent: no SMTP server configured",
    )
    response = await client.get(f"/dashboard/emails/{email.id}")
    assert response.status_code == 200
    assert "style-src 'self' 'unsafe-inline'" in response.headers["Content-Security-Policy"]
    page = await text(response)
    assert "<script>alert(1)" not in page
    assert 'sandbox srcdoc="&lt;p style=&#34;color:red&#34;&gt;Paid&lt;/p&gt;' in page
    assert "Paid, thank you." in page and "Not sent: no SMTP server configured" in page


async def test_another_merchants_email_is_missing(client, signed_in, make_merchant):
    other = await make_merchant()
    theirs = await an_email(other.id, subject="Their secret")
    for path in (f"/dashboard/emails/{theirs.id}", "/dashboard/emails/email_" + "A" * 22):
        response = await client.get(path)
        assert response.status_code == 404
        assert "Their secret" not in await text(response)
    assert "Their secret" not in await text(await client.get("/dashboard/emails"))


async def test_the_customer_page_lists_their_emails_and_a_bounce(client, signed_in):
    ada = await make_customer(signed_in, name="Ada")
    await an_email(signed_in, customer_id=ada.id, subject="Your invoice")
    page = await text(await client.get(f"/dashboard/customers/{ada.id}"))
    assert 'id="customer-emails"' in page and "Your invoice" in page
    assert "bounced" not in page
    await Customer.filter(id=ada.id).update(
        email_undeliverable="550 5.1.1 <ada@example.com>: user unknown",
        email_undeliverable_at=utcnow(),
    )
    page = await text(await client.get(f"/dashboard/customers/{ada.id}"))
    assert (
        "E-mails to this address bounced: 550 5.1.1 &lt;ada@example.com&gt;: user unknown" in page
    )
