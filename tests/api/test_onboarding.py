"""POST /v1/merchants/onboarding-create-merchant: dashboard sessions only, never API keys."""

import pytest

from billing.accounts import accounts
from billing.accounts.models import Membership, Merchant
from tests.conftest import PASSWORD, unique_email
from tests.support.api.onboarding import CSRF

PATH = "/v1/merchants/onboarding-create-merchant"


@pytest.fixture
async def session_user(app):
    """A signed-up user; returns a function that logs a test client in as them."""
    user, merchant = await accounts.sign_up(
        email=unique_email(), password=PASSWORD, legal_name="First Co"
    )

    async def log_in(client, *, with_merchant: bool = True):
        async with client.session_transaction() as session:
            session["user_id"] = user.id
            if with_merchant:
                session["merchant_id"] = merchant.id
            session["csrf_token"] = CSRF

    log_in.user = user
    log_in.merchant = merchant
    return log_in


async def test_session_creates_merchant_owned_by_user(client, session_user):
    await session_user(client)
    response = await client.post(
        PATH,
        json={"legalName": "Second Co GmbH", "displayName": "Second", "defaultCurrency": "eur"},
        headers={"X-CSRF-Token": CSRF},
    )
    assert response.status_code == 201
    body = await response.get_json()
    assert body == {
        "id": body["id"],
        "legalName": "Second Co GmbH",
        "displayName": "Second",
        "defaultCurrency": "EUR",
    }
    assert body["id"].startswith("mer_")
    membership = await Membership.get(merchant_id=body["id"])
    assert (membership.user_id, membership.role) == (session_user.user.id, "owner")
    async with client.session_transaction() as session:
        assert session["merchant_id"] == body["id"]  # the dashboard switches to the new merchant


async def test_display_name_and_currency_default(client, session_user):
    await session_user(client, with_merchant=False)
    response = await client.post(
        PATH, json={"legalName": "Only Legal"}, headers={"X-CSRF-Token": CSRF}
    )
    assert response.status_code == 201
    body = await response.get_json()
    assert (body["displayName"], body["defaultCurrency"]) == ("Only Legal", "USD")


async def test_api_key_is_refused_with_403(client, merchant):
    before = await Merchant.all().count()
    response = await client.post(PATH, json={"legalName": "Via Key"}, headers=merchant.headers)
    assert response.status_code == 403
    assert await response.get_json() == {
        "error": "This endpoint is not available with API keys; use a logged-in dashboard session"
    }
    publishable = await client.post(PATH, json={"legalName": "x"}, headers=merchant.public_headers)
    assert publishable.status_code == 403
    assert await Merchant.all().count() == before


async def test_api_key_is_refused_even_with_a_session(client, session_user, merchant):
    await session_user(client)
    response = await client.post(
        PATH, json={"legalName": "x"}, headers={"X-CSRF-Token": CSRF, **merchant.headers}
    )
    assert response.status_code == 403


async def test_without_session_is_401(client):
    response = await client.post(PATH, json={"legalName": "x"})
    assert response.status_code == 401
    assert await response.get_json() == {"error": "Log in to the dashboard first"}


@pytest.mark.parametrize("token", [None, "", "wrong-token"])
async def test_missing_or_wrong_csrf_is_403(client, session_user, token):
    await session_user(client)
    before = await Membership.filter(user_id=session_user.user.id).count()
    headers = {} if token is None else {"X-CSRF-Token": token}
    response = await client.post(PATH, json={"legalName": "Forged"}, headers=headers)
    assert response.status_code == 403
    assert await response.get_json() == {"error": "Missing or invalid CSRF token"}
    assert await Membership.filter(user_id=session_user.user.id).count() == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "legalName"),
        ({"legalName": ""}, "legalName"),
        ({"legalName": "x", "defaultCurrency": "ABC"}, "defaultCurrency"),
        ({"legalName": 1}, "legalName"),
        ({"legalName": "x", "displayName": "y" * 300}, "displayName"),
    ],
)
async def test_invalid_body_is_400(client, session_user, body, field):
    await session_user(client)
    response = await client.post(PATH, json=body, headers={"X-CSRF-Token": CSRF})
    assert response.status_code == 400
    assert field in (await response.get_json())["error"]
    assert await Membership.filter(user_id=session_user.user.id).count() == 1


async def test_session_does_not_open_secret_key_routes(client, session_user):
    """The session only reaches the onboarding route; the rest of /v1 needs a secret key."""
    await session_user(client)
    response = await client.get("/v1/merchants/current")
    assert response.status_code == 401
