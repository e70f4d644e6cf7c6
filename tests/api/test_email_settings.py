"""/v1/email-settings: the defaults, a partial update answered in the same shape, each mode's
own settings, and bad input (CR/LF in the fields that reach headers above all) a 400 that
changes nothing."""

import pytest

from billing.emails import kinds
from tests.conftest import in_test_mode

EVERY_ON = {kind.template: True for kind in kinds.KINDS}
DEFAULTS = {
    "senderName": "",
    "replyTo": "",
    "brandColor": "#2563eb",
    "logoUrl": "",
    "emails": EVERY_ON,
}


async def _get(client, account) -> dict:
    response = await client.get("/v1/email-settings", headers=account.headers)
    assert response.status_code == 200
    return await response.get_json()


async def _post(client, account, body):
    return await client.post("/v1/email-settings", json=body, headers=account.headers)


async def test_defaults_then_a_partial_update(client, merchant):
    assert await _get(client, merchant) == {"emailSettings": DEFAULTS}
    response = await _post(
        client,
        merchant,
        {"senderName": "Acme Billing", "brandColor": "#FF8800", "emails": {"trial_ending": False}},
    )
    assert response.status_code == 200
    expected = {
        **DEFAULTS,
        "senderName": "Acme Billing",
        "brandColor": "#ff8800",
        "emails": {**EVERY_ON, "trial_ending": False},
    }
    assert await response.get_json() == {"emailSettings": expected}
    response = await _post(client, merchant, {"replyTo": "help@acme.example"})
    expected["replyTo"] = "help@acme.example"
    assert await response.get_json() == {"emailSettings": expected}
    assert await _get(client, merchant) == {"emailSettings": expected}


async def test_each_mode_and_merchant_has_its_own(client, make_merchant):
    live, other = await make_merchant(), await make_merchant()
    test = await in_test_mode(live)
    await _post(client, test, {"senderName": "Acme test", "emails": {"payment_receipt": False}})
    assert await _get(client, live) == {"emailSettings": DEFAULTS}
    assert await _get(client, other) == {"emailSettings": DEFAULTS}
    assert (await _get(client, test))["emailSettings"]["senderName"] == "Acme test"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            {"senderName": "Acme\r\nBcc: victim@example.com"},
            "senderName must not contain control characters or line breaks",
        ),
        (
            {"replyTo": "help@acme.example\r\nBcc: victim@example.com"},
            "replyTo must be one e-mail address, like billing@example.com, or empty",
        ),
        (
            {"replyTo": "a@acme.example,b@acme.example"},
            "replyTo must be one e-mail address, like billing@example.com, or empty",
        ),
        ({"senderName": "x" * 201}, "senderName must be text of at most 200 characters"),
        ({"senderName": None}, "senderName must be text of at most 200 characters"),
        ({"brandColor": "red"}, "brandColor must be a colour written #rrggbb, like #2563eb"),
        (
            {"logoUrl": "http://acme.example/logo.png"},
            "logoUrl must be an https:// address of at most 2000 characters, or empty",
        ),
        ({"emails": {"nope": True}}, "Unknown e-mails: nope"),
        (
            {"emails": {"trial_ending": "no"}},
            "Invalid value for field 'emails.trial_ending': Input should be a valid boolean",
        ),
        (
            {"emails": ["trial_ending"]},
            "Invalid value for field 'emails': Input should be a valid dictionary",
        ),
        ({"senderName": 5}, "Invalid value for field 'senderName': Input should be a valid string"),
    ],
)
async def test_bad_input_is_a_400_that_changes_nothing(client, merchant, body, message):
    response = await _post(client, merchant, {"logoUrl": "https://acme.example/l.png", **body})
    assert response.status_code == 400
    assert await response.get_json() == {"error": message}
    assert await _get(client, merchant) == {"emailSettings": DEFAULTS}


async def test_a_body_is_json(client, merchant):
    response = await client.post(
        "/v1/email-settings", data="senderName=x", headers=merchant.headers
    )
    assert response.status_code == 400
    assert "error" in await response.get_json()


async def test_a_secret_key_is_needed(client, merchant):
    assert (await client.get("/v1/email-settings")).status_code == 401
    response = await client.get("/v1/email-settings", headers=merchant.public_headers)
    assert response.status_code in (401, 403)
