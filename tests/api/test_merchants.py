"""/v1/merchants: profile read and update, onboarding status, provider status, merchant data."""

import pytest

from billing.accounts.models import Merchant

NOT_FOUND = {"error": "Merchant not found or access denied"}


async def test_current_merchant(client, make_merchant):
    account = await make_merchant(name="Acme Software")
    response = await client.get("/v1/merchants/current", headers=account.headers)
    assert response.status_code == 200
    assert await response.get_json() == {
        "id": account.id,
        "legalName": "Acme Software",
        "displayName": "Acme Software",
        "defaultCurrency": "USD",
    }


async def test_read_own_merchant_by_id(client, merchant):
    response = await client.get(f"/v1/merchants/{merchant.id}", headers=merchant.headers)
    assert response.status_code == 200
    current = await client.get("/v1/merchants/current", headers=merchant.headers)
    assert await response.get_json() == await current.get_json()


@pytest.mark.parametrize("other", ["mer_doesnotexist", "mer_" + "z" * 3000, "%00", "ÿ🚀"])
async def test_missing_merchant_is_404(client, merchant, other):
    response = await client.get(f"/v1/merchants/{other}", headers=merchant.headers)
    assert response.status_code == 404
    assert await response.get_json() == NOT_FOUND


async def test_other_merchant_answers_exactly_like_missing(client, make_merchant):
    alice = await make_merchant()
    bob = await make_merchant()
    foreign = await client.get(f"/v1/merchants/{alice.id}", headers=bob.headers)
    missing = await client.get("/v1/merchants/mer_0000000000000000000000", headers=bob.headers)
    assert foreign.status_code == missing.status_code == 404
    assert await foreign.get_json() == await missing.get_json() == NOT_FOUND


async def test_update_changes_only_given_fields(client, make_merchant):
    account = await make_merchant(name="Before Ltd")
    response = await client.post(
        "/v1/merchants/current", json={"displayName": "  After  "}, headers=account.headers
    )
    assert response.status_code == 200
    assert await response.get_json() == {
        "id": account.id,
        "legalName": "Before Ltd",
        "displayName": "After",
        "defaultCurrency": "USD",
    }
    stored = await Merchant.get(id=account.id)
    assert (stored.legal_name, stored.display_name) == ("Before Ltd", "After")


async def test_update_all_fields_and_lower_case_currency(client, merchant):
    response = await client.post(
        "/v1/merchants/current",
        json={
            "legalName": "Société Générale Ünïcode 東京",
            "displayName": "SG",
            "defaultCurrency": "eur",
        },
        headers=merchant.headers,
    )
    assert response.status_code == 200
    body = await response.get_json()
    assert body["defaultCurrency"] == "EUR"
    assert body["legalName"] == "Société Générale Ünïcode 東京"
    assert (await Merchant.get(id=merchant.id)).default_currency == "EUR"


async def test_update_with_empty_body_or_nulls_changes_nothing(client, merchant):
    before = await (await client.get("/v1/merchants/current", headers=merchant.headers)).get_json()
    for body in ({}, {"legalName": None, "displayName": None, "defaultCurrency": None}):
        response = await client.post("/v1/merchants/current", json=body, headers=merchant.headers)
        assert response.status_code == 200
        assert await response.get_json() == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"defaultCurrency": "XYZ"}, "defaultCurrency"),
        ({"defaultCurrency": "US"}, "defaultCurrency"),
        ({"defaultCurrency": "dollars"}, "defaultCurrency"),
        ({"defaultCurrency": ""}, "defaultCurrency"),
        ({"defaultCurrency": 840}, "defaultCurrency"),
        ({"legalName": ""}, "legalName"),
        ({"legalName": "   "}, "legalName"),
        ({"displayName": "\t\n"}, "displayName"),
        ({"legalName": "x" * 201}, "legalName"),
        ({"legalName": "x" * 200_000}, "legalName"),
        ({"legalName": "a\u0000b"}, "legalName"),
        ({"legalName": "lone \ud800 surrogate"}, "legalName"),
        ({"displayName": "two\nlines"}, "displayName"),
        ({"displayName": ["a"]}, "displayName"),
        ({"displayName": {"a": 1}}, "displayName"),
        ({"legalName": True}, "legalName"),
    ],
)
async def test_update_rejects_bad_fields_and_stores_nothing(client, merchant, body, field):
    response = await client.post(
        "/v1/merchants/current", json={"displayName": "Changed", **body}, headers=merchant.headers
    )
    assert response.status_code == 400
    error = (await response.get_json())["error"]
    assert isinstance(error, str) and field in error
    stored = await Merchant.get(id=merchant.id)
    assert stored.display_name == "Acme Software" and stored.default_currency == "USD"


async def test_update_is_tenant_scoped(client, make_merchant):
    alice = await make_merchant(name="Alice")
    bob = await make_merchant(name="Bob")
    await client.post("/v1/merchants/current", json={"legalName": "Bob 2"}, headers=bob.headers)
    assert (await Merchant.get(id=alice.id)).legal_name == "Alice"


async def test_check_onboarding(client, merchant):
    response = await client.get("/v1/merchants/checkonboarding", headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == {
        "hasPlans": False,
        "hasPaymentProvider": False,
        "hasTax": False,
    }


async def test_payment_provider_reports_none_configured(client, merchant):
    response = await client.get("/v1/merchants/payment-provider", headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == {
        "provider": None,
        "isConfigured": False,
        "availableProviders": ["provider_a", "provider_b"],
    }


async def test_merchant_data_needs_provider_a(client, merchant):
    for kwargs in ({}, {"json": {}}):
        response = await client.post(
            "/v1/merchants/merchant-data", headers=merchant.headers, **kwargs
        )
        assert response.status_code == 400
        assert "Provider A is not configured" in (await response.get_json())["error"]
