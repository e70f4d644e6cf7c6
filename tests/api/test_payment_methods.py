"""/v1/payment-methods: the spec's create with its Invalid input and 404 rows, and the list
and get routes beyond the spec, scoped to one merchant and one mode."""

import re

import pytest

from billing.payments.models import PaymentMethod
from tests.conftest import in_test_mode, unique_email

ISO = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"
CUSTOMER_NOT_FOUND = {"error": "Customer not found or access denied"}
METHOD_NOT_FOUND = {"error": "Payment method not found"}
REQUIRED = ("customerId", "provider", "paymentType", "status")
FULL = {
    "verificationStatus": "verified",
    "cardLastFour": "0042",
    "cardBrand": "visa",
    "cardExpiryMonth": 12,
    "cardExpiryYear": 2031,
    "cardIssuerCountry": "us",
    "cardNetwork": "visa",
    "bankLastFour": "6789",
    "bankName": "First Bank",
    "bankAccountType": "checking",
    "bankRoutingNumber": "110000000",
    "bankAccountHolderName": "Ada Lovelace",
    "bankAccountHolderType": "individual",
    "bankCurrency": "usd",
    "bankCountry": "us",
    "paypalEmail": "ada@example.com",
    "paypalPayerId": "PAYER42",
    "paypalMerchantId": "MERCHANT42",
    "externalPspPaymentMethodId": "pm_1Abc",
    "externalPspCustomerId": "cus_1Abc",
    "externalPspAccountId": "acct_1Abc",
    "externalPspMetadata": {"fingerprint": "abc", "nested": {"list": [1, "two", None]}},
}
SPEC_FIELDS = {
    "id",
    "merchantId",
    "customerId",
    "provider",
    "paymentType",
    "status",
    *FULL,
    "createdAt",
    "deletedAt",
}


async def make_customer(client, merchant) -> str:
    body = {"email": unique_email("payer")}
    response = await client.post("/v1/customers", json=body, headers=merchant.headers)
    assert response.status_code == 201
    return (await response.get_json())["customer"]["id"]


def minimal(customer_id: str, **extra) -> dict:
    return {
        "customerId": customer_id,
        "provider": "provider_a",
        "paymentType": "card",
        "status": "active",
        **extra,
    }


async def create(client, merchant, body):
    return await client.post("/v1/payment-methods", json=body, headers=merchant.headers)


async def stored_count(merchant) -> int:
    return await PaymentMethod.filter(merchant_id=merchant.id).count()


async def test_full_record_round_trip(client, merchant):
    customer_id = await make_customer(client, merchant)
    response = await create(client, merchant, minimal(customer_id, **FULL))
    assert response.status_code == 201
    method = await response.get_json()
    assert set(method) == SPEC_FIELDS
    assert re.fullmatch(r"pm_[0-9A-Za-z]{22}", method["id"])
    assert method["merchantId"] == merchant.id and method["customerId"] == customer_id
    assert (method["provider"], method["paymentType"], method["status"]) == (
        "provider_a",
        "card",
        "active",
    )
    upper = {"cardIssuerCountry": "US", "bankCountry": "US", "bankCurrency": "USD"}
    assert {key: method[key] for key in FULL} == {**FULL, **upper}
    assert re.fullmatch(ISO, method["createdAt"]) and method["deletedAt"] is None
    read = await client.get(f"/v1/payment-methods/{method['id']}", headers=merchant.headers)
    assert read.status_code == 200 and await read.get_json() == method
    listed = await client.get(
        f"/v1/payment-methods?customerId={customer_id}", headers=merchant.headers
    )
    assert await listed.get_json() == {"paymentMethods": [method]}


async def test_minimal_create_leaves_every_optional_field_null(client, merchant):
    customer_id = await make_customer(client, merchant)
    body = minimal(customer_id, provider="provider_b", paymentType="paypal", status="pending")
    method = await (await create(client, merchant, {**body, "cardBrand": None})).get_json()
    assert all(method[key] is None for key in FULL)
    assert method["provider"] == "provider_b"


@pytest.mark.parametrize("field", REQUIRED)
@pytest.mark.parametrize("how", ["absent", "null", "blank"])
async def test_each_required_field_missing_is_invalid_input(client, merchant, field, how):
    customer_id = await make_customer(client, merchant)
    body = minimal(customer_id)
    if how == "absent":
        del body[field]
    else:
        body[field] = None if how == "null" else "  "
    response = await create(client, merchant, body)
    assert response.status_code == 400
    answer = await response.get_json()
    assert answer["error"] == "Invalid input" and field in answer["details"]
    assert await stored_count(merchant) == 0


@pytest.mark.parametrize(
    "customer_id",
    [
        "cus_" + "A" * 22,  # the spec's shape, not a Tally id
        "cust_" + "A" * 21,
        "cust_" + "A" * 23,
        "cust_" + "A" * 21 + "-",
        "garbage",
        "",
        12345,
        ["cust_" + "A" * 22],
        {"id": "x"},
        True,
    ],
)
async def test_malformed_customer_ids_are_invalid_input(client, merchant, customer_id):
    response = await create(client, merchant, minimal(customer_id))
    assert response.status_code == 400
    assert (await response.get_json())["error"] == "Invalid input"
    assert await stored_count(merchant) == 0


async def test_unknown_and_foreign_customers_answer_the_same_404(client, merchant, make_merchant):
    other = await make_merchant("Other")
    foreign = await make_customer(client, other)
    own_deleted = await make_customer(client, merchant)
    await client.delete(f"/v1/customers/{own_deleted}", headers=merchant.headers)
    answers = []
    for customer_id in ("cust_" + "0" * 22, foreign, own_deleted):
        response = await create(client, merchant, minimal(customer_id))
        answers.append((response.status_code, await response.get_json()))
    assert answers == [(404, CUSTOMER_NOT_FOUND)] * 3
    assert await stored_count(merchant) == 0 and await stored_count(other) == 0


BAD_VALUES = [
    ("provider", "provider_c"),
    ("provider", "stripe"),
    ("provider", 1),
    ("paymentType", "Card"),
    ("paymentType", "bank account"),
    ("paymentType", "x" * 31),
    ("paymentType", 7),
    ("status", "ACTIVE"),
    ("status", "x" * 21),
    ("status", ["active"]),
    ("verificationStatus", "x" * 31),
    ("verificationStatus", 1),
    ("cardLastFour", "123"),
    ("cardLastFour", "12345"),
    ("cardLastFour", "12a4"),
    ("cardLastFour", 1234),
    ("cardLastFour", "١٢٣٤"),  # Arabic-Indic digits are not ASCII digits
    ("cardBrand", "x" * 31),
    ("cardBrand", "vi\x00sa"),
    ("cardExpiryMonth", 0),
    ("cardExpiryMonth", 13),
    ("cardExpiryMonth", "12"),
    ("cardExpiryMonth", 1.5),
    ("cardExpiryMonth", True),
    ("cardExpiryYear", 999),
    ("cardExpiryYear", 10000),
    ("cardExpiryYear", "2030"),
    ("cardIssuerCountry", "USA"),
    ("cardIssuerCountry", "U1"),
    ("cardIssuerCountry", 1),
    ("cardNetwork", {"a": 1}),
    ("bankLastFour", "12 4"),
    ("bankName", "x" * 201),
    ("bankAccountType", "x" * 31),
    ("bankRoutingNumber", "1" * 41),
    ("bankAccountHolderName", "Ada\nLovelace"),
    ("bankAccountHolderType", 3),
    ("bankCurrency", "XYZ"),
    ("bankCurrency", "dollars"),
    ("bankCurrency", 840),
    ("bankCountry", "G"),
    ("paypalEmail", "not-an-email"),
    ("paypalEmail", "a@" + "b" * 320 + ".com"),
    ("paypalPayerId", "x" * 101),
    ("paypalMerchantId", "x" * 101),
    ("externalPspPaymentMethodId", "x" * 201),
    ("externalPspCustomerId", "x" * 201),
    ("externalPspAccountId", False),
    ("externalPspMetadata", "text"),
    ("externalPspMetadata", [1, 2]),
    ("externalPspMetadata", 5),
    ("externalPspMetadata", {"key": "nul\x00"}),
    ("externalPspMetadata", {"nul\x00key": 1}),
]


@pytest.mark.parametrize(("field", "value"), BAD_VALUES)
async def test_bad_field_values_are_invalid_input(client, merchant, field, value):
    customer_id = await make_customer(client, merchant)
    response = await create(client, merchant, minimal(customer_id, **{field: value}))
    assert response.status_code == 400, value
    answer = await response.get_json()
    assert answer["error"] == "Invalid input" and field in answer["details"]
    assert await stored_count(merchant) == 0


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("paymentType", "bank_account"),
        ("paymentType", "sepa_debit"),
        ("status", "requires_action"),
        ("status", "expired"),
        ("cardExpiryMonth", 1),
        ("cardExpiryYear", 9999),
        ("cardLastFour", "  0000 "),
        ("bankCurrency", " jpy "),
        ("externalPspMetadata", {}),
    ],
)
async def test_edge_values_that_are_accepted(client, merchant, field, value):
    customer_id = await make_customer(client, merchant)
    response = await create(client, merchant, minimal(customer_id, **{field: value}))
    assert response.status_code == 201, await response.get_json()


async def test_bodies_that_are_not_objects_are_invalid_input(client, merchant):
    for body in ([], "text", 3, None):
        response = await create(client, merchant, body)
        assert response.status_code == 400
        assert (await response.get_json())["error"] == "Invalid input"
    raw = await client.post(
        "/v1/payment-methods",
        data="{not json",
        headers={**merchant.headers, "Content-Type": "application/json"},
    )
    assert raw.status_code == 400 and (await raw.get_json())["error"] == "Invalid input"
    plain = await client.post(
        "/v1/payment-methods",
        data="customerId=x",
        headers={**merchant.headers, "Content-Type": "text/plain"},
    )
    assert plain.status_code == 400 and (await plain.get_json())["error"] == "Invalid input"


async def test_list_is_newest_first_and_scoped(client, merchant, make_merchant):
    customer_id = await make_customer(client, merchant)
    other_customer = await make_customer(client, merchant)
    first = await (await create(client, merchant, minimal(customer_id))).get_json()
    second = await (await create(client, merchant, minimal(customer_id))).get_json()
    await create(client, merchant, minimal(other_customer))
    path = f"/v1/payment-methods?customerId={customer_id}"
    listed = await (await client.get(path, headers=merchant.headers)).get_json()
    assert [row["id"] for row in listed["paymentMethods"]] == [second["id"], first["id"]]

    other = await make_merchant("Other")
    tester = await in_test_mode(merchant)
    for caller in (other, tester):
        response = await client.get(path, headers=caller.headers)
        assert (response.status_code, await response.get_json()) == (404, CUSTOMER_NOT_FOUND)
        response = await client.get(f"/v1/payment-methods/{first['id']}", headers=caller.headers)
        assert (response.status_code, await response.get_json()) == (404, METHOD_NOT_FOUND)


async def test_test_mode_customers_are_not_live_ones(client, merchant):
    tester = await in_test_mode(merchant)
    test_customer = await make_customer(client, tester)
    response = await create(client, merchant, minimal(test_customer))
    assert (response.status_code, await response.get_json()) == (404, CUSTOMER_NOT_FOUND)
    made = await create(client, tester, minimal(test_customer))
    assert made.status_code == 201
    assert (await made.get_json())["merchantId"] == tester.id != merchant.id


async def test_list_needs_a_customer(client, merchant):
    response = await client.get("/v1/payment-methods", headers=merchant.headers)
    assert response.status_code == 400
    for query in ("?customerId=garbage", "?customerId=cust_" + "0" * 22):
        response = await client.get(f"/v1/payment-methods{query}", headers=merchant.headers)
        assert (response.status_code, await response.get_json()) == (404, CUSTOMER_NOT_FOUND)


async def test_get_unknown_or_malformed_ids_answer_404(client, merchant):
    for method_id in ("pm_" + "0" * 22, "garbage", "pm_" + "0" * 500):
        response = await client.get(f"/v1/payment-methods/{method_id}", headers=merchant.headers)
        assert (response.status_code, await response.get_json()) == (404, METHOD_NOT_FOUND)


async def test_routes_need_a_secret_key(client, merchant):
    assert (await client.get("/v1/payment-methods/pm_x")).status_code == 401
    assert (await client.post("/v1/payment-methods", json={})).status_code == 401
