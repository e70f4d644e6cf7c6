"""/v1/tax: configuration, nexus, rate definitions and registrations; the array-form
validation errors, the state-code and not-found rows, tenant isolation, and hasTax."""

import asyncio

import pytest

from billing.tax.models import TaxConfig, TaxNexus, TaxRateDefinition, TaxRegistration

RATE_ERROR = (
    "defaultTaxRate must be a decimal between 0 and 1 with at most 4 decimal places or null"
)
BAD_STATE = {"error": "Invalid US state or territory code"}
NOT_FOUND = {"error": "Tax rate definition not found"}


async def call(client, merchant, path: str, body=None):
    if body is None:
        response = await client.get(f"/v1/tax/{path}", headers=merchant.headers)
    else:
        response = await client.post(f"/v1/tax/{path}", json=body, headers=merchant.headers)
    return response.status_code, await response.get_json()


async def test_config_defaults_then_created_on_first_update(client, merchant):
    assert await call(client, merchant, "config") == (
        200,
        {"autoTaxCalculation": False, "defaultTaxRate": None},
    )
    assert not await TaxConfig.filter(merchant_id=merchant.id).exists()
    status, body = await call(
        client, merchant, "config/update", {"autoTaxCalculation": True, "defaultTaxRate": "0.0875"}
    )
    assert status == 200
    assert body["autoTaxCalculation"] is True and body["defaultTaxRate"] == "0.0875"
    assert body["merchantId"] == merchant.id and body["id"].startswith("taxcfg_")
    assert body["createdAt"].endswith("Z") and body["updatedAt"].endswith("Z")
    status, body = await call(client, merchant, "config/update", {"defaultTaxRate": None})
    assert body["autoTaxCalculation"] is True and body["defaultTaxRate"] is None
    assert await TaxConfig.filter(merchant_id=merchant.id).count() == 1
    assert await call(client, merchant, "config") == (
        200,
        {"autoTaxCalculation": True, "defaultTaxRate": None},
    )


@pytest.mark.parametrize("rate", ["1.0001", "-0.1", "0.00001", "abc", "", True, [], "1e-2"])
async def test_bad_default_rate_is_the_array_form_and_changes_nothing(client, merchant, rate):
    status, body = await call(client, merchant, "config/update", {"defaultTaxRate": rate})
    assert status == 400
    assert body == {
        "error": [{"code": "invalid_rate", "message": RATE_ERROR, "path": ["defaultTaxRate"]}]
    }
    assert not await TaxConfig.filter(merchant_id=merchant.id).exists()


@pytest.mark.parametrize(
    ("rate", "stored"),
    [("0", "0.0000"), ("1", "1.0000"), ("1.0", "1.0000"), (0.2, "0.2000"), ("0.0001", "0.0001")],
)
async def test_rate_edges_are_accepted(client, merchant, rate, stored):
    status, body = await call(client, merchant, "config/update", {"defaultTaxRate": rate})
    assert (status, body["defaultTaxRate"]) == (200, stored)


async def test_config_lists_every_problem_and_refuses_non_objects(client, merchant):
    status, body = await call(
        client, merchant, "config/update", {"autoTaxCalculation": "yes", "defaultTaxRate": "2"}
    )
    assert status == 400
    assert [issue["path"] for issue in body["error"]] == [
        ["autoTaxCalculation"],
        ["defaultTaxRate"],
    ]
    status, body = await call(client, merchant, "config/update", [1])
    assert status == 400 and body["error"][0]["message"] == "Request body must be a JSON object"


async def test_nexus_upserts_per_state_uppercased(client, merchant):
    assert await call(client, merchant, "nexus") == (200, [])
    status, body = await call(
        client,
        merchant,
        "nexus/ca/update",
        {"isActive": True, "effectiveDate": "2026-01-01", "registrationNumber": "CA-123"},
    )
    assert status == 200
    assert {k: body[k] for k in ("state", "isActive", "effectiveDate", "registrationNumber")} == {
        "state": "CA",
        "isActive": True,
        "effectiveDate": "2026-01-01",
        "registrationNumber": "CA-123",
    }
    status, again = await call(client, merchant, "nexus/CA/update", {"isActive": False})
    assert again["id"] == body["id"] and again["isActive"] is False
    assert again["registrationNumber"] == "CA-123"
    await call(client, merchant, "nexus/PR/update", {})
    status, listed = await call(client, merchant, "nexus")
    assert [row["state"] for row in listed] == ["CA", "PR"]
    assert listed[1]["isActive"] is True and listed[1]["effectiveDate"] is None


async def test_simultaneous_first_updates_make_one_nexus(client, merchant):
    results = await asyncio.gather(
        *(call(client, merchant, "nexus/NY/update", {"isActive": True}) for _ in range(5)),
        return_exceptions=True,
    )
    assert all(not isinstance(r, Exception) and r[0] == 200 for r in results), results
    assert await TaxNexus.filter(merchant_id=merchant.id, state="NY").count() == 1


@pytest.mark.parametrize("state", ["XX", "C", "CAL", "AA", "12", "C%20A"])
async def test_bad_state_codes(client, merchant, state):
    assert await call(client, merchant, f"nexus/{state}/update", {"isActive": True}) == (
        400,
        BAD_STATE,
    )
    assert not await TaxNexus.filter(merchant_id=merchant.id).exists()


async def test_nexus_field_errors(client, merchant):
    status, body = await call(
        client, merchant, "nexus/TX/update", {"isActive": 1, "effectiveDate": "soon"}
    )
    assert status == 400
    assert [(i["code"], i["path"]) for i in body["error"]] == [
        ("invalid_type", ["isActive"]),
        ("invalid_date", ["effectiveDate"]),
    ]


async def test_rate_definitions_create_update_deactivate(client, merchant):
    status, made = await call(
        client,
        merchant,
        "rate-definitions/create",
        {
            "name": "California state",
            "taxRate": "0.0725",
            "jurisdiction": "US-CA",
            "category": "state",
        },
    )
    assert status == 201
    assert made["taxRate"] == "0.0725" and made["isActive"] is True
    assert made["description"] is None and made["id"].startswith("taxrate_")
    status, changed = await call(
        client, merchant, f"rate-definitions/{made['id']}/update", {"taxRate": "0.075"}
    )
    assert (status, changed["taxRate"], changed["name"]) == (200, "0.0750", "California state")
    assert (await call(client, merchant, "rate-definitions"))[1] == [changed]
    await call(client, merchant, f"rate-definitions/{made['id']}/update", {"isActive": False})
    assert await call(client, merchant, "rate-definitions") == (200, [])
    assert await TaxRateDefinition.filter(merchant_id=merchant.id).count() == 1


@pytest.mark.parametrize(
    ("body", "paths"),
    [
        ({}, [["name"], ["taxRate"]]),
        ({"name": " ", "taxRate": "0.1"}, [["name"]]),
        ({"name": "x", "taxRate": "1.5"}, [["taxRate"]]),
        ({"name": "x" * 201, "taxRate": "0.1", "isActive": "no"}, [["name"], ["isActive"]]),
    ],
)
async def test_rate_definition_validation(client, merchant, body, paths):
    status, answer = await call(client, merchant, "rate-definitions/create", body)
    assert status == 400
    assert [issue["path"] for issue in answer["error"]] == paths
    assert not await TaxRateDefinition.filter(merchant_id=merchant.id).exists()


async def test_rate_definition_update_errors_and_isolation(client, merchant, make_merchant):
    other = await make_merchant("Other Co")
    _, theirs = await call(
        client, other, "rate-definitions/create", {"name": "T", "taxRate": "0.1"}
    )
    for definition_id in (theirs["id"], "taxrate_missing", "x" * 300):
        path = f"rate-definitions/{definition_id}/update"
        assert await call(client, merchant, path, {"taxRate": "0.2"}) == (404, NOT_FOUND)
    _, mine = await call(
        client, merchant, "rate-definitions/create", {"name": "M", "taxRate": "0.1"}
    )
    path = f"rate-definitions/{mine['id']}/update"
    status, body = await call(client, merchant, path, {"name": None, "taxRate": None})
    assert status == 400 and [i["path"] for i in body["error"]] == [["name"], ["taxRate"]]
    assert (await call(client, other, "rate-definitions"))[1] == [theirs]


async def test_registrations(client, merchant):
    body = {
        "jurisdiction": "de",
        "registrationNumber": "DE123456789",
        "registrationType": "vat",
        "effectiveDate": "2026-01-01",
    }
    status, made = await call(client, merchant, "registrations/create", body)
    assert status == 201
    assert made["jurisdiction"] == "DE" and made["expirationDate"] is None
    assert made["effectiveDate"] == "2026-01-01" and made["isActive"] is True
    inactive = {**body, "registrationNumber": "OLD", "isActive": False}
    assert (await call(client, merchant, "registrations/create", inactive))[0] == 201
    assert await call(client, merchant, "registrations") == (200, [made])


@pytest.mark.parametrize(
    ("changes", "paths"),
    [
        ({"jurisdiction": None}, [["jurisdiction"]]),
        ({"registrationNumber": ""}, [["registrationNumber"]]),
        ({"registrationType": "other"}, [["registrationType"]]),
        ({"effectiveDate": None}, [["effectiveDate"]]),
        ({"expirationDate": "2025-12-31"}, [["expirationDate"]]),
    ],
)
async def test_registration_validation(client, merchant, changes, paths):
    body = {
        "jurisdiction": "DE",
        "registrationNumber": "DE1",
        "registrationType": "sales_tax",
        "effectiveDate": "2026-01-01",
        **changes,
    }
    status, answer = await call(client, merchant, "registrations/create", body)
    assert status == 400 and [issue["path"] for issue in answer["error"]] == paths
    assert not await TaxRegistration.filter(merchant_id=merchant.id).exists()


async def test_has_tax_turns_true_once_configured(client, merchant):
    async def has_tax():
        response = await client.get("/v1/merchants/checkonboarding", headers=merchant.headers)
        return (await response.get_json())["hasTax"]

    assert await has_tax() is False
    await call(client, merchant, "config/update", {"autoTaxCalculation": False})
    assert await has_tax() is False
    await call(client, merchant, "nexus/WA/update", {"isActive": True})
    assert await has_tax() is True


@pytest.mark.parametrize("path", ["config", "nexus", "rate-definitions", "registrations"])
async def test_tax_needs_a_secret_key(client, merchant, path):
    assert (await client.get(f"/v1/tax/{path}")).status_code == 401
    response = await client.get(f"/v1/tax/{path}", headers=merchant.public_headers)
    assert response.status_code in (401, 403)


@pytest.mark.parametrize(
    ("path", "service", "body"),
    [
        ("config", "get_config", None),
        ("config/update", "update_config", {"autoTaxCalculation": True}),
        ("nexus", "list_nexus", None),
        ("rate-definitions/create", "create_rate_definition", {"name": "x", "taxRate": "0.1"}),
        ("registrations", "list_registrations", None),
    ],
)
async def test_unexpected_failures_answer_the_specs_500(
    client, merchant, monkeypatch, path, service, body
):
    from billing.tax import tax_settings

    async def broken(*args, **kwargs):
        raise RuntimeError("database went away")

    monkeypatch.setattr(tax_settings, service, broken)
    assert await call(client, merchant, path, body) == (500, {"error": "Internal server error"})


async def test_a_body_not_declared_json_is_refused_in_the_tax_error_form(client, merchant):
    response = await client.post(
        "/v1/tax/config/update",
        data='{"autoTaxCalculation": true}',
        headers={**merchant.headers, "Content-Type": "text/plain"},
    )
    assert response.status_code == 400
    assert await response.get_json() == {
        "error": [
            {
                "code": "invalid_type",
                "message": "Send a JSON body with 'Content-Type: application/json'",
                "path": [],
            }
        ]
    }
    config = await (await client.get("/v1/tax/config", headers=merchant.headers)).get_json()
    assert config["autoTaxCalculation"] is False  # nothing changed
