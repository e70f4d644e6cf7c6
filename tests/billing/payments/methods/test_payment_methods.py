"""billing.payments.methods.payment_methods as charging and the portal call it: the active method,
soft delete, tenant scoping, and the JSON shape's field names."""

import asyncio

import pytest

from billing.core.errors import Invalid, NotFound
from billing.customers import customers
from billing.payments.methods import payment_methods
from billing.payments.methods.payment_method_fields import FIELDS
from billing.payments.models import PaymentMethod
from tests.conftest import in_test_mode, unique_email


async def customer_of(merchant_id: str) -> str:
    return (await customers.create_customer(merchant_id, email=unique_email("payer"))).id


def body(customer_id: str, **extra) -> dict:
    base = {"customerId": customer_id, "provider": "provider_a", "paymentType": "card"}
    return {**base, "status": "active", **extra}


async def test_active_method_is_the_newest_live_active_one(merchant):
    customer_id = await customer_of(merchant.id)
    assert await payment_methods.active_method_for(merchant.id, customer_id) is None
    older = await payment_methods.create_payment_method(merchant.id, body(customer_id))
    newer = await payment_methods.create_payment_method(merchant.id, body(customer_id))
    await payment_methods.create_payment_method(merchant.id, body(customer_id, status="failed"))
    active = await payment_methods.active_method_for(merchant.id, customer_id)
    assert active.id == newer.id
    await payment_methods.delete_payment_method(merchant.id, newer.id)
    assert (await payment_methods.active_method_for(merchant.id, customer_id)).id == older.id


async def test_active_method_is_scoped_to_the_merchant_row(merchant, make_merchant):
    customer_id = await customer_of(merchant.id)
    await payment_methods.create_payment_method(merchant.id, body(customer_id))
    other = await make_merchant("Other")
    tester = await in_test_mode(merchant)
    for caller in (other, tester):
        assert await payment_methods.active_method_for(caller.id, customer_id) is None


async def test_soft_delete_hides_the_method_everywhere(merchant):
    customer_id = await customer_of(merchant.id)
    method = await payment_methods.create_payment_method(merchant.id, body(customer_id))
    await payment_methods.delete_payment_method(merchant.id, method.id)
    with pytest.raises(NotFound, match="Payment method not found"):
        await payment_methods.get_payment_method(merchant.id, method.id)
    with pytest.raises(NotFound):
        await payment_methods.delete_payment_method(merchant.id, method.id)
    assert await payment_methods.list_payment_methods(merchant.id, customer_id) == []
    shape = payment_methods.payment_method_json(await PaymentMethod.get(id=method.id))
    assert shape["deletedAt"] is not None and shape["deletedAt"].endswith("Z")


async def test_delete_of_another_merchants_method_is_not_found(merchant, make_merchant):
    customer_id = await customer_of(merchant.id)
    method = await payment_methods.create_payment_method(merchant.id, body(customer_id))
    other = await make_merchant("Other")
    with pytest.raises(NotFound, match="Payment method not found"):
        await payment_methods.delete_payment_method(other.id, method.id)
    assert (await payment_methods.get_payment_method(merchant.id, method.id)).id == method.id


async def test_json_has_exactly_the_spec_field_names(merchant):
    customer_id = await customer_of(merchant.id)
    method = await payment_methods.create_payment_method(merchant.id, body(customer_id))
    shape = payment_methods.payment_method_json(method)
    assert list(shape) == [
        "id",
        "merchantId",
        "customerId",
        *FIELDS,
        "createdAt",
        "deletedAt",
    ]
    assert len(shape) == 30  # the spec lists 30 fields (portal views add linkedToSubscription)


async def test_invalid_input_carries_details(merchant):
    customer_id = await customer_of(merchant.id)
    with pytest.raises(Invalid) as refused:
        await payment_methods.create_payment_method(
            merchant.id, body(customer_id, cardExpiryMonth=13)
        )
    assert refused.value.body() == {
        "error": "Invalid input",
        "details": "cardExpiryMonth must be an integer from 1 to 12",
    }


async def test_a_customer_deleted_meanwhile_gains_no_method(merchant):
    """The create locks the customer: a delete racing it either happens first (404) or
    after (the method exists and the customer is gone); never a method made after the
    delete committed."""
    customer_id = await customer_of(merchant.id)
    results = await asyncio.gather(
        payment_methods.create_payment_method(merchant.id, body(customer_id)),
        customers.delete_customer(merchant.id, customer_id),
        return_exceptions=True,
    )
    assert results[1] is None
    assert not isinstance(results[0], Exception) or isinstance(results[0], NotFound)
