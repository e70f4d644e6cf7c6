"""Settings → Customer e-mails through the in-process client: the form with its switches and
their "when" words, errors in place with nothing saved, a preview per e-mail in a sandboxed
frame (escaped, never trusted), "Send me a test" writing the row, and the page's policy
letting the previews' styles and logo in."""

import pytest

from billing.accounts.models import User
from billing.emails import kinds, settings
from billing.emails.models import Email, EmailStatus
from tests.support.pages.subscriptions import merchant_of
from tests.support.pages.webhooks import HTMX, post, text

PAGE = "/dashboard/settings/emails"


@pytest.fixture
async def signed_in(sign_up):
    """A merchant signed up through the page: (merchant id, owner's e-mail, CSRF token)."""
    email, token = await sign_up()
    return await merchant_of(email), email, token


def _form(token: str, **changes) -> dict:
    return {
        "csrf_token": token,
        "sender_name": "Acme Billing",
        "reply_to": "billing@acme.example",
        "brand_color": "#ff8800",
        "logo_url": "https://cdn.acme.example/logo.png",
        "enabled": [kind.template for kind in kinds.KINDS if kind.template != "trial_ending"],
        **changes,
    }


async def test_the_page_shows_each_email_its_switch_and_preview(client, signed_in):
    response = await client.get(PAGE)
    assert response.status_code == 200
    policy = response.headers["Content-Security-Policy"]
    assert "style-src 'self' 'unsafe-inline'" in policy and "img-src 'self' data: https:" in policy
    assert "script-src 'self';" in policy
    page = await text(response)
    for kind in kinds.KINDS:
        assert f'name="enabled" value="{kind.template}" checked' in page
        assert f"When {kind.when}" in page
        assert f'id="preview-{kind.template}"' in page
    assert page.count('<iframe class="email-frame" sandbox srcdoc="') == len(kinds.KINDS)
    assert 'type="color"' in page and 'value="#2563eb"' in page


async def test_saving_and_an_error_in_place(client, signed_in):
    merchant_id, _, token = signed_in
    bad = _form(token, reply_to="billing@acme.example\r\nBcc: x@example.com")
    response = await post(client, PAGE, bad)
    assert response.status_code == 422
    page = await text(response)
    assert 'id="reply_to-help">Enter one e-mail address, like billing@example.com' in page
    assert (await settings.get(merchant_id)).sender_name == ""  # nothing saved

    response = await post(client, PAGE, _form(token))
    assert response.status_code == 303
    chosen = await settings.get(merchant_id)
    assert (chosen.sender_name, chosen.reply_to, chosen.brand_color) == (
        "Acme Billing",
        "billing@acme.example",
        "#ff8800",
    )
    assert [t for t, on in chosen.enabled.items() if not on] == ["trial_ending"]
    page = await text(await client.get(PAGE))
    assert 'value="trial_ending">' in page and 'value="Acme Billing"' in page
    assert "Customer e-mail settings saved." in page

    await post(client, PAGE, {"csrf_token": token, "brand_color": "#2563eb"})
    assert not any((await settings.get(merchant_id)).enabled.values())  # all switched off


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"sender_name": "Acme\x07Billing"}, "sender_name", "Write the sender name on one line"),
        (
            {"logo_url": "http://acme.example/l.png"},
            "logo_url",
            "Enter an address that starts with https://",
        ),
        ({"brand_color": "orange"}, "brand_color", "Choose a colour, written like #2563eb"),
        ({"enabled": ["nope"]}, "enabled", "Tally has no e-mail named nope"),
    ],
)
async def test_each_rule_words_its_error_next_to_its_field(
    client, signed_in, changes, field, words
):
    merchant_id, _, token = signed_in
    response = await post(client, PAGE, _form(token, **changes))
    assert response.status_code == 422
    page = await text(response)
    assert f'id="{field}-help">{words}' in page
    assert (await settings.get(merchant_id)).sender_name == ""


async def test_a_merchant_name_in_a_preview_is_escaped(client, signed_in):
    merchant_id, _, _ = signed_in
    await settings.update(merchant_id, sender_name='"><script>alert(1)</script>')
    page = await text(await client.get(PAGE))
    assert "<script>alert(1)" not in page
    assert "&lt;script&gt;alert(1)" in page


async def test_send_me_a_test_queues_it_to_the_signed_in_user(client, signed_in):
    merchant_id, owner, token = signed_in
    path = f"{PAGE}/payment_failed/test"
    response = await post(client, path, {"csrf_token": token}, headers=HTMX)
    assert response.status_code == 202
    email = await Email.get(merchant_id=merchant_id)
    assert (email.template, email.recipient, email.status) == (
        "payment_failed",
        owner,
        EmailStatus.PENDING,
    )
    assert email.key == f"test:{email.id}" and email.event_id is None
    note = await text(response)
    assert f"Test e-mail queued to {owner}." in note
    assert f'href="/dashboard/emails/{email.id}"' in note

    response = await post(client, path, {"csrf_token": token})  # without HTMX: to the log
    assert response.status_code == 303
    assert response.headers["Location"].startswith("/dashboard/emails/email_")
    assert await Email.filter(merchant_id=merchant_id).count() == 2
    assert await User.filter(email=owner).exists()


async def test_an_unknown_email_or_a_missing_token_queues_nothing(client, signed_in):
    merchant_id, _, token = signed_in
    response = await post(client, f"{PAGE}/nope/test", {"csrf_token": token}, headers=HTMX)
    assert response.status_code == 422
    assert "Choose one of the e-mails listed here" in await text(response)
    response = await post(client, f"{PAGE}/payment_failed/test", {})
    assert response.status_code == 403
    response = await post(client, PAGE, {"sender_name": "Evil"})
    assert response.status_code == 403
    assert not await Email.filter(merchant_id=merchant_id).exists()
    assert (await settings.get(merchant_id)).sender_name == ""
