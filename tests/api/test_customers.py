"""/v1/customers: create, read, partial update and soft delete, with their error rows."""

import asyncio
import re

import pytest

from billing.customers.models import Customer
from tests.conftest import unique_email
from tests.support.api.customers import NOT_FOUND, create, make_customer

ISO = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"
DUPLICATE = {"error": "A customer with this email already exists"}
DUPLICATE_ON_UPDATE = {
    "error": "Another customer with this email already exists. "
    "Use dangerouslyAllowSameEmailForDifferentCustomers to allow."
}
CUSTOMER_FIELDS = {
    "id",
    "email",
    "name",
    "externalCustomerId",
    "billingAddressLine1",
    "billingAddressLine2",
    "billingCity",
    "billingPostalCode",
    "billingCountry",
    "taxId",
    "merchantId",
    "createdAt",
    "updatedAt",
    "deletedAt",
}
FULL = {
    "name": "Ada Lovelace",
    "externalCustomerId": "user-42",
    "billingAddressLine1": "1 Analytical Way",
    "billingAddressLine2": "Floor 2",
    "billingCity": "London",
    "billingPostalCode": "N1 9GU",
    "billingCountry": "gb",
    "taxId": "GB123456789",
}


async def update(client, merchant, customer_id, **body):
    return await client.post(f"/v1/customers/{customer_id}", json=body, headers=merchant.headers)


async def test_create_answers_201_with_every_field(client, merchant):
    response = await create(client, merchant, email="  Ada@Example.COM ", **FULL)
    assert response.status_code == 201
    customer = (await response.get_json())["customer"]
    assert set(customer) == CUSTOMER_FIELDS
    assert re.fullmatch(r"cust_[0-9A-Za-z]{22}", customer["id"])
    assert customer["email"] == "Ada@Example.COM"  # kept as given, only trimmed
    assert customer["billingCountry"] == "GB"
    assert customer["merchantId"] == merchant.id
    assert customer["deletedAt"] is None
    assert re.fullmatch(ISO, customer["createdAt"]) and re.fullmatch(ISO, customer["updatedAt"])
    assert {key: customer[key] for key in FULL if key != "billingCountry"} == {
        key: value for key, value in FULL.items() if key != "billingCountry"
    }
    stored = await Customer.get(id=customer["id"])
    assert (stored.email_normalized, stored.name_normalized) == ("ada@example.com", "ada lovelace")


async def test_create_with_email_only_leaves_the_rest_empty(client, merchant):
    customer = await make_customer(client, merchant, email="solo@example.com")
    assert customer["name"] == ""
    assert all(customer[key] is None for key in FULL if key != "name")


@pytest.mark.parametrize("body", [{}, {"email": None}, {"email": ""}, {"email": "   "}])
async def test_create_without_email_is_400(client, merchant, body):
    response = await client.post("/v1/customers", json=body, headers=merchant.headers)
    assert response.status_code == 400
    assert await response.get_json() == {"error": "Email is required"}
    assert await Customer.filter(merchant_id=merchant.id).count() == 0


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"email": "not-an-email"}, "valid email address"),
        ({"email": "a@b"}, "valid email address"),
        ({"email": "two words@example.com"}, "valid email address"),
        ({"email": "x" * 320 + "@example.com"}, "at most 320 characters"),
        ({"email": "a\u0000@example.com"}, "control characters"),
        ({"email": 42}, "email"),
        ({"email": "ok@example.com", "name": "x" * 201}, "name must be at most 200"),
        ({"email": "ok@example.com", "name": "line\nbreak"}, "name must not contain control"),
        ({"email": "ok@example.com", "billingCountry": "USA"}, "two-letter ISO 3166"),
        ({"email": "ok@example.com", "billingCountry": "1A"}, "two-letter ISO 3166"),
        ({"email": "ok@example.com", "billingPostalCode": "9" * 41}, "billingPostalCode must"),
        ({"email": "ok@example.com", "taxId": "\ud800"}, "taxId must not contain control"),
    ],
)
async def test_create_refuses_bad_fields_with_a_clear_400(client, merchant, body, message):
    response = await client.post("/v1/customers", json=body, headers=merchant.headers)
    assert response.status_code == 400
    assert message in (await response.get_json())["error"]
    assert await Customer.filter(merchant_id=merchant.id).count() == 0


async def test_email_is_unique_per_merchant_regardless_of_case(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    await make_customer(client, alice, email="Dup@Example.com")
    response = await create(client, alice, email=" dup@EXAMPLE.com")
    assert response.status_code == 409
    assert await response.get_json() == DUPLICATE
    await make_customer(client, bob, email="dup@example.com")  # another merchant: fine


async def test_concurrent_creations_with_one_email_make_one_customer(client, merchant):
    email = unique_email("race")
    responses = await asyncio.gather(*(create(client, merchant, email=email) for _ in range(6)))
    assert sorted(response.status_code for response in responses) == [201] + [409] * 5
    assert await Customer.filter(merchant_id=merchant.id, email=email).count() == 1


async def test_read_answers_the_customer(client, merchant):
    made = await make_customer(client, merchant, **FULL)
    response = await client.get(f"/v1/customers/{made['id']}", headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == {"customer": made}


@pytest.mark.parametrize("customer_id", ["nope", "cust_" + "A" * 22, "cus_" + "A" * 22])
async def test_read_of_unknown_ids_is_404(client, merchant, customer_id):
    response = await client.get(f"/v1/customers/{customer_id}", headers=merchant.headers)
    assert response.status_code == 404
    assert await response.get_json() == NOT_FOUND


async def test_update_changes_only_the_fields_sent(client, merchant):
    made = await make_customer(client, merchant, **FULL)
    await asyncio.sleep(0.01)
    response = await update(client, merchant, made["id"], billingCity=" Paris ", taxId=None)
    assert response.status_code == 200
    customer = (await response.get_json())["customer"]
    assert customer["billingCity"] == "Paris"
    assert customer["taxId"] is None
    assert customer["updatedAt"] > made["updatedAt"]
    unchanged = CUSTOMER_FIELDS - {"billingCity", "taxId", "updatedAt"}
    assert {key: customer[key] for key in unchanged} == {key: made[key] for key in unchanged}
    stored = await Customer.get(id=made["id"])
    assert (stored.billing_city, stored.tax_id, stored.name) == ("Paris", None, "Ada Lovelace")


async def test_update_of_name_and_email_refreshes_the_normalized_columns(client, merchant):
    made = await make_customer(client, merchant)
    response = await update(client, merchant, made["id"], email="New@Example.com", name="Bé")
    assert response.status_code == 200
    stored = await Customer.get(id=made["id"])
    assert (stored.email, stored.email_normalized) == ("New@Example.com", "new@example.com")
    assert (stored.name, stored.name_normalized) == ("Bé", "bé")


async def test_update_with_an_empty_body_only_bumps_updated_at(client, merchant):
    made = await make_customer(client, merchant, **FULL)
    await asyncio.sleep(0.01)
    customer = (await (await update(client, merchant, made["id"])).get_json())["customer"]
    assert customer["updatedAt"] > made["updatedAt"]
    assert {**customer, "updatedAt": made["updatedAt"]} == made


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"email": None}, "Email is required"),
        ({"email": ""}, "Email is required"),
        ({"email": "nope"}, "valid email address"),
        ({"billingCountry": "Germany"}, "two-letter ISO 3166"),
        ({"name": "x" * 201}, "at most 200"),
    ],
)
async def test_update_refuses_bad_fields_and_changes_nothing(client, merchant, body, message):
    made = await make_customer(client, merchant, **FULL)
    response = await update(client, merchant, made["id"], **body)
    assert response.status_code == 400
    assert message in (await response.get_json())["error"]
    assert (await Customer.get(id=made["id"])).updated_at.isoformat()[:19] == made["updatedAt"][:19]
    read = await client.get(f"/v1/customers/{made['id']}", headers=merchant.headers)
    assert (await read.get_json())["customer"] == made


async def test_update_to_another_customers_email_needs_the_dangerous_flag(client, merchant):
    first = await make_customer(client, merchant, email="taken@example.com")
    second = await make_customer(client, merchant)
    response = await update(client, merchant, second["id"], email="TAKEN@example.com")
    assert response.status_code == 409
    assert await response.get_json() == DUPLICATE_ON_UPDATE
    flagged = await update(
        client,
        merchant,
        second["id"],
        email="TAKEN@example.com",
        dangerouslyAllowSameEmailForDifferentCustomers=True,
    )
    assert flagged.status_code == 200
    assert (await flagged.get_json())["customer"]["email"] == "TAKEN@example.com"
    assert (await Customer.get(id=first["id"])).email == "taken@example.com"
    # The flag is per call: a later update without it is refused again.
    third = await make_customer(client, merchant)
    refused = await update(client, merchant, third["id"], email="taken@example.com")
    assert refused.status_code == 409


async def test_update_may_keep_or_recase_its_own_email(client, merchant):
    made = await make_customer(client, merchant, email="me@example.com")
    response = await update(client, merchant, made["id"], email="ME@example.com")
    assert response.status_code == 200
    assert (await response.get_json())["customer"]["email"] == "ME@example.com"


async def test_update_of_unknown_customer_is_404(client, merchant):
    response = await update(client, merchant, "cust_" + "B" * 22, name="Ghost")
    assert response.status_code == 404
    assert await response.get_json() == NOT_FOUND


async def test_delete_is_soft_final_and_frees_the_email(client, merchant):
    made = await make_customer(client, merchant, email="gone@example.com")
    response = await client.delete(f"/v1/customers/{made['id']}", headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == {"success": True}
    stored = await Customer.get(id=made["id"])
    assert stored.deleted_at is not None  # the row stays, soft-deleted
    for method, body in (("GET", None), ("DELETE", None), ("POST", {"name": "Back"})):
        again = await client.open(
            f"/v1/customers/{made['id']}", method=method, json=body, headers=merchant.headers
        )
        assert again.status_code == 404
        assert await again.get_json() == NOT_FOUND
    reused = await make_customer(client, merchant, email="GONE@example.com")
    assert reused["id"] != made["id"]
    listed = await client.get("/v1/customers", headers=merchant.headers)
    assert [row["id"] for row in (await listed.get_json())["customers"]] == [reused["id"]]


async def test_tenant_isolation_on_read_update_and_delete(client, make_merchant):
    alice, bob = await make_merchant(), await make_merchant()
    made = await make_customer(client, alice, **FULL)
    path = f"/v1/customers/{made['id']}"
    for method, body in (("GET", None), ("POST", {"name": "Mallory"}), ("DELETE", None)):
        response = await client.open(path, method=method, json=body, headers=bob.headers)
        assert response.status_code == 404
        assert await response.get_json() == NOT_FOUND
    organization = await client.get(f"{path}/organization-customers", headers=bob.headers)
    assert organization.status_code == 404
    read = await client.get(path, headers=alice.headers)
    assert (await read.get_json())["customer"] == made


async def test_requires_a_secret_key(client, merchant):
    for method, path in (("GET", "/v1/customers"), ("POST", "/v1/customers")):
        response = await client.open(path, method=method, json={"email": "a@example.com"})
        assert response.status_code == 401
        public = await client.open(
            path, method=method, json={"email": "a@example.com"}, headers=merchant.public_headers
        )
        assert public.status_code == 401
