"""No input crashes into a 500: odd values in every field of every /v1 route.

Each probe must answer below 500, and every error must be ``{"error": <string>}``.
"""

import pytest

from tests.support.api.onboarding import CSRF
from tests.support.api.robustness import ODD_VALUES, assert_clean

FIELDS = (
    "name",
    "keyType",
    "environment",
    "legalName",
    "displayName",
    "defaultCurrency",
    "retryScheduleDays",
    "gracePeriodDays",
    "endAction",
)
BODIES = [None, {}, [], "text", 0, *({field: value for field in FIELDS} for value in ODD_VALUES)]
ROUTES = [
    ("POST", "/v1/api-keys"),
    ("POST", "/v1/merchants/current"),
    ("POST", "/v1/merchants/dunning-config"),
    ("POST", "/v1/merchants/merchant-data"),
    ("POST", "/v1/merchants/onboarding-create-merchant"),
]
QUERIES = ["environment=%00", "environment=" + "a" * 10_000, "environment=test&environment=x"]


@pytest.mark.parametrize(("method", "path"), ROUTES)
async def test_odd_bodies_never_fail(client, merchant, method, path):
    for body in BODIES:
        response = await client.open(path, method=method, json=body, headers=merchant.headers)
        await assert_clean(response)


async def test_odd_bodies_on_the_session_route(client, merchant, app):
    from billing.accounts.accounts import sign_up
    from tests.conftest import PASSWORD, unique_email

    user, _ = await sign_up(email=unique_email(), password=PASSWORD, legal_name="Fuzz")
    async with client.session_transaction() as session:
        session.update(user_id=user.id, csrf_token=CSRF)
    for body in BODIES:
        response = await client.post(
            "/v1/merchants/onboarding-create-merchant", json=body, headers={"X-CSRF-Token": CSRF}
        )
        await assert_clean(response)


@pytest.mark.parametrize("query", QUERIES)
async def test_odd_query_strings_never_fail(client, merchant, query):
    response = await client.get(f"/v1/api-keys/publishable?{query}", headers=merchant.headers)
    await assert_clean(response)
    assert response.status_code == 400


@pytest.mark.parametrize(
    "segment", ["%00", "%ff%fe", "a" * 10_000, "..%2F..%2Fetc", "%F0%9F%9A%80", "key_%u0000"]
)
async def test_odd_path_segments_never_fail(client, merchant, segment):
    for method, path in (("DELETE", "/v1/api-keys/"), ("GET", "/v1/merchants/")):
        response = await client.open(path + segment, method=method, headers=merchant.headers)
        await assert_clean(response)
        assert response.status_code == 404


@pytest.mark.parametrize(
    "headers",
    [
        {"Authorization": "Bearer \u00ff\u00fe"},
        {"Authorization": "Bearer " + "sk_live_" + "\u00e9" * 5000},
        {"X-Service-Key": "pk_live_\u00e9"},
        {"Authorization": "Bearer sk_live_a, Bearer sk_live_b"},
    ],
)
async def test_odd_credentials_never_fail(client, headers):
    response = await client.get("/v1/merchants/current", headers=headers)
    await assert_clean(response)
    assert response.status_code == 401
