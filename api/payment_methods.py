"""/v1/payment-methods: store a payment method record; read a customer's methods.

``POST /v1/payment-methods`` is the spec's row. It answers 201 with the bare record, as the
other creates answer 201 (the spec leaves success codes unshown). Refused bodies answer 400
``{"error": "Invalid input", "details": ...}``; a customer that is unknown, deleted or another
merchant's answers the customers' 404 ``Customer not found or access denied``; an unexpected
failure 500 ``Failed to create payment method``.

Beyond the spec (the read side the dashboard, charging and support need):
- ``GET /v1/payment-methods?customerId=cust_...``: ``{paymentMethods: [...]}``, the customer's
  live methods, newest first; ``customerId`` is required (400), an unknown customer is 404.
- ``GET /v1/payment-methods/{id}``: one live method, or 404 ``Payment method not found``.
"""

from quart import Blueprint, request
from quart_schema import document_request, document_response, validate_querystring

from api.common import ErrorBody, decode_json, fails_as, require_json_body
from api.payment_method_models import (
    CreatePaymentMethod,
    InvalidPaymentMethod,
    PaymentMethodListEnvelope,
    PaymentMethodOut,
    PaymentMethodQuery,
)
from billing.core.errors import Invalid
from billing.payments.methods import payment_methods
from billing.payments.methods.payment_method_fields import INVALID_INPUT
from billing.payments.methods.payment_methods import payment_method_json
from webapp.auth import merchant_id

bp = Blueprint("payment_methods", __name__, url_prefix="/payment-methods")


async def _body():
    """The JSON body as sent; one that is not JSON is ``Invalid input`` like any bad body."""
    raw = await request.get_data()
    try:
        require_json_body(request.content_type, raw)
        return decode_json(raw) if raw.strip() else None
    except Invalid as refused:
        raise Invalid(INVALID_INPUT, details=refused.message) from None


@bp.post("")
@document_request(CreatePaymentMethod)
@document_response(PaymentMethodOut, 201)
@document_response(InvalidPaymentMethod, 400)
@document_response(ErrorBody, 404)
@fails_as("Failed to create payment method")
async def create_payment_method():
    """Store a payment method for one of the merchant's customers (see the module notes for
    the accepted values); answers the record."""
    method = await payment_methods.create_payment_method(merchant_id(), await _body())
    return payment_method_json(method), 201


@bp.get("")
@validate_querystring(PaymentMethodQuery)
@document_response(PaymentMethodListEnvelope)
@document_response(ErrorBody, 400)
@document_response(ErrorBody, 404)
async def list_payment_methods(query_args: PaymentMethodQuery):
    """Beyond the spec: the live payment methods of ``?customerId=``, newest first."""
    if not query_args.customerId:
        raise Invalid("Query parameter 'customerId' is required")
    rows = await payment_methods.list_payment_methods(merchant_id(), query_args.customerId)
    return {"paymentMethods": [payment_method_json(row) for row in rows]}


@bp.get("/<payment_method_id>")
@document_response(PaymentMethodOut)
@document_response(ErrorBody, 404)
async def get_payment_method(payment_method_id: str):
    """Beyond the spec: one live payment method."""
    method = await payment_methods.get_payment_method(merchant_id(), payment_method_id)
    return payment_method_json(method)
