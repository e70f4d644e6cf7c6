"""Payment methods: the records of how a customer pays, stored for the merchant.

``create_payment_method`` is the spec's ``POST /v1/payment-methods``; the reads and the soft
delete serve the routes beyond the spec, charging (``active_method_for``) and, later, the
portal. Field checks live in ``payment_method_fields``.

The spec asks the customer id to match ``^cus_[A-Za-z0-9]{22}$``: the pattern is there to
refuse malformed ids before any lookup. Tally's customer ids are ``cust_`` plus 22 base62, so
the rule applied is the same guard for Tally's own shape: a well-formed ``cust_`` id is
looked up, anything else (a ``cus_`` id from another system, garbage, a number) is 400
``Invalid input``. A well-formed id that is unknown, deleted or another merchant's is the
customers' 404, identical in all three cases.
"""

from datetime import UTC, datetime
from typing import Any

from tortoise.transactions import in_transaction

from billing.core.ids import is_well_formed
from billing.core.lookup import find_scoped
from billing.customers.customers import CUSTOMER_NOT_FOUND
from billing.customers.models import Customer
from billing.payments.methods.payment_method_fields import FIELDS, clean_fields, refuse
from billing.payments.models import PaymentMethod, PaymentMethodStatus

PAYMENT_METHOD_NOT_FOUND = "Payment method not found"
ACTIVE = PaymentMethodStatus.ACTIVE  # the status a method is charged in


async def create_payment_method(merchant_id: str, body: Any) -> PaymentMethod:
    """Store a payment method for one of the merchant's customers; 400 ``Invalid input``
    (with ``details``) on a bad body, the customers' 404 for a customer not theirs."""
    values = clean_fields(body)
    customer_id = body.get("customerId")
    if not isinstance(customer_id, str) or not is_well_formed(customer_id, "cust"):
        raise refuse("customerId must be a customer id like cust_ followed by 22 letters or digits")
    async with in_transaction():
        # Locked so a customer deleted at the same moment cannot gain a method afterwards.
        customer = await find_scoped(
            Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND, lock=True
        )
        return await PaymentMethod.create(merchant_id=merchant_id, customer=customer, **values)


async def list_payment_methods(merchant_id: str, customer_id: str) -> list[PaymentMethod]:
    """The customer's live payment methods, newest first; the customers' 404 when the
    customer is not the merchant's (so the list never reveals another tenant's customer)."""
    customer = await find_scoped(Customer, merchant_id, customer_id, CUSTOMER_NOT_FOUND)
    query = PaymentMethod.scoped(merchant_id).filter(customer_id=customer.id)
    return await query.order_by("-created_at", "-id")


async def get_payment_method(merchant_id: str, payment_method_id: str) -> PaymentMethod:
    """The merchant's live payment method ``pm_...``; anything else is the spec's 404."""
    return await find_scoped(
        PaymentMethod, merchant_id, payment_method_id, PAYMENT_METHOD_NOT_FOUND
    )


async def active_method_for(merchant_id: str, customer_id: str) -> PaymentMethod | None:
    """The method to charge: the customer's newest live one whose status is ``active``, or
    None. No customer check: a charge starts from the merchant's own invoice."""
    query = PaymentMethod.scoped(merchant_id).filter(customer_id=customer_id, status=ACTIVE)
    return await query.order_by("-created_at", "-id").first()


async def delete_payment_method(merchant_id: str, payment_method_id: str) -> None:
    """Soft-delete: the id answers 404 afterwards and charging no longer picks it; the row
    stays for the payments that used it."""
    async with in_transaction():
        method = await find_scoped(
            PaymentMethod, merchant_id, payment_method_id, PAYMENT_METHOD_NOT_FOUND, lock=True
        )
        await method.soft_delete()


def _iso(moment: datetime | None) -> str | None:
    """As every /v1 answer writes instants: UTC with a ``Z``."""
    if moment is None:
        return None
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def payment_method_json(method: PaymentMethod) -> dict[str, Any]:
    """The spec's Payment method, field for field (camelCase, dates ISO 8601 UTC)."""
    body: dict[str, Any] = {
        "id": method.id,
        "merchantId": method.merchant_id,
        "customerId": method.customer_id,
    }
    for name, (column, _kind) in FIELDS.items():
        body[name] = getattr(method, column)
    body["createdAt"] = _iso(method.created_at)
    body["deletedAt"] = _iso(method.deleted_at)
    return body
