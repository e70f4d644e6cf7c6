"""POST /v1/tax/calculate-preview: the answer's shape and units, line items, validation in the
array form, missing and foreign customers, and that nothing is stored."""

from decimal import Decimal

import pytest

from billing.tax.models import TaxConfig, TaxNexus, TaxRateDefinition, TaxRegistration
from tests.support.factories.subscriptions import make_customer

LINE = {
    "type": "subscription",
    "description": "Growth plan",
    "billingPeriodStart": "2026-06-01T00:00:00Z",
    "billingPeriodEnd": "2026-07-01T00:00:00Z",
}


def items(**changes) -> list[dict]:
    return [{**LINE, "subtotalCents": 1, **changes}]


async def preview(client, merchant, body):
    response = await client.post("/v1/tax/calculate-preview", json=body, headers=merchant.headers)
    return response.status_code, await response.get_json()


async def counts(merchant_id: str) -> list[int]:
    models = (TaxConfig, TaxNexus, TaxRateDefinition, TaxRegistration)
    return [await model.filter(merchant_id=merchant_id).count() for model in models]


async def taxed_customer(merchant_id: str):
    await TaxConfig.create(merchant_id=merchant_id, auto_tax_calculation=True)
    await TaxNexus.create(merchant_id=merchant_id, state="WA", is_active=True)
    await TaxRateDefinition.create(
        merchant_id=merchant_id, name="WA", tax_rate=Decimal("0.065"), jurisdiction="US-WA"
    )
    customer = await make_customer(merchant_id)
    customer.billing_country, customer.billing_postal_code = "US", "98101"
    await customer.save()
    return customer


async def test_amount_preview_in_major_units_and_stores_nothing(client, merchant):
    customer = await taxed_customer(merchant.id)
    before = await counts(merchant.id)
    body = {"customerId": customer.id, "amount": 12345, "currency": "usd"}
    assert await preview(client, merchant, body) == (
        200,
        {
            "taxAmount": 8.02,
            "taxRate": 0.065,
            "jurisdiction": "US-WA",
            "breakdown": [{"type": "state", "rate": 0.065, "amount": 8.02}],
            "exemptAmount": 0.0,
            "taxableAmount": 123.45,
        },
    )
    assert await counts(merchant.id) == before


async def test_line_items_are_taxed_one_by_one(client, merchant):
    customer = await taxed_customer(merchant.id)
    lines = [{**LINE, "subtotalCents": 7}, {**LINE, "subtotalCents": 7}]
    body = {"customerId": customer.id, "amount": 14, "currency": "USD", "lineItems": lines}
    status, answer = await preview(client, merchant, body)
    assert status == 200
    assert answer["taxAmount"] == 0.0  # 0.455 cents per line rounds to 0, twice
    status, answer = await preview(client, merchant, {**body, "amount": 15})
    assert status == 400
    assert answer["error"][0]["path"] == ["amount"]


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"customerId": None}, ["customerId"]),
        ({"amount": None}, ["amount"]),
        ({"amount": -1}, ["amount"]),
        ({"amount": 1.5}, ["amount"]),
        ({"currency": "XYZ"}, ["currency"]),
        ({"currency": None}, ["currency"]),
        ({"lineItems": "x"}, ["lineItems"]),
        ({"lineItems": items(description="")}, ["lineItems", 0, "description"]),
        ({"lineItems": items(subtotalCents="1")}, ["lineItems", 0, "subtotalCents"]),
        ({"lineItems": items(billingPeriodEnd="x")}, ["lineItems", 0, "billingPeriodEnd"]),
    ],
)
async def test_validation_is_the_array_form(client, merchant, changes, path):
    body = {"customerId": "cust_x", "amount": 1, "currency": "USD", **changes}
    status, answer = await preview(client, merchant, body)
    assert status == 400
    assert answer["error"][0]["path"] == path


async def test_missing_and_foreign_customers_are_404(client, merchant, make_merchant):
    other = await make_merchant("Other Co")
    theirs = await make_customer(other.id)
    for customer_id in (theirs.id, "cust_" + "A" * 22, "nope"):
        body = {"customerId": customer_id, "amount": 100, "currency": "USD"}
        assert await preview(client, merchant, body) == (
            404,
            {"error": "Customer not found or access denied"},
        )


async def test_bad_explicit_state(client, merchant):
    customer = await make_customer(merchant.id)
    body = {"customerId": customer.id, "amount": 100, "currency": "USD", "state": "ZZ"}
    assert await preview(client, merchant, body) == (
        400,
        {"error": "Invalid US state or territory code"},
    )
