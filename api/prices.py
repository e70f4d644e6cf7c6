"""/v1/prices: list, read, create (``pricingData`` or flat fields), soft-delete and clone.

Another merchant's price or plan answers 404 exactly like a missing one; the spec's 403
"Unauthorized access to price" is never sent, because it would reveal that the id exists
(see ``billing/catalog/prices.py``).

``pricingData`` and ``unitAmountCents`` are taken as any JSON value and checked by the
service, so a wrong type there gets the spec's own 400 ("Invalid pricing data configuration"
with ``details``, or the flat form's amount message) rather than a generic field error; the
document states what the service accepts (``api.pricing_schema``).

A price of 0 is valid (``unitAmountCents: 0``, or amounts of 0 in ``pricingData``): free plans
are sold on it, and the spec's rule is "a non-negative integer". ``null`` for an optional field
means "not given", in the document as in the service.
"""

from functools import wraps
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, WithJsonSchema
from quart import Blueprint, current_app, request
from quart_schema import document_response, validate_querystring, validate_request
from quart_schema.validation import (
    QUART_SCHEMA_REQUEST_ATTRIBUTE,
    DataSource,
    RequestSchemaValidationError,
    model_load,
)

from api.common import Body, ErrorBody, Query, document_required, fails_as, iso, optional_body
from api.pricing_schema import PRICING_DATA
from api.schema_rules import currency as currency_code
from api.schema_rules import nullable, one_of, text
from billing.catalog import prices
from billing.catalog.models import Price
from billing.catalog.pricing import MAX_AMOUNT_CENTS
from webapp.auth import merchant_id

bp = Blueprint("prices", __name__, url_prefix="/prices")

PricingDataField = Annotated[Any, WithJsonSchema(nullable(PRICING_DATA))]
AMOUNT_SCHEMA = {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT_CENTS}
AmountField = Annotated[Any, WithJsonSchema(nullable(AMOUNT_SCHEMA))]
FLAT_FIELDS = ("unitAmountCents", "billingInterval", "pricingModel")


def _one_form(schema: dict, model: type) -> None:
    """Either ``pricingData`` or the flat fields (``unitAmountCents`` among them), not both;
    a field left out and a null one are the same."""
    null = {"type": "null"}
    schema["oneOf"] = [
        {
            "required": ["pricingData"],
            "properties": {"pricingData": PRICING_DATA, **dict.fromkeys(FLAT_FIELDS, null)},
        },
        {
            "required": ["unitAmountCents"],
            "properties": {"unitAmountCents": AMOUNT_SCHEMA, "pricingData": null},
        },
    ]
    document_required(schema, model)


class CreatePrice(Body):
    model_config = ConfigDict(json_schema_extra=_one_form)
    planId: Annotated[str, text()]
    currency: Annotated[str | None, currency_code(optional=True)] = None
    pricingData: PricingDataField = None
    isOverridePrice: bool | None = None
    unitAmountCents: AmountField = None
    billingInterval: Literal["month", "year"] | None = None
    # ``tiered`` is refused in this form (its tiers need ``pricingData``): not documented.
    pricingModel: Annotated[
        Literal["flat", "per_seat", "tiered", "usage"] | None,
        one_of("flat", "per_seat", "usage", optional=True),
    ] = None


class ClonePrice(Body):
    planId: Annotated[str | None, text(optional=True)] = None
    currency: Annotated[str | None, currency_code(optional=True)] = None
    pricingData: PricingDataField = None
    isOverridePrice: bool | None = None


class PriceQuery(Query):
    planId: Annotated[str | None, text()] = None


class PriceOut(BaseModel):
    id: str
    planId: str
    merchantId: str
    currency: str
    pricingData: dict
    isOverridePrice: bool
    clonedFromPriceId: str | None
    createdAt: str
    updatedAt: str
    deletedAt: str | None


class PriceEnvelope(BaseModel):
    """One price."""

    price: PriceOut


class PriceListEnvelope(BaseModel):
    """The merchant's prices, newest first."""

    prices: list[PriceOut]


class PriceDeletedOut(BaseModel):
    """The price is soft-deleted."""

    success: bool


class InvalidPricing(ErrorBody):
    """Invalid input; for pricing data, ``details`` names the offending part."""

    details: str | None = None


def price_json(price: Price) -> dict:
    return {
        "id": price.id,
        "planId": price.plan_id,
        "merchantId": price.merchant_id,
        "currency": price.currency,
        "pricingData": price.pricing_data,
        "isOverridePrice": price.is_override_price,
        "clonedFromPriceId": price.cloned_from_price_id,
        "createdAt": iso(price.created_at),
        "updatedAt": iso(price.updated_at),
        "deletedAt": iso(price.deleted_at),
    }


def validate_optional_request(model_class: type[Body]):
    """Like quart-schema's ``validate_request``, except that a request without a body counts
    as ``{}``: every clone field is optional, so a bare ``POST`` must work too."""

    def decorator(view):
        setattr(view, QUART_SCHEMA_REQUEST_ATTRIBUTE, (model_class, DataSource.JSON))

        @wraps(view)
        async def wrapper(*args, **kwargs):
            raw = await request.get_data()
            if raw.strip():
                data = await request.get_json()
                if data is None:
                    raise RequestSchemaValidationError(TypeError("not JSON"))
            else:
                data = {}
            model = model_load(
                data,
                model_class,
                RequestSchemaValidationError,
                decamelize=current_app.config["QUART_SCHEMA_CONVERT_CASING"],
                preference=current_app.config["QUART_SCHEMA_CONVERSION_PREFERENCE"],
            )
            return await view(*args, data=model, **kwargs)

        return wrapper

    return decorator


@bp.get("")
@validate_querystring(PriceQuery)
@document_response(PriceListEnvelope)
@document_response(ErrorBody, 404)
async def list_prices(query_args: PriceQuery):
    """List the merchant's prices, newest first; ``?planId=`` limits it to one plan version.

    An empty ``planId`` is a 400; a missing or foreign plan is a 404.
    """
    found = await prices.list_prices(merchant_id(), plan_id=query_args.planId)
    return {"prices": [price_json(price) for price in found]}


@bp.get("/<price_id>")
@document_response(PriceEnvelope)
async def get_price(price_id: str):
    """Read one price."""
    return {"price": price_json(await prices.get_price(merchant_id(), price_id))}


@bp.post("")
@validate_request(CreatePrice)
@document_response(PriceEnvelope, 201)
@document_response(InvalidPricing, 400)
@document_response(ErrorBody, 404)
@fails_as("Failed to create price")
async def create_price(data: CreatePrice):
    """Create a price on a plan version, from ``pricingData`` or from the flat fields.

    ``currency`` defaults to the merchant's default currency. Giving both ``pricingData`` and
    flat fields, or neither, is a 400.
    """
    price = await prices.create_price(
        merchant_id(),
        plan_id=data.planId,
        currency=data.currency,
        pricing_data=data.pricingData,
        is_override_price=bool(data.isOverridePrice),
        unit_amount_cents=data.unitAmountCents,
        billing_interval=data.billingInterval,
        pricing_model=data.pricingModel,
    )
    return {"price": price_json(price)}, 201


@bp.delete("/<price_id>")
@document_response(PriceDeletedOut)
async def delete_price(price_id: str):
    """Soft-delete a price; deleting it again answers 404."""
    await prices.delete_price(merchant_id(), price_id)
    return {"success": True}


@bp.post("/clone/<price_id>")
@optional_body
@validate_optional_request(ClonePrice)
@document_response(PriceEnvelope, 201)
@document_response(InvalidPricing, 400)
@fails_as("Failed to clone price")
async def clone_price(price_id: str, data: ClonePrice):
    """Copy a price; omitted fields (even the whole body) are taken from the source, which
    stays unchanged. The copy's ``clonedFromPriceId`` is the source's id."""
    price = await prices.clone_price(
        merchant_id(),
        price_id,
        plan_id=data.planId,
        currency=data.currency,
        pricing_data=data.pricingData,
        is_override_price=data.isOverridePrice,
    )
    return {"price": price_json(price)}, 201
