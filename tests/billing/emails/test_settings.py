"""The e-mail settings service: defaults without a row, partial updates, and every value that
could reach a header or a mail client checked, CR and LF above all; a refused update changes
nothing."""

import asyncio

import pytest

from billing.core.errors import Invalid
from billing.emails import kinds, settings
from billing.emails.models import EmailSettings
from tests.conftest import in_test_mode

EVERY_ON = {kind.template: True for kind in kinds.KINDS}


async def test_without_a_row_the_defaults(merchant):
    chosen = await settings.get(merchant.id)
    assert (chosen.sender_name, chosen.reply_to, chosen.logo_url) == ("", "", "")
    assert chosen.brand_color == "#2563eb"
    assert chosen.enabled == EVERY_ON
    assert list(chosen.enabled) == [kind.template for kind in kinds.KINDS]
    assert not await EmailSettings.filter(merchant_id=merchant.id).exists()


async def test_update_changes_only_what_is_named(merchant):
    await settings.update(
        merchant.id,
        sender_name="  Acme Billing ",
        reply_to="billing+help@acme.example",
        brand_color="#AA00FF",
        logo_url="https://cdn.acme.example/logo.png?v=2",
    )
    chosen = await settings.update(merchant.id, enabled={"trial_ending": False})
    assert chosen.sender_name == "Acme Billing"
    assert chosen.reply_to == "billing+help@acme.example"
    assert chosen.brand_color == "#aa00ff"
    assert chosen.logo_url == "https://cdn.acme.example/logo.png?v=2"
    assert chosen.enabled == {**EVERY_ON, "trial_ending": False}
    assert chosen == await settings.get(merchant.id)
    row = await EmailSettings.get(merchant_id=merchant.id)
    assert row.disabled == ["trial_ending"]

    cleared = await settings.update(merchant.id, reply_to="", logo_url="", sender_name="")
    assert (cleared.reply_to, cleared.logo_url, cleared.sender_name) == ("", "", "")
    assert cleared.brand_color == "#aa00ff"


async def test_a_map_turns_named_emails_a_list_says_which_are_on(merchant):
    chosen = await settings.update(
        merchant.id, enabled={"payment_receipt": False, "refund_issued": False}
    )
    chosen = await settings.update(merchant.id, enabled={"payment_receipt": True})
    assert [t for t, on in chosen.enabled.items() if not on] == ["refund_issued"]
    chosen = await settings.update(merchant.id, enabled=["payment_failed", "invoice_issued"])
    assert [t for t, on in chosen.enabled.items() if on] == ["invoice_issued", "payment_failed"]
    chosen = await settings.update(merchant.id, enabled=[])
    assert not any(chosen.enabled.values())


async def test_the_modes_have_settings_of_their_own(make_merchant):
    live = await make_merchant()
    test = await in_test_mode(live)
    await settings.update(test.id, sender_name="Acme (test)")
    assert (await settings.get(live.id)).sender_name == ""
    assert (await settings.get(test.id)).sender_name == "Acme (test)"


REFUSED = [
    ("sender_name", "Acme\r\nBcc: victim@example.com", "email_sender_name_control"),
    ("sender_name", "Acme\nBilling", "email_sender_name_control"),
    ("sender_name", "Acme\rBilling", "email_sender_name_control"),
    ("sender_name", "Acme\u2028Billing", "email_sender_name_control"),
    ("sender_name", "Acme\x00", "email_sender_name_control"),
    ("sender_name", "Acme\x85", "email_sender_name_control"),
    ("sender_name", "Acme\ud800", "email_sender_name_control"),
    ("sender_name", "x" * 201, "email_sender_name_invalid"),
    ("sender_name", None, "email_sender_name_invalid"),
    ("sender_name", 5, "email_sender_name_invalid"),
    ("reply_to", "billing@acme.example\r\nBcc: victim@example.com", "email_reply_to_invalid"),
    ("reply_to", "billing@acme.example\n", "email_reply_to_invalid"),
    ("reply_to", "\rbilling@acme.example", "email_reply_to_invalid"),
    ("reply_to", "a@acme.example, b@acme.example", "email_reply_to_invalid"),
    ("reply_to", "Acme <billing@acme.example>", "email_reply_to_invalid"),
    ("reply_to", "billing@localhost", "email_reply_to_invalid"),
    ("reply_to", "billing", "email_reply_to_invalid"),
    ("reply_to", " billing@acme.example", "email_reply_to_invalid"),
    ("reply_to", "b" * 310 + "@acme.example", "email_reply_to_invalid"),
    ("reply_to", None, "email_reply_to_invalid"),
    ("brand_color", "blue", "email_brand_color_invalid"),
    ("brand_color", "#12345", "email_brand_color_invalid"),
    ("brand_color", "#1234567", "email_brand_color_invalid"),
    ("brand_color", "#12345g", "email_brand_color_invalid"),
    ("brand_color", "#123456\n", "email_brand_color_invalid"),
    ("brand_color", "", "email_brand_color_invalid"),
    ("logo_url", "http://acme.example/logo.png", "email_logo_url_invalid"),
    ("logo_url", "javascript:alert(1)", "email_logo_url_invalid"),
    ("logo_url", "https://", "email_logo_url_invalid"),
    ("logo_url", "https://acme.example/a b.png", "email_logo_url_invalid"),
    ("logo_url", "https://acme.example/logo.png\r\n", "email_logo_url_invalid"),
    ("logo_url", "https://acme.example/" + "x" * 1990, "email_logo_url_invalid"),
    ("enabled", {"no_such_email": True}, "email_templates_unknown"),
    ("enabled", ["payment_failed", "nope"], "email_templates_unknown"),
    ("enabled", {"payment_failed": "yes"}, "email_templates_invalid"),
    ("enabled", [5], "email_templates_invalid"),
    ("enabled", "payment_failed", "email_templates_invalid"),
    ("enabled", None, "email_templates_invalid"),
]
FIELDS = {
    "sender_name": "senderName",
    "reply_to": "replyTo",
    "brand_color": "brandColor",
    "logo_url": "logoUrl",
    "enabled": "emails",
}


@pytest.mark.parametrize(("name", "value", "code"), REFUSED)
async def test_bad_values_are_refused_and_change_nothing(merchant, name, value, code):
    before = await settings.update(merchant.id, sender_name="Acme", brand_color="#123456")
    with pytest.raises(Invalid) as refused:
        # A good value beside the bad one is not written either.
        good = {"logo_url": "https://acme.example/l.png"} if name != "logo_url" else {}
        await settings.update(merchant.id, **good, **{name: value})
    assert (refused.value.code, refused.value.field) == (code, FIELDS[name])
    assert await settings.get(merchant.id) == before


async def test_unknown_names_are_named_in_the_error(merchant):
    with pytest.raises(Invalid) as refused:
        await settings.update(merchant.id, enabled={"nope": True, "payment_failed": False})
    assert refused.value.message == "Unknown e-mails: nope"
    assert refused.value.params == {"names": ["nope"]}


async def test_longest_values_are_kept(merchant):
    longest = "https://acme.example/" + "x" * 1979
    chosen = await settings.update(merchant.id, sender_name="N" * 200, logo_url=longest)
    assert (len(chosen.sender_name), chosen.logo_url) == (200, longest)


async def test_two_first_saves_at_once_make_one_row(merchant):
    await asyncio.gather(
        settings.update(merchant.id, sender_name="First"),
        settings.update(merchant.id, enabled={"payment_receipt": False}),
    )
    assert await EmailSettings.filter(merchant_id=merchant.id).count() == 1
    chosen = await settings.get(merchant.id)
    assert (chosen.sender_name, chosen.enabled["payment_receipt"]) == ("First", False)
